// The committed client bundle: current, within its size budget, type-correct, and in the shape
// the dsh Loader expects.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'

const run = promisify(execFile)
const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const bundleDir = join(repo, 'client-bundle')

test('dist/client.js is exactly what the sources build', async () => {
  const { stdout } = await run(process.execPath, ['check.mjs'], { cwd: bundleDir })
  assert.match(stdout, /matches the sources/)
})

// BENCHMARKS.md goal 7; issue 49 asks it of every change.
test('what ships stays within its budget: 30 KiB gzipped', () => {
  const gzipped = gzipSync(readFileSync(join(bundleDir, 'dist', 'client.js')), { level: 9 }).length
  assert.ok(gzipped <= 30 * 1024, `dist/client.js is ${gzipped} bytes gzipped, over 30 KiB`)
})

test('the sources type-check (tsc --noEmit)', async () => {
  const tsc = createRequire(join(bundleDir, 'package.json')).resolve('typescript/bin/tsc')
  await run(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.json'], { cwd: bundleDir })
})

test('the file registers under the bundle package name and requires only what the page provides', async () => {
  const { PAGE_MODULES } = await import(join(bundleDir, 'build.mjs'))
  const text = readFileSync(join(bundleDir, 'dist', 'client.js'), 'utf8')
  const name = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).name
  const loads = [...text.matchAll(/window\.__ModuleLoader__\.load\(\{\s*id: ("[^"]+"),/g)].map((m) => JSON.parse(m[1]))
  assert.deepEqual(loads, [name])
  const required = new Set([...text.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]))
  assert.deepEqual([...required].filter((m) => !PAGE_MODULES.includes(m)), [])
  assert.ok(required.has('react') && required.has('react/jsx-runtime'), 'React comes from the page')
  assert.doesNotMatch(text, /react-dom\.production|__SECRET_INTERNALS|function createElement\(/, 'React is not bundled')
})
