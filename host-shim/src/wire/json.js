// JSON carried in the contract's bytes fields (tasksurface.proto `*_json`): values go out as UTF-8
// JSON and come back parsed, an empty field reading as a fallback.

/**
 * JSON to bytes for the wire.
 * @param {unknown} value
 * @returns {Buffer}
 */
export function jsonBytes(value) {
  return Buffer.from(JSON.stringify(value ?? null))
}

/**
 * Bytes from the wire to JSON; empty bytes read as the fallback.
 * @param {Uint8Array | undefined} bytes
 * @param {unknown} [fallback]
 * @returns {any}
 */
export function parseJsonBytes(bytes, fallback = undefined) {
  if (!bytes || bytes.length === 0) return fallback
  return JSON.parse(Buffer.from(bytes).toString('utf8'))
}
