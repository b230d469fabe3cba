// correlationOf reads what the shared vectors (tests/conformance/correlations) say a message
// source carries, as tasksurface.CorrelationOf does in Go.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { correlationOf } from '../../src/wire/source.js'

const dir = join(import.meta.dirname, '..', '..', '..', 'tests', 'conformance', 'correlations')

for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const { cases } = JSON.parse(readFileSync(join(dir, file), 'utf8'))
  test(`correlation vectors: ${file}`, () => {
    assert.ok(cases.length > 0)
    for (const tc of cases) {
      const source = tc.rawSource !== undefined ? JSON.parse(tc.rawSource) : tc.source
      const got = correlationOf(source)
      if (tc.correlation === null) {
        assert.equal(got, undefined, tc.name)
        continue
      }
      assert.ok(got, tc.name)
      const read = {
        version: got.version,
        submissionId: got.submissionId ?? '',
        callId: got.callId ?? '',
        surfaceId: got.surfaceId,
      }
      if (got.values !== undefined) read.values = got.values
      assert.deepEqual(read, tc.correlation, tc.name)
    }
  })
}
