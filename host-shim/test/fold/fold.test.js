// Runs the shared fold vectors (tests/conformance/folds) against the
// JavaScript twin and checks the twin's contract with the harness: apply()
// never mutates its input, returns the same reference when nothing changes,
// and never throws.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

import { apply, init, view } from '../../src/fold/fold.js'

const vectorDir = fileURLToPath(new URL('../../../tests/conformance/folds/', import.meta.url))
const files = readdirSync(vectorDir).filter((f) => f.endsWith('.json')).sort()

function deepFreeze (v) {
  if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v)
    for (const k of Object.keys(v)) deepFreeze(v[k])
  }
  return v
}

test('there are fold vectors', () => {
  assert.ok(files.length > 0, `no vectors in ${vectorDir}`)
})

for (const file of files) {
  const { cases } = JSON.parse(readFileSync(join(vectorDir, file), 'utf8'))
  for (const c of cases) {
    test(`${file}: ${c.name}`, () => {
      let state = deepFreeze(c.initial ? structuredClone(c.initial) : init())
      for (const event of deepFreeze(structuredClone(c.events))) {
        const before = structuredClone(state)
        const next = apply(state, event)
        assert.deepEqual(state, before, 'apply mutated its input state')
        if (next !== state) {
          assert.notDeepEqual(next, state, 'apply returned a new reference for an unchanged state')
        }
        // The harness checkpoints with structuredClone and folds on from the copy.
        state = deepFreeze(structuredClone(next))
      }
      assert.deepEqual(state, c.state)
      assert.deepEqual(view(state), c.view)
    })
  }
}

test('an event that changes nothing returns the very same state', () => {
  const open = deepFreeze({ active: { callId: 'call_1', surfaceId: 'tsf_a' }, calls: ['call_2'], dismissals: [], outcomes: [] })
  const events = [
    { type: 'assistant/text', seq: 1, data: { text: 'hi' } },
    { type: 'tool/call', seq: 2, data: { callId: 'call_2', name: 'show_task_surface' } },
    { type: 'tool/call', seq: 3, data: { callId: 'call_3', name: 'read_file' } },
    { type: 'tool/result', seq: 4, data: { message: { source: { kind: 'tool', callId: 'call_3' }, content: [] } } },
    { type: 'user/message', seq: 5, data: { id: 'p', source: { kind: 'plugin', plugin: 'x' } } },
    { type: 'command/run', seq: 6, data: { commandId: 'c', name: 'compact' } },
    { type: 'command/done', seq: 7, data: { commandId: 'c', kind: 'success' } }
  ]
  for (const e of events) assert.equal(apply(open, e), open, `${e.type} seq ${e.seq}`)
})

test('apply never throws, even for hostile events', () => {
  const s = init()
  const hostile = [
    undefined, null, 0, 'x', [], () => {},
    { type: 'tool/call', seq: 1, get data () { throw new Error('boom') } },
    new Proxy({}, { get () { throw new Error('boom') }, has () { throw new Error('boom') } }),
    { type: 'tool/call', seq: 1, data: Object.create({ callId: 'inherited', name: 'show_task_surface' }) }
  ]
  for (const e of hostile) assert.equal(apply(s, e), s)
})
