// The dismissal command and the Dock's dismissal record: what a person sees in the composer after
// /task-surface dismiss, what the plugin is asked, what is written and what is logged.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { MAX_ASKS, createDismissals } from '../../src/dsh/dismissals.js'
import { Reason, ReasonText } from '../../src/wire/words.gen.js'

const record = (surfaceId, dismissalId, token = 't1') => ({
  surface_id: surfaceId, dismissal_id: dismissalId, call_id: 'call_1', command_name: 'task-surface', command_args: `dismiss ${surfaceId} ${dismissalId}`,
  state_token: token,
})

/** The dismissals over a plugin whose Dismiss answers `answer` (or throws it), in a session whose
 * state token is 't1'; `logs` collects the lines logged, `writing` the dismissals in flight. */
function harness({ answer, events = [], execute } = {}) {
  const calls = []
  const logs = []
  const handlers = {}
  const plugin = {
    async call(method, request) {
      calls.push({ method, request })
      if (answer instanceof Error) throw answer
      return answer
    },
  }
  const writing = new Set()
  const queue = {
    snapshot: () => ({ projection_json: Buffer.from('{}'), queue: [], log_seq: 3, state_token: 't1' }),
    beginDismissal: (agent, session, r) => {
      if (r.state_token !== 't1') return undefined
      writing.add(r.dismissal_id)
      return () => writing.delete(r.dismissal_id)
    },
  }
  const ctx = { on: (name, fn) => { handlers[name] = fn }, commands: { execute } }
  const dismissals = createDismissals({ ctx, plugin, queue, commandName: () => 'task-surface', log: (level, message) => logs.push([level, message]) })
  dismissals.observe()
  const session = { id: 'ses_1', events }
  const agent = { id: 'ses_1', session }
  const run = (rawInput, commandId = 'cmd_7') => dismissals.handle({ agent, rawInput, commandId, signal: undefined })
  return { calls, logs, handlers, dismissals, run, session, agent, writing }
}

test('a refusal reads as the contract\'s sentence for its reason', async () => {
  for (const reason of [Reason.NotOpen, Reason.Stale, Reason.SubmissionPending, Reason.InvalidDismissalID, Reason.DismissalIDReused]) {
    const { run } = harness({ answer: { dismissed: false, reason } })
    assert.deepEqual(await run('dismiss tsf_a d-1'), { kind: 'error', text: ReasonText[reason] }, reason)
  }
})

test('a reason outside the contract is named as it is', async () => {
  for (const reason of ['command-unavailable', 'constructor']) {
    const { run } = harness({ answer: { dismissed: false, reason } })
    assert.deepEqual(await run('dismiss tsf_a d-1'), { kind: 'error', text: `Task Surface not dismissed (${reason}).` }, reason)
  }
})

test('a typed dismissal the plugin decides succeeds, is asked as the running command, and is in flight until dsh writes its done', async () => {
  const { calls, logs, handlers, run, writing } = harness({ answer: { dismissed: true, record: record('tsf_a', 'cmd_7') } })
  assert.deepEqual(await run('dismiss'), { kind: 'success', text: 'Task Surface dismissed.' })
  assert.equal(calls.length, 1)
  const { request } = calls[0]
  assert.deepEqual([request.session_id, request.surface_id, request.dismissal_id, request.command_id], ['ses_1', '', 'cmd_7', 'cmd_7'])
  assert.equal(request.snapshot.log_seq, 3, 'the plugin decides from the session as it is')
  assert.deepEqual([...writing], ['cmd_7'], 'the record is in flight until its done')
  handlers['session/event']({ id: 'ses_1' }, { type: 'command/done', seq: 12, data: { commandId: 'cmd_7', kind: 'success' } })
  assert.deepEqual([...writing], [])
  assert.deepEqual(logs, [], 'a record written is no news')
})

test('a typed dismissal whose command dsh ends without success is logged as not recorded', async () => {
  const { logs, handlers, run, writing } = harness({ answer: { dismissed: true, record: record('tsf_a', 'cmd_7') } })
  assert.deepEqual(await run('dismiss'), { kind: 'success', text: 'Task Surface dismissed.' })
  handlers['session/event']({ id: 'ses_1' }, { type: 'command/done', seq: 12, data: { commandId: 'cmd_7', kind: 'error' } })
  assert.deepEqual([...writing], [])
  assert.deepEqual(logs.map(([level]) => level), ['info'])
  assert.match(logs[0][1], /dismissal cmd_7 of the Task Surface tsf_a in session ses_1 was not recorded \(not-recorded\)/)
})

test('a typed dismissal decided on a state the session no longer has is asked again, at most MAX_ASKS times, and nothing is written', async () => {
  const { calls, run, writing } = harness({ answer: { dismissed: true, record: record('tsf_a', 'd-1', 'an older state') } })
  assert.deepEqual(await run('dismiss tsf_a d-1'), { kind: 'error', text: ReasonText[Reason.NotRecorded] })
  assert.equal(calls.length, MAX_ASKS)
  assert.deepEqual([...writing], [])
})

test('a line that is not a dismissal shows the usage, and a failed call its error', async () => {
  const { calls, run } = harness({ answer: { dismissed: true } })
  assert.deepEqual(await run('dismiss __proto__'), { kind: 'error', text: 'Usage: /task-surface dismiss [<surfaceId> [<dismissalId>]]' })
  assert.equal(calls.length, 0)
  const failing = harness({ answer: new Error('The Task Surface plugin is restarting after a failure') })
  assert.deepEqual(await failing.run('dismiss tsf_a'), { kind: 'error', text: 'The Task Surface plugin is restarting after a failure' })
})

test('a dismissal from the Dock is written as a command whose row names the surface by its title, and answered with its seq', async () => {
  const meta = (surfaceId, title) => ({ kind: 'dsh/task-surface', version: 1, surfaceId, model: { title } })
  const events = [
    { seq: 1, type: 'tool/result', data: { meta: meta('tsf_old', 'Older') } },
    { seq: 2, type: 'tool/result', data: { meta: meta('tsf_a', 'Release "gate"') } },
  ]
  const ran = []
  let h
  const execute = async (a, line) => {
    // dsh runs the command line through the same handler a person's typed command reaches.
    const commandId = `cmd_${ran.length}`
    const result = await h.dismissals.handle({ agent: a, rawInput: line.replace(/^\/task-surface /, ''), commandId, signal: undefined })
    ran.push({ line, text: result.text })
    h.session.events.push({ seq: 9, type: 'command/done', data: { commandId, kind: result.kind } })
    return { result, commandId }
  }
  h = harness({ answer: new Error('the plugin decided already; the record is not asked of it again'), events, execute })
  assert.deepEqual(await h.dismissals.record(h.session, h.agent, record('tsf_a', 'd-1')), { recorded: true, eventSeq: 9 })
  assert.deepEqual(ran, [{ line: '/task-surface dismiss tsf_a d-1', text: 'Task Surface "Release \\"gate\\"" dismissed.' }])
  assert.deepEqual(h.logs, [])
  assert.equal(h.calls.length, 0)
})

test('a Dock dismissal decided on a state the session no longer has writes nothing and says so, for the Remote to ask again', async () => {
  const h = harness({ execute: async () => assert.fail('nothing is written') })
  assert.deepEqual(await h.dismissals.record(h.session, h.agent, record('tsf_a', 'd-1', 'an older state')), { recorded: false, stale: true })
  assert.deepEqual(h.logs, [])
})
