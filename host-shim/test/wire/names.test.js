// The wire's names are plugin/wire's: each constant in names.js equals the Go constant it names,
// read from the Go source, so neither side can change a spelling alone.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as names from '../../src/wire/names.js'

const goSource = (path) => readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8')
const goNames = goSource('plugin/wire/names.go')
// plugin/wire names some of its constants after the SDK's log contract (tasksurface.X).
const sdkSources = ['log.go', 'logevents.go', 'meta.go'].map((f) => goSource(`sdk/tasksurface/${f}`)).join('\n')

/** A Go constant's literal value (a string or an integer) in source, or undefined. */
function literal(source, name) {
  const m = new RegExp(`^\\s*(?:const\\s+)?${name}\\s*(?:\\w+\\s*)?=\\s*("(?:[^"\\\\]|\\\\.)*"|\\d+|tasksurface\\.\\w+)\\s*$`, 'm').exec(source)
  if (!m) return undefined
  if (m[1].startsWith('tasksurface.')) return literal(sdkSources, m[1].slice('tasksurface.'.length))
  return m[1].startsWith('"') ? JSON.parse(m[1]) : Number(m[1])
}

/** The value of a constant in plugin/wire/names.go, following a tasksurface.X reference. */
function goConst(name) {
  const value = literal(goNames, name)
  assert.ok(value !== undefined, `plugin/wire/names.go declares ${name}`)
  return value
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
