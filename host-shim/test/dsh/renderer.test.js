// Where the tool is offered: rc.8's web roster graph (WebBootGraph) lists the client halves a page
// loads by package name; the tool is offered while it lists this package's. The whole gate runs
// in real dsh in tests/e2e/prefix.test.mjs (offered under the web profile, not under headless).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BUNDLE_ROOT } from '../../src/dsh/manifest.js'
import { packageName, rendersIn } from '../../src/dsh/renderer.js'

test('the entry looked for is the bundle package, whose ./client export is the Web renderer', () => {
  const pkg = JSON.parse(readFileSync(join(BUNDLE_ROOT, 'package.json'), 'utf8'))
  assert.equal(packageName(), 'dsh-task-surface')
  assert.equal(pkg.exports['./client'], './client-bundle/dist/client.js')
  assert.equal(pkg.dsh.client.platform, 'web')
})

test('a roster graph renders the surface only when it lists the package', () => {
  const entry = (id) => ({ id, url: `/plugins/${id}/client.js?rev=1`, rev: '1' })
  assert.equal(rendersIn({ rev: 'a', entries: [entry('@deepseek-ai/dsh-client-modules'), entry('dsh-task-surface')] }, 'dsh-task-surface'), true)
  assert.equal(rendersIn({ rev: 'b', entries: [entry('@deepseek-ai/dsh-client-modules')] }, 'dsh-task-surface'), false)
  assert.equal(rendersIn({ rev: 'c', entries: [] }, 'dsh-task-surface'), false)
  assert.equal(rendersIn(undefined, 'dsh-task-surface'), false)
})
