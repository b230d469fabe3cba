// Prefix stability: whatever model the agent passes, the tool definition the LLM is offered is
// the same bytes, request after request and session after session, so the prompt prefix (and
// its cache) never changes; only the call's arguments and the user's later conclusion vary.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeLlm } from './support/fake-llm.mjs'
import { Dsh, REPO, makeHome, packBundle, waitFor } from './support/harness.mjs'

const TOOL = 'show_task_surface'
const surface = (name) => JSON.parse(readFileSync(join(REPO, 'examples', 'surfaces', name), 'utf8'))

let llm
let home
let dsh

before(async () => {
  llm = await startFakeLlm()
  home = await makeHome(await packBundle())
  dsh = await Dsh.start({ home: home.home, workspace: home.workspace, llmUrl: llm.url })
})

after(async () => {
  await dsh?.stop()
  await llm?.close()
  home?.cleanup()
})

test('one stable show_task_surface definition whatever the model shows', async () => {
  for (const name of ['compare-options.json', 'release-gate.json', 'review-change.json']) {
    const sessionId = await dsh.createSession(home.workspace)
    llm.reply({ toolCalls: [{ name: TOOL, arguments: { model: surface(name) } }] })
    const prompted = await dsh.prompt(sessionId, `Show me ${name}.`)
    assert.equal(prompted.ok, true, JSON.stringify(prompted))
    await waitFor(async () => (await dsh.projection(sessionId))?.active, { what: `${name} to open` })
    await dsh.waitIdle(sessionId)
  }
  const offered = llm.requests
    .filter((r) => Array.isArray(r.tools) && r.tools.length > 0)
    .map((r) => r.tools.find((t) => t.function?.name === TOOL))
  assert.ok(offered.length >= 3, `at least one agent request per session (got ${offered.length})`)
  assert.ok(offered.every(Boolean), 'every agent request offers show_task_surface')
  const distinct = new Set(offered.map((t) => JSON.stringify(t)))
  assert.equal(distinct.size, 1, 'the tool definition differs between requests')
  const [definition] = distinct
  for (const name of ['compare-options.json', 'release-gate.json', 'review-change.json']) {
    assert.ok(!definition.includes(surface(name).title), `the definition leaks the model of ${name}`)
  }
})
