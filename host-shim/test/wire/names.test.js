// The wire's names are plugin/wire's: each constant in names.js equals the Go constant it names,
// read from the Go source, so neither side can change a spelling alone.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as names from '../../src/wire/names.js'

const goNames = readFileSync(fileURLToPath(new URL('../../../plugin/wire/names.go', import.meta.url)), 'utf8')

/** The value of a Go constant in names.go: a string or an integer. */
function goConst(name) {
  const m = new RegExp(`^\\s*${name}\\s*=\\s*("(?:[^"\\\\]|\\\\.)*"|\\d+)\\s*$`, 'm').exec(goNames)
  assert.ok(m, `plugin/wire/names.go declares ${name}`)
  return m[1].startsWith('"') ? JSON.parse(m[1]) : Number(m[1])
}

/** SCREAMING_SNAKE (JavaScript) to the Go spelling: TOOL_NAME -> ToolName. */
const goName = (name) => name.toLowerCase().replace(/(^|_)([a-z])/g, (_, __, c) => c.toUpperCase())

test('every name in wire/names.js equals its plugin/wire constant', () => {
  const exported = Object.entries(names)
  assert.ok(exported.length > 0)
  for (const [name, value] of exported) assert.equal(value, goConst(goName(name)), `${name} (wire.${goName(name)})`)
})

test('the fold reads exactly the event types plugin/wire lists', () => {
  const list = /var EventTypes = \[\]string\{([^}]*)\}/.exec(goNames)
  assert.ok(list, 'plugin/wire/names.go declares EventTypes')
  const go = list[1].split(',').map((s) => goConst(s.trim()))
  const js = Object.entries(names).filter(([n]) => n.startsWith('EVENT_')).map(([, v]) => v)
  assert.deepEqual([...js].sort(), [...go].sort())
})
