// The shim's rooms (see README.md, "Layout"): which folder may import which, and what every
// source file looks like. dsh reads the Remote's parameter names from the source and the bundle
// ships src/ as it is, so the files stay plain, unminified ESM.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const SRC = fileURLToPath(new URL('../src/', import.meta.url))
const TEST = fileURLToPath(new URL('./', import.meta.url))

/** Each room and the rooms its files may import from (besides its own, Node and npm packages). */
const ROOMS = {
  goplugin: [],
  wire: [],
  fold: ['wire'],
  dsh: ['wire', 'fold', 'goplugin'],
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)])
}

const sources = walk(SRC).map((path) => ({ path, name: relative(SRC, path).split(sep).join('/') }))

/** The room of a source path relative to src/ ("" for the entry). */
const roomOf = (name) => (name.includes('/') ? name.split('/')[0] : '')

/** The relative module specifiers a file imports or re-exports in code (not in JSDoc types). */
function relativeImports(text) {
  const found = []
  for (const m of text.matchAll(/^\s*(?:import|export)\b[^'"`;]*?from\s+['"](\.[^'"]+)['"]/gm)) found.push(m[1])
  for (const m of text.matchAll(/^\s*import\s+['"](\.[^'"]+)['"]/gm)) found.push(m[1])
  for (const m of text.matchAll(/\bawait import\(\s*['"](\.[^'"]+)['"]\s*\)/g)) found.push(m[1])
  return found
}

test('every source file lives in a room, or is the entry', () => {
  for (const { name } of sources) {
    const room = roomOf(name)
    assert.ok(room === '' ? name === 'index.js' : room in ROOMS, `${name} is outside the rooms ${Object.keys(ROOMS).join(', ')}`)
  }
})

test('each room imports only from the rooms it may use', () => {
  for (const { path, name } of sources) {
    const room = roomOf(name)
    if (room === '') continue
    for (const spec of relativeImports(readFileSync(path, 'utf8'))) {
      const target = relative(SRC, join(dirname(path), spec)).split(sep).join('/')
      const to = roomOf(target)
      assert.ok(to === room || ROOMS[room].includes(to), `${name} imports ${spec}: ${room}/ may not import from ${to || 'the entry'}`)
    }
  }
})

test('source files are plain ESM with a header comment and no minified lines', () => {
  for (const { path, name } of sources) {
    assert.match(name, /\.js$/, `${name} is not a .js module`)
    const text = readFileSync(path, 'utf8')
    assert.match(text, /^\/\/ \S/, `${name} does not open with a comment saying what it holds`)
    assert.doesNotMatch(text, /\brequire\(|module\.exports/, `${name} is not plain ESM`)
    assert.ok(text.split('\n').every((l) => l.length <= 200), `${name} has a line over 200 characters`)
  }
})

test('the tests mirror the rooms', () => {
  for (const entry of readdirSync(TEST, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      assert.ok(entry.name in ROOMS, `test/${entry.name}/ has no room src/${entry.name}/`)
      for (const f of walk(join(TEST, entry.name))) {
        assert.match(f, /\.test\.js$/, `${relative(TEST, f)} would not be found by test/**/*.test.js`)
      }
    } else {
      assert.match(entry.name, /\.test\.js$/, `test/${entry.name} would not be found by test/**/*.test.js`)
    }
  }
  for (const room of Object.keys(ROOMS)) {
    assert.ok(readdirSync(join(TEST, room)).length > 0, `src/${room}/ has no tests in test/${room}/`)
  }
})

test('the README\'s Layout table names every file of each room, and no file that is not there', () => {
  const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8')
  const section = readme.split(/^## /m).find((s) => s.startsWith('Layout'))
  assert.ok(section, 'README.md has a "Layout" section')
  const rows = new Map()
  for (const line of section.split('\n')) {
    const m = /^\| `src\/([a-z]+)\/` \| (.*) \|[^|]*\|$/.exec(line)
    if (m) rows.set(m[1], [...m[2].matchAll(/`([\w.-]+\.js)`/g)].map((f) => f[1]).sort())
  }
  assert.deepEqual([...rows.keys()].sort(), Object.keys(ROOMS).sort(), 'one row per room')
  for (const room of Object.keys(ROOMS)) {
    assert.deepEqual(rows.get(room), readdirSync(join(SRC, room)).sort(), `the src/${room}/ row`)
  }
})
