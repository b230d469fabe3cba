// The presentation metadata and the correlation: the shapes the fold and the browser read.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { metaOf } from '../../src/wire/meta.js'
import { correlationOf } from '../../src/wire/source.js'
import { jsonBytes, parseJsonBytes } from '../../src/wire/json.js'

test('metaOf tags the value and leaves out an empty markdown map, as tasksurface.MetaOf', () => {
  const model = { version: 1, title: 'T', blocks: [] }
  const cases = [
    ['no markdown', { surfaceId: 'tsf_a', model }, { kind: 'dsh/task-surface', version: 1, surfaceId: 'tsf_a', model }],
    ['empty markdown', { surfaceId: 'tsf_a', model, markdown: {} }, { kind: 'dsh/task-surface', version: 1, surfaceId: 'tsf_a', model }],
    ['markdown', { surfaceId: 'tsf_b', model, markdown: { '/blocks/0': '<p>x</p>' } },
      { kind: 'dsh/task-surface', version: 1, surfaceId: 'tsf_b', model, markdown: { '/blocks/0': '<p>x</p>' } }],
  ]
  for (const [name, value, want] of cases) assert.deepEqual(metaOf(value), want, name)
})

test('correlationOf finds the correlation under the source key only', () => {
  const c = { version: 1, submissionId: 's', callId: 'c', surfaceId: 'tsf_a' }
  const cases = [
    ['a submission', { kind: 'user', taskSurface: c }, c],
    ['an ordinary message', { kind: 'user' }, undefined],
    ['a scalar correlation', { kind: 'user', taskSurface: 'x' }, undefined],
    ['no source', undefined, undefined],
    ['null', null, undefined],
  ]
  for (const [name, source, want] of cases) assert.equal(correlationOf(source), want, name)
})

test('JSON bytes round-trip, and empty bytes read as the fallback', () => {
  assert.deepEqual(parseJsonBytes(jsonBytes({ a: [1, 'é'] })), { a: [1, 'é'] })
  assert.equal(parseJsonBytes(jsonBytes(undefined)), null)
  assert.deepEqual(parseJsonBytes(Buffer.alloc(0), {}), {})
  assert.equal(parseJsonBytes(undefined), undefined)
})
