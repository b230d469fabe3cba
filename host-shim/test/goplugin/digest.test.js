// The digest check before every launch: a binary is started only when its SHA-256 is the declared
// one, and every refusal says what to do.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { chmodSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHash } from 'node:crypto'
import { DigestMismatchError, VerifiedBinaries, verifyBinary } from '../../src/goplugin/digest.js'

function fakeBinary(content) {
  const dir = mkdtempSync(join(tmpdir(), 'tsm-'))
  const path = join(dir, 'task-surface-plugin')
  writeFileSync(path, content)
  chmodSync(path, 0o755)
  return { path, sha256: createHash('sha256').update(content).digest('hex') }
}

test('a binary whose digest matches the manifest is accepted', async () => {
  await verifyBinary(fakeBinary('#!/bin/sh\nexit 0\n'))
})

test('a changed binary is refused with what to do', async () => {
  const bin = fakeBinary('original')
  writeFileSync(bin.path, 'tampered')
  await assert.rejects(verifyBinary(bin), (err) => {
    assert.ok(err instanceof DigestMismatchError)
    assert.match(err.message, /expects [0-9a-f]{64}/)
    assert.match(err.message, /reinstall the Task Surface bundle/)
    return true
  })
})

test('a manifest without a digest is refused', async () => {
  await assert.rejects(verifyBinary({ path: '/bin/true', sha256: '' }), /names no SHA-256/)
})

test('a missing binary is refused', async () => {
  await assert.rejects(verifyBinary({ path: '/nonexistent/task-surface-plugin', sha256: 'a'.repeat(64) }), /cannot read the plugin binary.*ENOENT/)
})

test('a restart of the same unchanged binary is not hashed again; any change is', async () => {
  const bin = fakeBinary('plugin v1')
  const verified = new VerifiedBinaries()
  assert.equal(await verified.verify(bin), 'hashed')
  assert.equal(await verified.verify(bin), 'unchanged')
  // Same bytes in a new file (a reinstall): hashed again.
  writeFileSync(`${bin.path}.new`, 'plugin v1')
  renameSync(`${bin.path}.new`, bin.path)
  assert.equal(await verified.verify(bin), 'hashed')
  // A changed byte in place: refused, however recently it passed.
  writeFileSync(bin.path, 'plugin v2')
  await assert.rejects(verified.verify(bin), DigestMismatchError)
  // Another expected digest for the same file is checked, not assumed.
  const other = fakeBinary('plugin v3')
  assert.equal(await verified.verify(other), 'hashed')
  await assert.rejects(verified.verify({ path: other.path, sha256: '0'.repeat(64) }), DigestMismatchError)
})
