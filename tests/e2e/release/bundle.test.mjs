// The release build as `make bundle` makes it (`make release-check` runs this file; it takes
// minutes, so `make test` leaves it out and installs a bundle built for this machine instead,
// tests/e2e/bundle.test.mjs):
//   - one build packs the plugin for six platforms with the digests the shim checks, stripped;
//   - the build is reproducible: packing again gives the same tarball, and a platform built
//     from another folder with an empty Go build cache gives the same binary.
// The build runs from a snapshot of the working tree, so edits made meanwhile do not race it.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { CACHE, REPO, toolPath } from '../support/harness.mjs'
import { snapshot, unpack } from './support/tree.mjs'

const run = promisify(execFile)
const PLATFORMS = ['darwin-arm64', 'darwin-x64', 'linux-arm64', 'linux-x64', 'win32-arm64', 'win32-x64']
const HOST = `${process.platform}-${process.arch}`
const MiB = 1 << 20
const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex')

let scratch
let tree
let full // { tarball, dir }: the all-platform build, unpacked

/** tools/bundle/build.sh of a tree; resolves with the tarball's path. */
async function build(root, out, args, env = {}) {
  const { stdout } = await run(join(root, 'tools', 'bundle', 'build.sh'), ['--out', out, '--client', 'prebuilt', ...args], {
    cwd: root, env: { ...process.env, PATH: toolPath(), TASK_SURFACE_CACHE: CACHE, ...env }, maxBuffer: 64 << 20,
  })
  return stdout.trim().split('\n').at(-1)
}

const manifestOf = (dir) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))

before(async () => {
  mkdirSync(join(CACHE, 'e2e'), { recursive: true })
  scratch = mkdtempSync(join(CACHE, 'e2e', 'bundle-build-'))
  tree = await snapshot(join(scratch, 'tree'))
  const tarball = await build(tree, join(scratch, 'dist'), ['--platforms', 'all'])
  full = { tarball, dir: await unpack(scratch, tarball) }
})

after(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

test('make bundle packs the plugin for six platforms, stripped, with the digests the shim checks', async (t) => {
  const { stdout } = await run('go', ['run', './tools/bundle/manifest', 'check', '-packed', full.dir], { cwd: REPO })
  assert.match(stdout, /the bundle face is valid/)
  const manifest = manifestOf(full.dir)
  assert.deepEqual(Object.keys(manifest.plugin.binaries).sort(), PLATFORMS)
  assert.equal(manifest.build.cgo, false)
  assert.ok(manifest.build.flags.includes('-trimpath'))

  const sizes = Object.entries(manifest.plugin.binaries).map(([key, b]) => [key, statSync(join(full.dir, b.path)).size])
  const tarball = statSync(full.tarball).size
  t.diagnostic(`tarball ${(tarball / MiB).toFixed(1)} MiB; binaries ${sizes.map(([k, s]) => `${k} ${(s / MiB).toFixed(1)}`).join(', ')} MiB`)
  for (const [key, size] of sizes) assert.ok(size < 20 * MiB, `${key} is ${(size / MiB).toFixed(1)} MiB: is it stripped?`)
  assert.ok(tarball < 40 * MiB, `the tarball is ${(tarball / MiB).toFixed(1)} MiB`)

  const own = join(full.dir, manifest.plugin.binaries[HOST].path)
  await assert.rejects(run('go', ['tool', 'nm', own]), /no symbols/, 'the binary carries no symbol table')
  const { stdout: version } = await run(own, ['version'])
  assert.equal(version.trim(), JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).version, 'the build stamps the bundle version')
  assert.equal(readFileSync(join(full.dir, manifest.entries.client), 'utf8'), readFileSync(join(tree, 'client-bundle', 'dist', 'client.js'), 'utf8'))
})

test('the build is reproducible: the same tarball again, and the same binary from another folder and an empty Go cache', async (t) => {
  const again = await build(tree, join(scratch, 'dist-again'), ['--platforms', 'all'])
  assert.equal(sha256(again), sha256(full.tarball), 'a second build packs the same bytes')

  // Nothing cached: another checkout path, a new GOCACHE, a cross-compiled Mach-O binary. The
  // same snapshot, copied: the working tree may have changed since.
  const elsewhere = join(scratch, 'elsewhere', 'tree')
  cpSync(tree, elsewhere, { recursive: true })
  const gocache = join(scratch, 'gocache')
  const started = Date.now()
  const single = await build(elsewhere, join(scratch, 'dist-elsewhere'), ['--platforms', 'darwin-arm64'], { GOCACHE: gocache })
  t.diagnostic(`darwin-arm64 with an empty Go build cache: ${((Date.now() - started) / 1000).toFixed(0)} s`)
  const rebuilt = manifestOf(await unpack(scratch, single)).plugin.binaries['darwin-arm64'].sha256
  assert.equal(rebuilt, manifestOf(full.dir).plugin.binaries['darwin-arm64'].sha256)
  rmSync(gocache, { recursive: true, force: true })
})
