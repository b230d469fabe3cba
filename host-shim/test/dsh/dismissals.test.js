// The dismissal command and the Dock's dismissal record: what a person sees in the composer after
// /task-surface dismiss, what the plugin is asked, what is written and what is reported.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createDismissals } from '../../src/dsh/dismissals.js'
import { Reason, ReasonText } from '../../src/wire/words.gen.js'

const record = (surfaceId, dismissalId) => ({
  surface_id: surfaceId, dismissal_id: dismissalId, call_id: 'call_1', command_name: 'task-surface', command_args: `dismiss ${surfaceId} ${dismissalId}`,
})

/** The dismissals over a plugin whose Dismiss answers `answer` (or throws it), in a session whose
 * open surface is `open`; `reports` collects what reaches ObserveQueue. */
function harness({ answer, open = 'tsf_a', events = [], execute } = {}) {
  const calls = []
  const reports = []
  const handlers = {}
  const plugin = {
    async call(method, request) {
      calls.push({ method, request })
      if (answer instanceof Error) throw answer
      return answer
    },
  }
  const queue = {
    view: () => ({ active: open ? { callId: 'call_1', surfaceId: open } : null, outcomes: [] }),
    snapshot: () => ({ projection_json: Buffer.from('{}'), queue: [], log_seq: 3 }),
    send: async (kind, sessionId, message, extra) => { reports.push({ kind, sessionId, ...extra }) },
  }
  const ctx = { on: (name, fn) => { handlers[name] = fn }, commands: { execute } }
  const dismissals = createDismissals({ ctx, plugin, queue, commandName: () => 'task-surface', log: () => {} })
  dismissals.observe()
  const session = { id: 'ses_1', events }
  const agent = { id: 'ses_1', session }
  const run = (rawInput, commandId = 'cmd_7') => dismissals.handle({ agent, rawInput, commandId, signal: undefined })
  return { calls, reports, handlers, dismissals, run, session, agent }
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

test('a typed dismissal the plugin decides succeeds, is asked as the running command, and is reported once dsh writes its done', async () => {
  const { calls, reports, handlers, run } = harness({ answer: { dismissed: true, record: record('tsf_a', 'cmd_7') } })
  assert.deepEqual(await run('dismiss'), { kind: 'success', text: 'Task Surface dismissed.' })
  assert.equal(calls.length, 1)
  const { request } = calls[0]
  assert.deepEqual([request.session_id, request.surface_id, request.dismissal_id, request.command_id], ['ses_1', '', 'cmd_7', 'cmd_7'])
  assert.equal(request.snapshot.log_seq, 3, 'the plugin decides from the session as it is')
  assert.deepEqual(reports, [], 'nothing is recorded before dsh writes the command\'s done')
  handlers['session/event']({ id: 'ses_1' }, { type: 'command/done', seq: 12, data: { commandId: 'cmd_7', kind: 'success' } })
  assert.deepEqual(reports, [{ kind: 'recorded', sessionId: 'ses_1', eventSeq: 12, surfaceId: 'tsf_a', dismissalId: 'cmd_7' }])
})

test('a typed dismissal of a surface closed meanwhile fails and is reported not recorded', async () => {
  const { reports, run } = harness({ answer: { dismissed: true, record: record('tsf_a', 'd-1') }, open: null })
  assert.deepEqual(await run('dismiss tsf_a d-1'), { kind: 'error', text: ReasonText[Reason.NotOpen] })
  assert.deepEqual(reports.map((r) => [r.kind, r.reason]), [['not-recorded', Reason.MovedOn]])
})

test('a line that is not a dismissal shows the usage, and a failed call its error', async () => {
  const { calls, run } = harness({ answer: { dismissed: true } })
  assert.deepEqual(await run('dismiss __proto__'), { kind: 'error', text: 'Usage: /task-surface dismiss [<surfaceId> [<dismissalId>]]' })
  assert.equal(calls.length, 0)
  const failing = harness({ answer: new Error('The Task Surface plugin is restarting after a failure') })
  assert.deepEqual(await failing.run('dismiss tsf_a'), { kind: 'error', text: 'The Task Surface plugin is restarting after a failure' })
})

test('a dismissal from the Dock is written as a command whose row names the surface by its title, and reported with its seq', async () => {
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
  assert.deepEqual(h.reports, [{ kind: 'recorded', sessionId: 'ses_1', eventSeq: 9, surfaceId: 'tsf_a', dismissalId: 'd-1' }])
  assert.equal(h.calls.length, 0)
})

test('a Dock dismissal of a surface that is no longer open writes nothing and is reported not recorded', async () => {
  const h = harness({ open: 'tsf_b', execute: async () => assert.fail('nothing is written') })
  assert.deepEqual(await h.dismissals.record(h.session, h.agent, record('tsf_a', 'd-1')), { recorded: false, reason: Reason.NotOpen })
  assert.deepEqual(h.reports.map((r) => [r.kind, r.dismissalId, r.reason]), [['not-recorded', 'd-1', Reason.NotOpen]])
})
