import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createLineSplitter, createStderrReader } from '../../src/goplugin/hclog.js'

test('hclog JSON lines keep their level, message and fields', () => {
  const read = createStderrReader()
  const r = read('{"@level":"warn","@message":"slow call","@module":"task-surface","@timestamp":"2026-11-29T23:00:00.000000Z","method":"Show","ms":12}')
  assert.deepEqual(r, { level: 'warn', message: 'slow call', fields: { '@module': 'task-surface', method: 'Show', ms: 12 } })
})

test('JSON without a known level is logged verbatim at debug', () => {
  const read = createStderrReader()
  assert.deepEqual(read('{"a":1}'), { level: 'debug', message: '{"a":1}', fields: {} })
})

test('bracketed levels are honoured on plain lines', () => {
  const read = createStderrReader()
  assert.deepEqual(read('[ERROR] disk full'), { level: 'error', message: 'disk full', fields: {} })
  assert.equal(read('plain text').level, 'debug')
})

test('after a panic every untagged line is an error', () => {
  const read = createStderrReader()
  assert.equal(read('before').level, 'debug')
  assert.equal(read('panic: runtime error: index out of range').level, 'error')
  assert.equal(read('goroutine 1 [running]:').level, 'error')
  assert.equal(read('[INFO] tagged still counts').level, 'info')
})

test('blank lines produce nothing', () => {
  assert.equal(createStderrReader()('   '), undefined)
})

test('the splitter joins chunks into lines and cuts runaway lines', () => {
  const lines = []
  const s = createLineSplitter((l) => lines.push(l), 8)
  s.push('ab')
  s.push('c\nde')
  s.push(Buffer.from('f\n0123456789'))
  s.end()
  assert.deepEqual(lines, ['abc', 'def', '01234567', '89'])
})
