// Code Mode: dsh rc.8 cannot keep one tool out of run_code, so show_task_surface is reachable
// as tools.show_task_surface() from a program. Such a call is nested (it has a parent call)
// and must fail with a clear error, without opening a surface. In `both` mode (the tools offered
// natively and in run_code) the direct call works as in native mode.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeLlm, contentText } from './support/fake-llm.mjs'
import { Dsh, REPO, makeHome, packBundle } from './support/harness.mjs'

const MODEL = JSON.parse(readFileSync(join(REPO, 'examples', 'surfaces', 'review-change.json'), 'utf8'))

let llm
let home
let dsh

before(async () => {
  llm = await startFakeLlm()
  home = await makeHome(await packBundle())
  dsh = await Dsh.start({ home: home.home, workspace: home.workspace, llmUrl: llm.url, env: { DSH_TOOLS_MODE: 'code' } })
})

after(async () => {
  await dsh?.stop()
  await llm?.close()
  home?.cleanup()
})

test('a call from run_code is refused with a clear error and opens nothing', async () => {
  const sessionId = await dsh.createSession(home.workspace)
  const code = `try { return await tools.show_task_surface({ model: ${JSON.stringify(MODEL)} }) } catch (err) { return 'refused: ' + err.message }`
  llm.reply({ toolCall: { name: 'run_code', arguments: { code, description: 'show a review panel' } } })
  llm.reply({ text: 'I will ask in prose instead.' })
  await dsh.prompt(sessionId, 'Review the change with me.')
  const followUp = await llm.waitForRequests(2)
  await dsh.waitIdle(sessionId)
  assert.deepEqual(llm.requests[0].tools.map((t) => t.function.name), ['run_code'], 'code mode offers only run_code')
  const toolMessage = followUp.messages.find((m) => m.role === 'tool')
  assert.match(contentText(toolMessage), /refused: .*top-level tool call/)
  const events = await dsh.events(sessionId)
  assert.equal(events.some((e) => e.type === 'tool/result' && e.data.meta?.kind === 'dsh/task-surface'), false)
  assert.equal((await dsh.projection(sessionId)).active, null)
})

// In `both` mode dsh offers the tools natively and in run_code: a direct call opens a surface and
// ends the turn; the same call from a program is refused as nested.
test('both mode: a direct call opens the surface, a call from run_code is refused', async () => {
  await dsh.stop()
  dsh = await Dsh.start({ home: home.home, workspace: home.workspace, llmUrl: llm.url, env: { DSH_TOOLS_MODE: 'both' } })
  const sessionId = await dsh.createSession(home.workspace)
  const code = `try { return await tools.show_task_surface({ model: ${JSON.stringify(MODEL)} }) } catch (err) { return 'refused: ' + err.message }`
  llm.reply({ toolCall: { name: 'run_code', arguments: { code, description: 'show a review panel' } } })
  llm.reply({ toolCall: { name: 'show_task_surface', arguments: { model: MODEL } } })
  const before = llm.requests.length
  await dsh.prompt(sessionId, 'Review the change with me.')
  await llm.waitForRequests(before + 2)
  await dsh.waitIdle(sessionId)
  const offered = llm.requests[before].tools.map((t) => t.function.name)
  assert.ok(offered.includes('run_code') && offered.includes('show_task_surface'), `both mode offers both: ${offered}`)
  const toolMessage = llm.requests[before + 1].messages.find((m) => m.role === 'tool')
  assert.match(contentText(toolMessage), /refused: .*top-level tool call/)
  const active = (await dsh.projection(sessionId)).active
  assert.ok(active, 'the direct call opened the surface')
  const events = await dsh.events(sessionId)
  assert.equal(events.filter((e) => e.type === 'tool/result' && e.data.meta?.kind === 'dsh/task-surface').length, 1, 'one surface, from the direct call')
  assert.equal(events.at(-1).type, 'turn/end', 'the direct call ended the turn')
  assert.equal(llm.requests.length, before + 2, 'no request after the surface opened')
})
