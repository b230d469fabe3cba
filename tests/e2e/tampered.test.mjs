// A plugin binary that differs from the digest in manifest.json is never started: dsh boots
// and serves, the log says what to do, and the model is offered a stand-in show_task_surface
// whose error says the same, so it can tell the user.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { contentText, startFakeLlm } from './support/fake-llm.mjs'
import { Dsh, makeHome, packBundle, sleep } from './support/harness.mjs'

let llm
let home
let dsh

before(async () => {
  llm = await startFakeLlm()
  home = await makeHome(await packBundle())
  // Replace the installed binary with a changed copy. Unlink first: pnpm hard-links package
  // files from its store, and writing through the link would change the store's copy too.
  const path = join(home.home, 'profiles', 'web', 'node_modules', 'dsh-task-surface', 'bin', 'linux-x64', 'task-surface-plugin')
  const bytes = readFileSync(path)
  rmSync(path)
  writeFileSync(path, Buffer.concat([bytes, Buffer.from('tampered')]))
  chmodSync(path, 0o755)
  dsh = await Dsh.start({ home: home.home, workspace: home.workspace, llmUrl: llm.url })
})

after(async () => {
  await dsh?.stop()
  await llm?.close()
  home?.cleanup()
})

test('a tampered binary is refused with a message that says what to do; dsh keeps serving', async () => {
  await sleep(500)
  assert.deepEqual(dsh.pluginPids(), [], 'no plugin process was started')
  const refusal = dsh.shimLog().find((r) => r.level === 'error' && /SHA-256/.test(r.message))
  assert.ok(refusal, 'the refusal is logged')
  assert.match(refusal.message, /manifest\.json expects [0-9a-f]{64}/)
  assert.match(refusal.message, /reinstall the Task Surface bundle \(dsh plugin --profile web add <tarball>\) and restart dsh/)

  const sessionId = await dsh.createSession(home.workspace)
  llm.reply({ toolCall: { name: 'show_task_surface', arguments: { model: {} } } })
  llm.reply({ text: 'Task Surface is not available here.' })
  await dsh.prompt(sessionId, 'Hi.')
  const request = await llm.waitForRequests(1)
  const offered = request.tools.find((t) => t.function.name === 'show_task_surface')
  assert.ok(offered, 'the model is offered the stand-in tool')
  assert.match(offered.function.description, /cannot run on this machine/)
  await dsh.waitIdle(sessionId)
  const events = await dsh.events(sessionId)
  const result = events.find((e) => e.type === 'tool/result')
  assert.ok(result, 'the call has a result')
  assert.equal(result.data.message.content[0].isError, true)
  assert.match(contentText(result.data.message.content[0]), /manifest\.json expects [0-9a-f]{64}/, 'the tool error says why and what to do')
  assert.ok(events.some((e) => e.type === 'assistant/message'), 'the harness answered the prompt')
})
