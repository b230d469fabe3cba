import { test } from 'node:test'
import assert from 'node:assert/strict'
import { effectiveLimits, readRowConfig } from '../../src/dsh/config.js'
import { readManifest } from '../../src/dsh/manifest.js'

const defaults = readManifest().limits

test('without row config the manifest\'s default limits go to Configure', () => {
  assert.deepEqual(readRowConfig(defaults, undefined), {
    limits: { max_model_bytes: 65536, max_blocks: 64, max_fields: 32, max_table_rows: 200, max_submission_bytes: 32768 },
    env: {},
    problems: [],
  })
})

test('row limits override the defaults key by key; logLevel reaches the plugin\'s environment', () => {
  const row = readRowConfig(defaults, { limits: { maxFields: 4, maxTableRows: 50 }, logLevel: 'DEBUG' })
  assert.equal(row.limits.max_fields, 4)
  assert.equal(row.limits.max_table_rows, 50)
  assert.equal(row.limits.max_blocks, 64)
  assert.deepEqual(row.env, { TASK_SURFACE_LOG_LEVEL: 'debug' })
  assert.deepEqual(row.problems, [])
})

test('values that cannot be sent are reported and the default stays', () => {
  const row = readRowConfig(defaults, {
    limits: { maxFields: -3, maxBlocks: 'lots', maxTableRows: 1.5, maxRows: 10 },
    logLevel: 'loud',
    colour: 'blue',
  })
  assert.equal(row.limits.max_fields, 32)
  assert.equal(row.limits.max_blocks, 64)
  assert.equal(row.limits.max_table_rows, 200)
  assert.deepEqual(row.env, {})
  assert.deepEqual(row.problems, [
    'config.limits.maxFields -3 is not a positive whole number; the default 32 applies',
    'config.limits.maxBlocks "lots" is not a positive whole number; the default 64 applies',
    'config.limits.maxTableRows 1.5 is not a positive whole number; the default 200 applies',
    'config.limits.maxRows is not a Task Surface limit (known: maxModelBytes, maxBlocks, maxFields, maxTableRows, maxSubmissionBytes); ignored',
    'config.logLevel "loud" is not one of trace, debug, info, warn, error; ignored',
    'config.colour is not a Task Surface setting (known: limits, logLevel); ignored',
  ])
})

test('a value beyond uint32 is sent as the largest uint32 (the plugin then refuses it), never wrapped', () => {
  const row = readRowConfig(defaults, { limits: { maxModelBytes: 2 ** 32 + 5 } })
  assert.equal(row.limits.max_model_bytes, 0xffffffff)
})

test('a config that is not a mapping is reported', () => {
  assert.deepEqual(readRowConfig(defaults, 'limits').problems, ['the row config must be a mapping; ignoring "limits"'])
  assert.deepEqual(readRowConfig(defaults, { limits: [1] }).problems, ['config.limits must be a mapping; ignoring [1]'])
})

test('the effective limits come back with row-config names', () => {
  assert.deepEqual(effectiveLimits({ max_model_bytes: 1, max_blocks: 2, max_fields: 3, max_table_rows: 4, max_submission_bytes: 5 }),
    { maxModelBytes: 1, maxBlocks: 2, maxFields: 3, maxTableRows: 4, maxSubmissionBytes: 5 })
})
