// manifest.json: what the bundle declares about its plugin binary (the go-plugin handshake and,
// per platform, the binary, the package that ships it and its SHA-256), read once at start. The
// binary is found in the bundle itself (the all-platform tarball for offline use) or else in its
// platform package, dsh-task-surface-<platform>, an optional dependency the package manager
// installs on that platform only. The digest is checked by the go-plugin client
// (../goplugin/digest.js) before every launch, wherever the binary came from.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
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

/** PlatformPackageMissingError says which package holds this machine's binary and how to get it. */
export class PlatformPackageMissingError extends Error {
  /** @param {string} message @param {string} packageName */
  constructor(message, packageName) {
    super(message)
    this.name = 'PlatformPackageMissingError'
    this.packageName = packageName
  }
}

/**
 * The folder of an installed package, resolved as Node resolves it from the bundle root (in a
 * pnpm profile: the bundle's own node_modules, where its optional dependencies are linked).
 * @param {string} root
 * @param {string} name
 * @returns {string|undefined}
 */
export function packageFolder(root, name) {
  try {
    return dirname(createRequire(join(root, 'package.json')).resolve(`${name}/package.json`))
  } catch {
    return undefined
  }
}

/**
 * A binary that cannot be had: reading its path or digest throws err. The supervisor reads them
 * when it verifies the binary before a launch, so the error takes the way of a digest mismatch:
 * logged, the plugin never started, and dsh boots and serves without Task Surface (an error
 * thrown from the bundle's apply instead would stop dsh's boot).
 * @param {Error} err
 */
function unavailableBinary(err) {
  const fail = () => { throw err }
  return Object.freeze(Object.defineProperties({}, { path: { get: fail, enumerable: true }, sha256: { get: fail, enumerable: true }, error: { value: err } }))
}

/**
 * The binary this platform runs, with its expected digest: the bundle's own copy when it has
 * one, else the one in the platform package. When neither has it, a binary whose path and
 * digest throw the error that says what to install (see unavailableBinary).
 * @param {Manifest} manifest
 * @param {{platform?: string, findPackage?: (root: string, name: string) => string|undefined}} [options]
 * @returns {{path: string, sha256: string, package?: string, error?: Error}}
 */
export function pluginBinary(manifest, { platform = platformKey(), findPackage = packageFolder } = {}) {
  const entry = manifest.plugin?.binaries?.[platform]
  if (!entry) {
    const have = Object.keys(manifest.plugin?.binaries ?? {}).join(', ') || 'none'
    return unavailableBinary(new Error(`Task Surface has no plugin binary for ${platform} (this bundle ships: ${have})`))
  }
  const sha256 = String(entry.sha256 ?? '').toLowerCase()
  const own = resolve(manifest.root, entry.path)
  if (existsSync(own) || !entry.package) return { path: own, sha256 }
  const folder = findPackage(manifest.root, entry.package)
  if (folder) return { path: resolve(folder, entry.path), sha256, package: entry.package }
  const id = manifest.id ?? 'dsh-task-surface'
  const wanted = `${entry.package}@${manifest.version}`
  return unavailableBinary(new PlatformPackageMissingError(
    `Task Surface cannot start: install package ${wanted}. It holds the plugin binary for this machine (${platform}); ` +
    `${id} lists it as an optional dependency, which the package manager installs only on ${platform} and skipped here ` +
    '(optional dependencies turned off, a registry or mirror without it, or a copy of the bundle made on another platform). ' +
    `Run: dsh plugin --profile web add ${wanted} (or add ${id}@${manifest.version} again by name, or the all-platform ` +
    'tarball for offline use), then restart dsh.',
    entry.package,
  ))
}
