// manifest.json, the bundle's declaration of its plugin: the handshake equals the Go SDK's, the
// dependencies are pinned, and each platform resolves to its binary: in the bundle, in its
// platform package, or an error that names the package to install.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { BUNDLE_ROOT, PlatformPackageMissingError, readManifest, pluginBinary, platformKey } from '../../src/dsh/manifest.js'
import { Supervisor } from '../../src/goplugin/supervisor.js'

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

/** A bundle root in a temp folder: the committed manifest, the given files. */
function bundleRoot(files = {}) {
  const root = mkdtempSync(join(tmpdir(), 'ts-manifest-'))
  for (const [rel, text] of Object.entries({ 'manifest.json': readFileSync(join(BUNDLE_ROOT, 'manifest.json'), 'utf8'), ...files })) {
    mkdirSync(dirname(join(root, rel)), { recursive: true })
    writeFileSync(join(root, rel), text)
  }
  return readManifest(join(root, 'manifest.json'))
}

const linux = 'bin/linux-x64/task-surface-plugin'

test('the platform\'s binary: the bundle\'s own copy first, else its platform package, else what to install', async (t) => {
  const cases = [
    {
      name: 'the all-platform tarball carries the binary itself',
      files: { [linux]: 'elf', [`node_modules/dsh-task-surface-linux-x64/${linux}`]: 'elf' },
      want: (root) => ({ path: join(root, linux), sha256: '' }),
    },
    {
      name: 'an install by name: the binary comes from dsh-task-surface-linux-x64, resolved from the bundle',
      files: { 'package.json': '{"name":"dsh-task-surface"}', 'node_modules/dsh-task-surface-linux-x64/package.json': '{"name":"dsh-task-surface-linux-x64"}' },
      want: (root) => ({ path: join(root, 'node_modules', 'dsh-task-surface-linux-x64', linux), sha256: '', package: 'dsh-task-surface-linux-x64' }),
    },
    {
      name: 'the platform package was skipped: the error names it, says why and what to run',
      files: { 'package.json': '{"name":"dsh-task-surface"}', 'node_modules/dsh-task-surface-darwin-arm64/package.json': '{}' },
      error: /^Task Surface cannot start: install package dsh-task-surface-linux-x64@0\.1\.0\. It holds the plugin binary for this machine \(linux-x64\); dsh-task-surface lists it as an optional dependency.*Run: dsh plugin --profile web add dsh-task-surface-linux-x64@0\.1\.0 /,
    },
  ]
  for (const c of cases) {
    await t.test(c.name, () => {
      const manifest = bundleRoot(c.files)
      try {
        if (c.error) {
          const binary = pluginBinary(manifest, { platform: 'linux-x64' })
          assert.ok(binary.error instanceof PlatformPackageMissingError)
          assert.equal(binary.error.packageName, 'dsh-task-surface-linux-x64')
          assert.match(binary.error.message, c.error)
          assert.throws(() => binary.path, binary.error, 'reading the path throws it')
        } else {
          assert.deepEqual(pluginBinary(manifest, { platform: 'linux-x64' }), c.want(manifest.root))
        }
      } finally {
        rmSync(manifest.root, { recursive: true, force: true })
      }
    })
  }
})

test('every platform resolves to its own package; an unknown platform is named', () => {
  const manifest = readManifest()
  for (const key of Object.keys(manifest.plugin.binaries)) {
    const seen = []
    const binary = pluginBinary(manifest, { platform: key, findPackage: (_root, name) => { seen.push(name) } })
    assert.ok(binary.error instanceof PlatformPackageMissingError)
    assert.deepEqual(seen, [`dsh-task-surface-${key}`])
  }
  assert.deepEqual(pluginBinary(manifest, { findPackage: () => '/opt/p' }).path, join('/opt/p', manifest.plugin.binaries[platformKey()].path))
  assert.throws(() => pluginBinary(manifest, { platform: 'sunos-x64' }).sha256, /no plugin binary for sunos-x64/)
})

test('a missing platform package is refused as a bad digest is: logged, never launched, no throw at start', async () => {
  const manifest = bundleRoot({ 'package.json': '{"name":"dsh-task-surface"}' })
  const records = []
  let launched = 0
  try {
    const supervisor = new Supervisor({
      binary: pluginBinary(manifest, { platform: 'linux-x64' }),
      handshake: manifest.handshake,
      log: (level, message) => records.push({ level, message }),
      launch: () => { launched += 1 },
    })
    await supervisor.start()
    assert.equal(launched, 0)
    assert.equal(supervisor.state, 'refused')
    assert.match(records.find((r) => r.level === 'error')?.message ?? '', /^Task Surface cannot start: install package dsh-task-surface-linux-x64@0\.1\.0\./)
    assert.throws(() => supervisor.current(), /The Task Surface plugin is not running: Task Surface cannot start: install package dsh-task-surface-linux-x64/)
  } finally {
    rmSync(manifest.root, { recursive: true, force: true })
  }
})
