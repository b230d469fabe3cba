// manifest.json: what the bundle declares about its plugin binary, read once at start.
import { createHash } from 'node:crypto'
import { createReadStream, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))

/** The bundle root: the folder holding manifest.json (the repository root in development). */
export const BUNDLE_ROOT = resolve(here, '..', '..')

/**
 * The platform key of this process, in Node's spelling ("linux-x64").
 * @returns {string}
 */
export function platformKey() {
  return `${process.platform}-${process.arch}`
}

/**
 * @typedef {object} Manifest
 * @property {string} name
 * @property {string} version
 * @property {{magicCookieKey: string, magicCookieValue: string, protocolVersion: number, apiVersion: string}} handshake
 * @property {{binaries: Record<string, {path: string, sha256: string}>}} plugin
 * @property {Record<string, number>} limits
 * @property {string} root - the folder holding manifest.json
 */

/**
 * Read and check manifest.json.
 * @param {string} [path]
 * @returns {Manifest}
 */
export function readManifest(path = join(BUNDLE_ROOT, 'manifest.json')) {
  const manifest = JSON.parse(readFileSync(path, 'utf8'))
  const h = manifest.handshake
  if (!h || typeof h.magicCookieKey !== 'string' || typeof h.magicCookieValue !== 'string' ||
      !Number.isInteger(h.protocolVersion) || typeof h.apiVersion !== 'string') {
    throw new Error(`${path}: "handshake" needs magicCookieKey, magicCookieValue, protocolVersion and apiVersion`)
  }
  return { ...manifest, root: dirname(path) }
}

/**
 * The binary this platform runs, with its expected digest.
 * @param {Manifest} manifest
 * @returns {{path: string, sha256: string}}
 */
export function pluginBinary(manifest) {
  const key = platformKey()
  const entry = manifest.plugin?.binaries?.[key]
  if (!entry) {
    const have = Object.keys(manifest.plugin?.binaries ?? {}).join(', ') || 'none'
    throw new Error(`Task Surface has no plugin binary for ${key} (this bundle ships: ${have})`)
  }
  return { path: resolve(manifest.root, entry.path), sha256: String(entry.sha256 ?? '').toLowerCase() }
}

export class DigestMismatchError extends Error {
  constructor(message) {
    super(message)
    this.name = 'DigestMismatchError'
  }
}

/**
 * Hash a file with SHA-256.
 * @param {string} path
 * @returns {Promise<string>} lowercase hex
 */
export function sha256File(path) {
  return new Promise((resolvePromise, reject) => {
    const hash = createHash('sha256')
    createReadStream(path, { highWaterMark: 1 << 20 }).on('error', reject).on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolvePromise(hash.digest('hex')))
  })
}

/**
 * Refuse a binary whose SHA-256 differs from the manifest's, or a manifest without one.
 * @param {{path: string, sha256: string}} binary
 * @returns {Promise<void>}
 * @throws {DigestMismatchError}
 */
export async function verifyBinary(binary) {
  if (!/^[0-9a-f]{64}$/.test(binary.sha256)) {
    throw new DigestMismatchError(`manifest.json names no SHA-256 for ${binary.path}; the plugin will not be started. ` +
      'Install a packed Task Surface bundle (its manifest carries the digest), or pack it with tools/dsh/pack.sh.')
  }
  let actual
  try {
    actual = await sha256File(binary.path)
  } catch (err) {
    throw new DigestMismatchError(`cannot read the plugin binary ${binary.path} (${err.code ?? err.message}); reinstall the Task Surface bundle`)
  }
  if (actual !== binary.sha256) {
    throw new DigestMismatchError(`the plugin binary ${binary.path} has SHA-256 ${actual}, but manifest.json expects ${binary.sha256}; ` +
      'the file was changed after the bundle was packed. The plugin will not be started: reinstall the Task Surface bundle ' +
      '(dsh plugin --profile web add <tarball>) and restart dsh.')
  }
}
