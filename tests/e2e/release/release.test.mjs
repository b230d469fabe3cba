// `make release` (tools/release.sh) as a maintainer runs it, from a snapshot of the working tree
// (`make release-check` runs this file):
//   - seven tarballs: dsh-task-surface (no binary, at most 1 MiB, the six platform packages at
//     this exact version in optionalDependencies) and one dsh-task-surface-<platform> per binary,
//     with its os and cpu; checked by tools/bundle/manifest; printed in publish order;
//   - reproducible: the same seven tarballs, byte for byte, from a copy of the tree in another
//     folder;
//   - the Windows x64 binary runs under Wine: version, validate and describe answer as the
//     Linux binary of the same release does. linux-x64 runs natively here; linux-arm64, the two
//     darwin builds and win32-arm64 are built and checked (format, architecture, digest) only.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { promisify } from 'node:util'
import { CACHE } from '../support/harness.mjs'
import { makeRelease, snapshot, unpack } from './support/tree.mjs'
import { winePrefix } from './support/wine.mjs'

const run = promisify(execFile)
const PLATFORMS = ['darwin-arm64', 'darwin-x64', 'linux-arm64', 'linux-x64', 'win32-arm64', 'win32-x64']
const MiB = 1 << 20
const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex')

let scratch
let tree
let release // { tarballs, log, version }

const files = (dir) => readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name))).sort()

before(async () => {
  mkdirSync(join(CACHE, 'e2e'), { recursive: true })
  scratch = mkdtempSync(join(CACHE, 'e2e', 'release-'))
  tree = await snapshot(join(scratch, 'tree'))
  release = await makeRelease(tree, join(scratch, 'release'))
  release.version = JSON.parse(readFileSync(join(tree, 'package.json'), 'utf8')).version
})

after(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

test('make release writes seven checked packages and prints the publish order, platform packages first', async (t) => {
  const v = release.version
  const want = [...PLATFORMS.map((p) => `dsh-task-surface-${p}-${v}.tgz`), `dsh-task-surface-${v}.tgz`]
  assert.deepEqual(release.tarballs.map((p) => basename(p)), want)
  assert.match(release.log, /the bundle face is valid/)
  const order = [...release.log.matchAll(/^ {2}npm publish (\S+)$/gm)].map((m) => basename(m[1]))
  assert.deepEqual(order, want, 'the publish order names the platform packages, then the main package')

  const sizes = release.tarballs.map((p) => [basename(p), statSync(p).size])
  t.diagnostic(sizes.map(([n, s]) => `${n} ${(s / 1024).toFixed(0)} KiB`).join(', '))
  const main = await unpack(scratch, release.tarballs.at(-1))
  assert.ok(statSync(release.tarballs.at(-1)).size <= MiB, 'the main package is at most 1 MiB packed')
  const pkg = JSON.parse(readFileSync(join(main, 'package.json'), 'utf8'))
  assert.deepEqual(pkg.optionalDependencies, Object.fromEntries(PLATFORMS.map((p) => [`dsh-task-surface-${p}`, v])))
  assert.equal(files(main).some((f) => f.startsWith('bin/')), false, 'no binary in the main package')
  const manifest = JSON.parse(readFileSync(join(main, 'manifest.json'), 'utf8'))
  for (const [i, platform] of PLATFORMS.entries()) {
    const dir = await unpack(scratch, release.tarballs[i])
    const p = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
    const [os, cpu] = platform.split('-')
    assert.deepEqual([p.name, p.version, p.os, p.cpu], [`dsh-task-surface-${platform}`, v, [os], [cpu]])
    const binary = manifest.plugin.binaries[platform]
    assert.deepEqual(files(dir), ['README.md', binary.path, 'package.json'].sort(), `${platform} ships its binary alone`)
    assert.equal(sha256(join(dir, binary.path)), binary.sha256, `the main manifest carries ${platform}'s digest`)
  }
})

test('the release is reproducible: the same seven tarballs from a copy of the tree in another folder', async () => {
  const elsewhere = join(scratch, 'elsewhere', 'tree')
  cpSync(tree, elsewhere, { recursive: true })
  const again = await makeRelease(elsewhere, join(scratch, 'elsewhere', 'release'))
  assert.deepEqual(again.tarballs.map((p) => [basename(p), sha256(p)]), release.tarballs.map((p) => [basename(p), sha256(p)]))
})

test('the Windows x64 binary runs under Wine: version, validate and describe as on Linux', async () => {
  const manifest = JSON.parse(readFileSync(join(await unpack(scratch, release.tarballs.at(-1)), 'manifest.json'), 'utf8'))
  const binaryOf = async (platform) => join(await unpack(scratch, release.tarballs[PLATFORMS.indexOf(platform)]), manifest.plugin.binaries[platform].path)
  const windows = await binaryOf('win32-x64')
  const linux = await binaryOf('linux-x64')
  const wine = await winePrefix(join(scratch, 'wine'))

  const version = await wine(windows, ['version'])
  assert.deepEqual([version.code, version.stdout.trim()], [0, release.version], version.stderr)

  const valid = await wine(windows, ['validate', 'compare-options.json'], { cwd: join(tree, 'examples', 'surfaces') })
  assert.equal(valid.code, 0, valid.stderr)
  assert.deepEqual(JSON.parse(valid.stdout), { valid: true, input: 'model', problems: [] }, 'a model, and it says it read one')
  const invalid = await wine(windows, ['validate', '-'], { input: '{"version":3}' })
  assert.equal(invalid.code, 1)
  assert.equal(JSON.parse(invalid.stdout).problems[0].pointer, '/version')

  const described = await wine(windows, ['describe'])
  assert.equal(described.code, 0, described.stderr)
  const { stdout: native } = await run(linux, ['describe'])
  assert.deepEqual(JSON.parse(described.stdout), JSON.parse(native), 'the same declaration as the Linux build')
})
