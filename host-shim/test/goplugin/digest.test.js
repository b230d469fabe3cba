// The digest check before every launch: a binary is started only when its SHA-256 is the declared
// one, and every refusal says what to do.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHash } from 'node:crypto'
import { DigestMismatchError, verifyBinary } from '../../src/goplugin/digest.js'

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
