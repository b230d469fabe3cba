import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { toDshSchema } from '../../src/dsh/schema.js'
import { BUNDLE_ROOT } from '../../src/dsh/manifest.js'

test('keeps what dsh enforces and drops what it would refuse', () => {
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    additionalProperties: false,
    required: ['surfaceId', 'model', 'gone'],
    properties: {
      surfaceId: { type: 'string', pattern: '^tsf_', description: 'the surface' },
      model: { type: 'object' },
      markdown: { type: 'object', additionalProperties: { type: 'string' } },
      kind: { type: 'string', enum: ['a', 'b'] },
      list: { type: 'array', items: { type: 'integer', minimum: 0 } },
      either: { oneOf: [{ type: 'string' }, { type: 'null' }] },
      loose: { type: ['string', 'null'] },
    },
  }
  assert.deepEqual(toDshSchema(schema), {
    type: 'object',
    additionalProperties: false,
    required: ['surfaceId', 'model'],
    properties: {
      surfaceId: { type: 'string', description: 'the surface' },
      model: { type: 'object' },
      markdown: { type: 'object' },
      kind: { type: 'string', enum: ['a', 'b'] },
      list: { type: 'array', items: { type: 'integer' } },
      either: { oneOf: [{ type: 'string' }, { type: 'null' }] },
      loose: {},
    },
  })
})

test('the plugin\'s declared output schema reduces to a schema with the same required keys', () => {
  const declared = JSON.parse(readFileSync(join(BUNDLE_ROOT, 'plugin', 'model', 'output_schema.json'), 'utf8'))
  const reduced = toDshSchema(declared)
  assert.equal(reduced.type, 'object')
  assert.deepEqual(reduced.required, declared.required)
  assert.equal(JSON.stringify(reduced).includes('"pattern"'), false)
})
