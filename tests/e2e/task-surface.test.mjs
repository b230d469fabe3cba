// Task Surface inside the real DeepSeek Harness (dsh 0.1.0-rc.8): the packed bundle installed
// with `dsh plugin --profile web add`, `dsh web` on 127.0.0.1, the plugin binary built from
// this tree, and a scripted keyless LLM. The tests drive dsh over its HTTP API the way the web
// client does (see support/harness.mjs) and assert what a user or the model would notice:
// the log, the projection, the messages the model receives.
import { after, before, beforeEach, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { startFakeLlm, lastUserText, contentText } from './support/fake-llm.mjs'
import { Dsh, REPO, makeHome, packBundle, sleep, waitFor } from './support/harness.mjs'

const MODEL = JSON.parse(readFileSync(join(REPO, 'examples', 'surfaces', 'compare-options.json'), 'utf8'))
const TOOL = 'show_task_surface'

let llm
let home
let dsh

before(async () => {
  llm = await startFakeLlm()
  const tarball = await packBundle()
  home = await makeHome(tarball)
  dsh = await Dsh.start({ home: home.home, workspace: home.workspace, llmUrl: llm.url })
})

beforeEach(() => llm.reset())

after(async () => {
  await dsh?.stop()
  await llm?.close()
  home?.cleanup()
})

const show = (model = MODEL) => ({ name: TOOL, arguments: { model } })
const userMessages = (events) => events.filter((e) => e.type === 'user/message' && e.data.source?.kind === 'user')
const submissions = (events) => userMessages(events).filter((e) => e.data.source.taskSurface)
const commandRuns = (events) => events.filter((e) => e.type === 'command/run' && e.data.name === 'task-surface')

/** A new session whose model opens the example surface; resolves with its ids. */
async function openSurface({ alsoCall = [], thenReply = [] } = {}) {
  const sessionId = await dsh.createSession(home.workspace)
  llm.reply({ toolCalls: [show(), ...alsoCall] })
  for (const r of thenReply) llm.reply(r)
  const before = llm.requests.length
  const prompted = await dsh.prompt(sessionId, 'Help me pick a cache for the session store.')
  assert.equal(prompted.ok, true, JSON.stringify(prompted))
  const active = await waitFor(async () => (await dsh.projection(sessionId))?.active, { what: 'the surface to open' })
  return { sessionId, surfaceId: active.surfaceId, callId: active.callId, requestsBefore: before }
}

/** Open a surface while the same turn stays busy in a subagent whose LLM reply is held. */
async function openSurfaceWithBusyTurn() {
  const opened = await openSurface({
    alsoCall: [{ name: 'subagent', arguments: { description: 'check the numbers', prompt: 'Check the cache numbers.', run_in_background: false } }],
    thenReply: [{ text: 'child finished', hold: true }],
  })
  await waitFor(() => llm.held() === 1, { what: 'the subagent request to be held' })
  assert.equal(await dsh.running(opened.sessionId), true, 'the turn is still running')
  return opened
}

describe('Task Surface in dsh web', () => {
  test('the model calls show_task_surface: the result carries the meta, the surface opens, the turn ends', async () => {
    const { sessionId, surfaceId, callId, requestsBefore } = await openSurface()
    await dsh.waitIdle(sessionId)

    // The tool the model was offered is the plugin's declaration.
    const offered = llm.requests[requestsBefore].tools.find((t) => t.function?.name === TOOL)
    assert.ok(offered, 'show_task_surface is offered to the model')
    assert.match(offered.function.description, /Task Surface/)
    assert.ok(offered.function.parameters.properties.model, 'its parameters take a model')

    const events = await dsh.events(sessionId)
    const result = events.find((e) => e.type === 'tool/result' && e.data.message.source.callId === callId)
    assert.ok(result, 'a tool/result for the call')
    assert.equal(result.data.message.content[0].isError, false)
    const meta = result.data.meta
    assert.equal(meta.kind, 'dsh/task-surface')
    assert.equal(meta.version, 1)
    assert.equal(meta.surfaceId, surfaceId)
    assert.equal(meta.model.title, MODEL.title)
    assert.equal(meta.model.fields.length, MODEL.fields.length)
    const html = Object.values(meta.markdown ?? {}).join('')
    assert.match(html, /<a href="https:\/\/example\.com\/bench\/cache-2026-11"/, 'the markdown block is rendered by the plugin')

    // The model-facing text (what a client without Task Surface shows too) names the surface and
    // says an ordinary message bypasses it when the client cannot render the panel; the turn ended
    // without another model request.
    const text = contentText(result.data.message.content[0])
    assert.ok(text.startsWith(`Task Surface ${JSON.stringify(MODEL.title)} (${surfaceId}) is open for the user.`), text)
    assert.match(text, /If they answer with an ordinary message instead, as they must when their client cannot render the panel, the surface is bypassed and closed\./)
    await sleep(500)
    assert.equal(llm.requests.length, requestsBefore + 1, 'no model request after the concluding call')
    assert.equal(events.filter((e) => e.type === 'turn/end').length >= 1, true, 'the turn ended')

    const active = await dsh.remote('taskSurface/getActive', { sessionId })
    assert.equal(active.ok, true, JSON.stringify(active))
    assert.deepEqual(
      { active: active.value.active, callId: active.value.callId, surfaceId: active.value.surfaceId, pending: active.value.pending },
      { active: true, callId, surfaceId, pending: null },
    )
    assert.equal(active.value.model.title, MODEL.title)
  })

  test('a second show_task_surface while one is open fails and leaves the first open', async () => {
    const { sessionId, callId, surfaceId } = await openSurface({ alsoCall: [show()] })
    await dsh.waitIdle(sessionId)
    const results = (await dsh.events(sessionId)).filter((e) => e.type === 'tool/result')
    assert.equal(results.length, 2)
    const second = results.find((e) => e.data.message.source.callId !== callId)
    assert.equal(second.data.message.content[0].isError, true)
    assert.match(contentText(second.data.message.content[0]), new RegExp(`${surfaceId} is still open`))
    assert.equal(second.data.meta, undefined)
    assert.deepEqual((await dsh.projection(sessionId)).active, { callId, surfaceId })
  })

  test('submit: one correlated user message, the next turn sees the formatted text, the surface closes', async () => {
    const { sessionId, surfaceId, callId } = await openSurface()
    await dsh.waitIdle(sessionId)
    llm.reply({ text: 'Wiring in Redis.' })
    const n = llm.requests.length
    const values = { cache: 'ristretto', constraints: 'keep p99 under 2 ms' }
    const submitted = await dsh.remote('taskSurface/submit', { sessionId, surfaceId, submissionId: 'sub-1', values })
    assert.equal(submitted.ok, true, JSON.stringify(submitted))
    assert.equal(submitted.value.accepted, true, JSON.stringify(submitted.value))
    assert.match(submitted.value.messageId, /^tsm_/)

    const request = await llm.waitForRequests(n + 1)
    const text = lastUserText(request)
    assert.match(text, /Ristretto/)
    assert.match(text, /keep p99 under 2 ms/)
    await dsh.waitIdle(sessionId)

    const events = await dsh.events(sessionId)
    const subs = submissions(events)
    assert.equal(subs.length, 1)
    assert.equal(subs[0].data.id, submitted.value.messageId)
    // The note's source: {kind: 'user', rpcId, taskSurface}; rc.8 does not tell the shim the
    // browser request's rpcId, so the shim mints one per admission.
    const { rpcId, ...source } = subs[0].data.source
    assert.match(rpcId, /^[0-9a-f-]{36}$/)
    assert.deepEqual(source, {
      kind: 'user',
      taskSurface: { version: 1, submissionId: 'sub-1', callId, surfaceId, values },
    })
    assert.equal(contentText(subs[0].data), text, 'the model received exactly the message text')

    const projection = await dsh.projection(sessionId)
    assert.equal(projection.active, null)
    assert.equal(projection.outcomes.at(-1).outcome, 'submitted')

    // The same submission id again: the first answer, no second message, no new turn.
    const requestsNow = llm.requests.length
    const again = await dsh.remote('taskSurface/submit', { sessionId, surfaceId, submissionId: 'sub-1', values })
    assert.equal(again.ok, true)
    assert.equal(again.value.accepted, true, JSON.stringify(again.value))
    assert.equal(again.value.messageId, submitted.value.messageId)
    await sleep(500)
    assert.equal(submissions(await dsh.events(sessionId)).length, 1)
    assert.equal(llm.requests.length, requestsNow)

    const closed = await dsh.remote('taskSurface/getActive', { sessionId })
    assert.deepEqual(closed.value, { active: false, reason: 'not-open', problems: [] })
  })

  test('while a submission is queued: its id again reuses it, another id and a dismissal are refused', async () => {
    const { sessionId, surfaceId } = await openSurfaceWithBusyTurn()
    const first = await dsh.remote('taskSurface/submit', { sessionId, surfaceId, submissionId: 'sub-A', values: { cache: 'redis' } })
    assert.equal(first.value.accepted, true, JSON.stringify(first))
    const retry = await dsh.remote('taskSurface/submit', { sessionId, surfaceId, submissionId: 'sub-A', values: { cache: 'redis' } })
    assert.equal(retry.value.messageId, first.value.messageId)
    const other = await dsh.remote('taskSurface/submit', { sessionId, surfaceId, submissionId: 'sub-B', values: { cache: 'none' } })
    assert.deepEqual({ accepted: other.value.accepted, reason: other.value.reason }, { accepted: false, reason: 'submission-pending' })

    const active = await dsh.remote('taskSurface/getActive', { sessionId, surfaceId })
    assert.deepEqual(active.value.pending, { submissionId: 'sub-A', messageId: first.value.messageId, phase: 'queued' })

    const dismissed = await dsh.remote('taskSurface/dismiss', { sessionId, surfaceId, dismissalId: 'dis-pending' })
    assert.deepEqual(dismissed.value, { dismissed: false, reason: 'submission-pending', problems: [] })
    const typed = await dsh.command(sessionId, '/task-surface dismiss')
    assert.equal(typed.ok, true, JSON.stringify(typed))
    assert.equal(typed.value.result.kind, 'error', 'the typed dismissal is refused while a submission is pending')
    assert.match(typed.value.result.text, /submission/)

    llm.reply({ text: 'Going with Redis.' })
    const n = llm.requests.length
    llm.release()
    const request = await llm.waitForRequests(n + 1)
    assert.match(lastUserText(request), /Redis/)
    await dsh.waitIdle(sessionId)
    const events = await dsh.events(sessionId)
    assert.deepEqual(submissions(events).map((e) => e.data.source.taskSurface.submissionId), ['sub-A'])
    assert.equal((await dsh.projection(sessionId)).active, null)
    const runs = commandRuns(events)
    assert.equal(runs.length, 1, 'the refused typed command left its own record')
    assert.equal(events.find((e) => e.type === 'command/done' && e.data.commandId === runs[0].data.commandId).data.kind, 'error')
  })

  test('queue actions on a queued submission: edit is restored, steer is undone, remove reopens the surface', async () => {
    const { sessionId, surfaceId } = await openSurfaceWithBusyTurn()
    const first = await dsh.remote('taskSurface/submit', { sessionId, surfaceId, submissionId: 'sub-E', values: { cache: 'redis' } })
    const messageId = first.value.messageId
    const canonical = () => waitFor(async () => {
      const spliced = (await dsh.events(sessionId)).filter((e) => e.type === 'agent/inbox/spliced')
      return spliced.flatMap((e) => e.data.inserted).find((m) => m.id === messageId)
    }, { what: 'the queued submission' })
    const original = contentText(await canonical())

    const edit = await dsh.api('session.updateQueue', { sessionId, itemId: messageId, action: { kind: 'edit', content: [{ type: 'text', text: 'use no cache at all' }] } })
    assert.equal(edit.ok, true, JSON.stringify(edit))
    const restoredText = await waitFor(async () => {
      const inserted = (await dsh.events(sessionId)).filter((e) => e.type === 'agent/inbox/spliced').flatMap((e) => e.data.inserted).filter((m) => m.id === messageId)
      return inserted.length >= 3 ? contentText(inserted.at(-1)) : undefined
    }, { what: 'the edit to be restored' })
    assert.equal(restoredText, original)

    // Steer moves the item to the next step of the running turn; the shim moves it back.
    const steered = await dsh.api('session.updateQueue', { sessionId, itemId: messageId, action: { kind: 'steer' } })
    assert.equal(steered.ok, true, JSON.stringify(steered))
    await waitFor(async () => {
      const splices = (await dsh.events(sessionId)).filter((e) => e.type === 'agent/inbox/spliced')
      const last = splices.filter((e) => e.data.inserted.some((m) => m.id === messageId)).at(-1)
      return last?.data.target === 'next-turn' && splices.some((e) => e.data.target === 'next-step' && e.data.inserted.some((m) => m.id === messageId))
    }, { what: 'the steered submission to be back in the queue' })
    assert.equal((await dsh.remote('taskSurface/getActive', { sessionId })).value.pending.submissionId, 'sub-E')

    const removed = await dsh.api('session.updateQueue', { sessionId, itemId: messageId, action: { kind: 'remove' } })
    assert.equal(removed.ok, true, JSON.stringify(removed))
    await waitFor(async () => {
      const a = await dsh.remote('taskSurface/getActive', { sessionId })
      return a.ok && a.value.active && a.value.pending === null
    }, { what: 'the surface to be editable again after the removal' })
    const second = await dsh.remote('taskSurface/submit', { sessionId, surfaceId, submissionId: 'sub-F', values: { cache: 'ristretto' } })
    assert.equal(second.value.accepted, true, JSON.stringify(second))

    llm.reply({ text: 'Ristretto it is.' })
    const n = llm.requests.length
    llm.release()
    const request = await llm.waitForRequests(n + 1)
    assert.match(lastUserText(request), /Ristretto/)
    await dsh.waitIdle(sessionId)
    const subs = submissions(await dsh.events(sessionId))
    assert.deepEqual(subs.map((e) => e.data.source.taskSurface.submissionId), ['sub-F'])
  })

  test('dismiss through the browser RPC: one command record, no turn; the same id again is a no-op', async () => {
    const { sessionId, surfaceId } = await openSurface()
    await dsh.waitIdle(sessionId)
    const requests = llm.requests.length
    const dismissed = await dsh.remote('taskSurface/dismiss', { sessionId, surfaceId, dismissalId: 'dis-1' })
    assert.equal(dismissed.ok, true, JSON.stringify(dismissed))
    assert.ok(dsh.shimLog().some((r) => /descriptors are registered/.test(r.message)), 'dsh took the browser RPC\'s descriptors: the call found by its endpoint')
    assert.equal(dismissed.value.dismissed, true, JSON.stringify(dismissed.value))

    const events = await dsh.events(sessionId)
    const runs = commandRuns(events)
    assert.equal(runs.length, 1)
    assert.match(runs[0].data.args, new RegExp(`dismiss ${surfaceId} dis-1`))
    const done = events.find((e) => e.type === 'command/done' && e.data.commandId === runs[0].data.commandId)
    assert.equal(done.data.kind, 'success')
    // The row dsh shows for the command says which surface went, by its title.
    assert.equal(done.data.text, `Task Surface ${JSON.stringify(MODEL.title)} dismissed.`)
    assert.equal(dismissed.value.eventSeq, done.seq)
    const projection = await dsh.projection(sessionId)
    assert.equal(projection.active, null)
    assert.deepEqual(
      { outcome: projection.outcomes.at(-1).outcome, dismissalId: projection.outcomes.at(-1).dismissalId },
      { outcome: 'dismissed', dismissalId: 'dis-1' },
    )

    const again = await dsh.remote('taskSurface/dismiss', { sessionId, surfaceId, dismissalId: 'dis-1' })
    assert.deepEqual(again.value, dismissed.value)
    await sleep(300)
    const after = await dsh.events(sessionId)
    assert.equal(commandRuns(after).length, 1, 'no second record')
    assert.equal(after.filter((e) => e.type === 'turn/start').length, events.filter((e) => e.type === 'turn/start').length, 'no turn started')
    assert.equal(llm.requests.length, requests)
  })

  test('a typed /task-surface dismiss closes the open surface and starts no turn', async () => {
    const { sessionId } = await openSurface()
    await dsh.waitIdle(sessionId)
    const turns = (await dsh.events(sessionId)).filter((e) => e.type === 'turn/start').length
    const typed = await dsh.command(sessionId, '/task-surface dismiss')
    assert.equal(typed.ok, true, JSON.stringify(typed))
    assert.equal(typed.value.result.kind, 'success', JSON.stringify(typed.value))
    const events = await dsh.events(sessionId)
    assert.equal(commandRuns(events).length, 1)
    assert.equal((await dsh.projection(sessionId)).active, null)
    assert.equal(events.filter((e) => e.type === 'turn/start').length, turns)
    const closed = await dsh.remote('taskSurface/getActive', { sessionId })
    assert.equal(closed.value.active, false)
  })

  test('an invalid model: the tool result tells the model what to fix, with pointers; nothing opens', async () => {
    const sessionId = await dsh.createSession(home.workspace)
    const broken = structuredClone(MODEL)
    broken.fields[0].initial = 'memcached' // not one of the options
    broken.fields.push({ kind: 'toggle', id: 'cache', label: 'duplicate id' })
    llm.reply({ toolCall: show(broken) })
    llm.reply({ text: 'I will fix the model.' })
    const n = llm.requests.length
    await dsh.prompt(sessionId, 'Show me the options.')
    const followUp = await llm.waitForRequests(n + 2)
    await dsh.waitIdle(sessionId)
    const toolMessage = followUp.messages.find((m) => m.role === 'tool')
    assert.ok(toolMessage, 'the model received the tool result')
    const text = contentText(toolMessage)
    assert.match(text, /\/fields\/0\/initial/)
    assert.match(text, /\/fields\/2\/id/)
    const events = await dsh.events(sessionId)
    const result = events.find((e) => e.type === 'tool/result')
    assert.equal(result.data.message.content[0].isError, true)
    assert.equal(result.data.meta, undefined)
    assert.equal((await dsh.projection(sessionId)).active, null)
  })

  test('SIGKILL the plugin mid-flow: it is restarted, the surface is editable again, nothing is lost or doubled', async () => {
    const { sessionId, surfaceId } = await openSurfaceWithBusyTurn()
    const first = await dsh.remote('taskSurface/submit', { sessionId, surfaceId, submissionId: 'sub-K', values: { cache: 'redis' } })
    assert.equal(first.value.accepted, true)
    const [pid] = dsh.pluginPids()
    assert.ok(pid, 'the plugin runs as a child of dsh')
    process.kill(pid, 'SIGKILL')

    // The harness keeps serving while the plugin is away; the seams answer a clear error.
    const during = await dsh.remote('taskSurface/getActive', { sessionId })
    if (!during.ok) assert.match(during.error.message, /Task Surface plugin/)
    assert.ok((await dsh.value('session.list', {})).items.length > 0)

    const back = await waitFor(async () => {
      const a = await dsh.remote('taskSurface/getActive', { sessionId })
      return a.ok ? a.value : undefined
    }, { what: 'the restarted plugin to answer' })
    const [newPid] = dsh.pluginPids()
    assert.notEqual(newPid, pid)
    assert.equal(back.active, true)
    assert.equal(back.surfaceId, surfaceId)
    // The queued submission survives in the inbox; the restarted plugin finds it again.
    assert.equal(back.pending?.submissionId ?? null, 'sub-K')
    assert.ok(dsh.shimLog().some((r) => /exited unexpectedly/.test(r.message)), 'the shim logged the crash')

    const retry = await dsh.remote('taskSurface/submit', { sessionId, surfaceId, submissionId: 'sub-K', values: { cache: 'redis' } })
    assert.equal(retry.value.messageId, first.value.messageId)
    llm.reply({ text: 'Redis, then.' })
    const n = llm.requests.length
    llm.release()
    await llm.waitForRequests(n + 1)
    await dsh.waitIdle(sessionId)
    assert.deepEqual(submissions(await dsh.events(sessionId)).map((e) => e.data.source.taskSurface.submissionId), ['sub-K'])
  })
})

describe('the browser RPC is strict', () => {
  /** The resident memory of dsh's own node process, in bytes. */
  function dshRss() {
    const pid = dsh.nodePid()
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1])
    return kb * 1024
  }

  /** POST a request that declares `declared` bytes and sends only `sent` of them. */
  function postLarge(method, declared, sent) {
    return new Promise((resolve, reject) => {
      const req = request(`${dsh.url}/api/taskSurface/${method}`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(declared) },
      }, (res) => {
        let body = ''
        res.on('data', (d) => { body += d })
        res.on('end', () => resolve({ status: res.statusCode, body }))
      })
      req.on('error', (err) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? undefined : reject(err)))
      req.write(Buffer.alloc(sent, 0x20))
    })
  }

  test('a request of 100 MB is refused before dsh reads it, and dsh\'s memory stays where it was', async () => {
    const before = dshRss()
    for (let i = 0; i < 3; i++) {
      const res = await postLarge('submit', 100 << 20, 1 << 20)
      assert.equal(res.status, 413)
      assert.match(res.body, /at most \d+ bytes .*maxSubmissionBytes.*declares 104857600.*Nothing was read/)
    }
    const grown = dshRss() - before
    assert.ok(grown < 32 << 20, `dsh grew by ${(grown / 1048576).toFixed(1)} MiB for three refused 100 MB requests`)
    // The bound leaves every ordinary request to dsh's own /api route.
    const { sessionId } = await openSurface()
    assert.equal((await dsh.remote('taskSurface/getActive', { sessionId })).value.active, true)
  })

  test('wrong JSON types and deep nesting are refused with the argument named, never coerced', async () => {
    const { sessionId, surfaceId } = await openSurface()
    await dsh.waitIdle(sessionId)
    for (const submissionId of [42, [1], true]) {
      const r = await dsh.taskSurface('submit', { sessionId, surfaceId, submissionId, values: { cache: 'redis' } })
      assert.deepEqual([r.accepted, r.reason, r.problems.map((p) => [p.code, p.pointer])], [false, 'invalid-request', [['wrong-type', '/submissionId']]])
    }
    const note = await dsh.taskSurface('submit', { sessionId, surfaceId, submissionId: 'sub-N', values: { cache: 'redis' }, note: 7 })
    assert.deepEqual(note.problems.map((p) => p.pointer), ['/note'])
    // Nested past the shim's bound: refused before anything walks it recursively, with where.
    let deep = {}
    for (let i = 0; i < 100; i++) deep = { a: deep }
    const nested = await dsh.taskSurface('submit', { sessionId, surfaceId, submissionId: 'sub-N', values: { constraints: deep } })
    assert.equal(nested.reason, 'invalid-request')
    assert.equal(nested.problems[0].code, 'too-deep')
    assert.match(nested.problems[0].pointer, /^\/values\/constraints(\/a){63}$/)
    assert.match(nested.problems[0].message, /nested more than 64 levels/)
    // 5,000 levels, written as text (JSON.stringify itself gives up on such a value): dsh's own
    // gateway refuses it before any Remote runs, naming the argument.
    const text = `${'{"a":'.repeat(5000)}{}${'}'.repeat(5000)}`
    const args = `{"sessionId":${JSON.stringify(sessionId)},"surfaceId":${JSON.stringify(surfaceId)},"submissionId":"sub-N","values":{"constraints":${text}}}`
    const res = await fetch(`${dsh.url}/api/taskSurface/submit`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: `{"type":"client-request","rpcId":"rpc-deep","method":"taskSurface/submit","payload":{"args":${args}}}`,
    })
    const { result } = await res.json()
    assert.equal(result.ok, false)
    assert.match(result.error.message, /wire field "values" failed boundary validation/)
    const dismissal = await dsh.taskSurface('dismiss', { sessionId, surfaceId, dismissalId: 12 })
    assert.deepEqual([dismissal.dismissed, dismissal.problems.map((p) => p.pointer)], [false, ['/dismissalId']])
    assert.equal(submissions(await dsh.events(sessionId)).length, 0, 'nothing was sent')
    assert.equal((await dsh.projection(sessionId)).active?.surfaceId, surfaceId, 'the surface is still open')
  })

  test('a submission id reused for other answers is refused; a retry after the message reached the log says it was delivered', async () => {
    const { sessionId, surfaceId } = await openSurface()
    await dsh.waitIdle(sessionId)
    llm.reply({ text: 'Redis.' })
    const first = await dsh.taskSurface('submit', { sessionId, surfaceId, submissionId: 'sub-I', values: { cache: 'redis' } })
    assert.equal(first.accepted, true)
    await waitFor(async () => !(await dsh.projection(sessionId)).active, { what: 'the submission to reach the log' })
    await dsh.waitIdle(sessionId)
    assert.deepEqual(await dsh.taskSurface('submit', { sessionId, surfaceId, submissionId: 'sub-I', values: { cache: 'redis' } }),
      { accepted: true, messageId: first.messageId, phase: 'committed' })
    const other = await dsh.taskSurface('submit', { sessionId, surfaceId, submissionId: 'sub-I', values: { cache: 'none' } })
    assert.deepEqual([other.accepted, other.reason], [false, 'submission-id-reused'])
    assert.equal(submissions(await dsh.events(sessionId)).length, 1)
  })
})

