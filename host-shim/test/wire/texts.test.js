// The shim's stand-in for the plugin's text of a successful call is the plugin's text: the
// vectors in tests/conformance/texts hold what plugin/tool.Opened writes.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fallbackText } from '../../src/dsh/tool.js'

const file = join(import.meta.dirname, '..', '..', '..', 'tests', 'conformance', 'texts', 'opened.json')

test('the stand-in text is the plugin\'s, every title quoted as Go quotes it', () => {
  const { cases } = JSON.parse(readFileSync(file, 'utf8'))
  assert.ok(cases.length > 0)
  for (const c of cases) {
    assert.equal(fallbackText({ surfaceId: c.surfaceId, model: { title: c.title } }), c.text, c.name)
  }
})
