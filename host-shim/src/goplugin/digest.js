// The digest check go-plugin's SecureConfig does, before every launch: the plugin binary's
// SHA-256 must equal the one the bundle declares. A mismatch or a missing digest is refused, with
// what to do about it, and is not retried.
//
// A VerifiedBinaries remembers the files it verified by their identity (device, inode, size,
// modification and status-change time: any write, rename over or chmod changes it), so that a
// restart of the same unchanged binary is not hashed again (the Go SDK's tshost.VerifiedBinaries
// does the same).
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'

/** DigestMismatchError refuses a plugin binary whose SHA-256 is not the declared one. */
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
 * The identity of a file's content as the file system keeps it, or undefined when unreadable.
 * @param {string} path
 * @returns {Promise<string|undefined>}
 */
async function fileIdentity(path) {
  try {
    const s = await stat(path, { bigint: true })
    return [s.dev, s.ino, s.size, s.mtimeNs, s.ctimeNs].join(':')
  } catch {
    return undefined
  }
}

/** VerifiedBinaries remembers the binaries verified in this process, by file identity. */
export class VerifiedBinaries {
  constructor() {
    /** @type {Map<string, string>} path and digest -> identity of the file hashed */
    this.seen = new Map()
  }

  /**
   * Verify a binary as verifyBinary does, unless the same unchanged file passed before.
   * @param {{path: string, sha256: string}} binary
   * @returns {Promise<'hashed'|'unchanged'>}
   * @throws {DigestMismatchError}
   */
  async verify(binary) {
    const key = `${binary.path}\0${binary.sha256}`
    const before = await fileIdentity(binary.path)
    if (before !== undefined && this.seen.get(key) === before) return 'unchanged'
    await verifyBinary(binary)
    // Remember only a file that did not change while it was read.
    if (before !== undefined && (await fileIdentity(binary.path)) === before) this.seen.set(key, before)
    return 'hashed'
  }
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
