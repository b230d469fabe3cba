// Names and shapes the shim shares with the Go side (plugin/wire). What the plugin declares
// at run time (tool, projection, command) comes from Describe; these are the log shapes the
// host writes itself.

// The log's names and the dismissal grammar come from the fold twin, which the conformance
// vectors hold equal to plugin/wire.
import { COMMAND_DISMISS, META_KIND, META_VERSION, SOURCE_KEY, parseDismissArgs as parseFoldDismissArgs } from './fold.js'

export { COMMAND_DISMISS, META_KIND, META_VERSION, SOURCE_KEY }

/**
 * Read the dismissal command's arguments: "dismiss [<surfaceId> [<dismissalId>]]".
 * @param {string} args - the text after the command name.
 * @returns {{surfaceId: string, dismissalId: string} | undefined}
 */
export function parseDismissArgs(args) {
  return parseFoldDismissArgs(String(args)) ?? undefined
}

/**
 * The arguments of a host-initiated dismissal command.
 * @param {string} surfaceId
 * @param {string} dismissalId
 */
export function dismissArgs(surfaceId, dismissalId) {
  return `${COMMAND_DISMISS} ${surfaceId} ${dismissalId}`
}

/**
 * The presentation metadata persisted on a successful result, from the canonical value.
 * @param {{surfaceId: string, model: unknown, markdown?: Record<string, string>}} value
 */
export function metaOf(value) {
  const meta = { kind: META_KIND, version: META_VERSION, surfaceId: value.surfaceId, model: value.model }
  // As plugin/wire.MetaOf: an empty Markdown map is left out.
  if (value.markdown && Object.keys(value.markdown).length > 0) meta.markdown = value.markdown
  return meta
}

/**
 * The Task Surface correlation in a message source, if any.
 * @param {unknown} source
 * @returns {object | undefined}
 */
export function correlationOf(source) {
  if (source === null || typeof source !== 'object') return undefined
  const c = source[SOURCE_KEY]
  return c !== null && typeof c === 'object' ? c : undefined
}

/** The text of a message's text blocks. */
export function messageText(message) {
  return (message?.content ?? []).filter((b) => b?.type === 'text').map((b) => b.text).join('')
}

/** JSON to bytes for the wire. */
export function jsonBytes(value) {
  return Buffer.from(JSON.stringify(value ?? null))
}

/** Bytes from the wire to JSON; empty bytes read as fallback. */
export function parseJsonBytes(bytes, fallback = undefined) {
  if (!bytes || bytes.length === 0) return fallback
  return JSON.parse(Buffer.from(bytes).toString('utf8'))
}
