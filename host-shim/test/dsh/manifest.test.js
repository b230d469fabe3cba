// manifest.json, the bundle's declaration of its plugin: the handshake equals the Go SDK's, the
// dependencies are pinned, and each platform resolves to its binary.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BUNDLE_ROOT, readManifest, pluginBinary, platformKey } from '../../src/dsh/manifest.js'

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

test('the platform\'s binary is resolved against the bundle root', () => {
  const manifest = readManifest()
  const bin = pluginBinary(manifest)
  assert.equal(bin.path, join(BUNDLE_ROOT, manifest.plugin.binaries[platformKey()].path))
  assert.throws(() => pluginBinary({ ...manifest, plugin: { binaries: {} } }), /no plugin binary for/)
})
