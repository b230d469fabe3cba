import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, writeFileSync, chmodSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHash } from 'node:crypto'
import { BUNDLE_ROOT, readManifest, pluginBinary, verifyBinary, DigestMismatchError, platformKey } from '../src/manifest.js'

const goVersion = readFileSync(join(BUNDLE_ROOT, 'sdk', 'tasksurface', 'version.go'), 'utf8')

function goConst(pattern) {
  const m = pattern.exec(goVersion)
  assert.ok(m, `version.go has ${pattern}`)
  return m[1]
}

test('manifest.json carries the handshake of sdk/tasksurface/version.go', () => {
  const { handshake } = readManifest()
  assert.equal(handshake.magicCookieKey, goConst(/MagicCookieKey:\s*"([^"]+)"/))
  assert.equal(handshake.magicCookieValue, goConst(/MagicCookieValue:\s*"([^"]+)"/))
  assert.equal(handshake.protocolVersion, Number(goConst(/const ProtocolVersion = (\d+)/)))
  assert.equal(handshake.apiVersion, goConst(/const APIVersion = "([^"]+)"/))
})

test('the bundle face pins the host shim\'s dependencies exactly', () => {
  const bundle = JSON.parse(readFileSync(join(BUNDLE_ROOT, 'package.json'), 'utf8'))
  const shim = JSON.parse(readFileSync(join(BUNDLE_ROOT, 'host-shim', 'package.json'), 'utf8'))
  assert.deepEqual(bundle.dependencies, shim.dependencies)
  for (const version of Object.values(bundle.dependencies)) assert.match(version, /^\d+\.\d+\.\d+$/)
})

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

test('the platform\'s binary is resolved against the bundle root', () => {
  const manifest = readManifest()
  const bin = pluginBinary(manifest)
  assert.equal(bin.path, join(BUNDLE_ROOT, manifest.plugin.binaries[platformKey()].path))
  assert.throws(() => pluginBinary({ ...manifest, plugin: { binaries: {} } }), /no plugin binary for/)
})
