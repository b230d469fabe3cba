// manifest.json: what the bundle declares about its plugin binary (the go-plugin handshake and,
// per platform, the binary and its SHA-256), read once at start. The digest itself is checked by
// the go-plugin client (../goplugin/digest.js) before every launch.
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))

/** The bundle root: the folder holding manifest.json (the repository root in development). */
export const BUNDLE_ROOT = resolve(here, '..', '..', '..')

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