describe('after a dsh restart', () => {
  test('sessions load and their surfaces are what the log implies; the plugin dies with the harness', async () => {
    const open = await openSurface()
    await dsh.waitIdle(open.sessionId)
    const dismissed = await openSurface()
    await dsh.waitIdle(dismissed.sessionId)
    await dsh.remote('taskSurface/dismiss', { sessionId: dismissed.sessionId, surfaceId: dismissed.surfaceId, dismissalId: 'dis-r' })

    const pids = dsh.pluginPids()
    assert.equal(pids.length, 1)
    await dsh.stop()
    await waitFor(() => pids.every((pid) => { try { process.kill(pid, 0); return false } catch { return true } }), { what: 'the plugin to exit with dsh' })

    dsh = await Dsh.start({ home: home.home, workspace: home.workspace, llmUrl: llm.url })
    const reopened = await dsh.history(open.sessionId)
    assert.ok(reopened.events.some((e) => e.type === 'tool/result' && e.data.meta?.surfaceId === open.surfaceId))
    assert.equal(reopened.projections.taskSurface.active.surfaceId, open.surfaceId)
    const active = await dsh.remote('taskSurface/getActive', { sessionId: open.sessionId })
    assert.equal(active.value.active, true, JSON.stringify(active))
    assert.equal(active.value.surfaceId, open.surfaceId)

    const closed = await dsh.history(dismissed.sessionId)
    assert.equal(closed.projections.taskSurface.active, null)
    assert.equal(commandRuns(closed.events).length, 1)

    // The reopened surface still takes its submission.
    llm.reply({ text: 'Thanks.' })
    const n = llm.requests.length
    const submitted = await dsh.remote('taskSurface/submit', { sessionId: open.sessionId, surfaceId: open.surfaceId, submissionId: 'sub-R', values: { cache: 'none' } })
    assert.equal(submitted.value.accepted, true, JSON.stringify(submitted))
    assert.match(lastUserText(await llm.waitForRequests(n + 1)), /No cache/)
  })
})
