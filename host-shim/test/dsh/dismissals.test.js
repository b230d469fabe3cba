// The typed dismissal command: what a person sees in the composer after /task-surface dismiss,
// and what the plugin is asked.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createDismissals } from '../../src/dsh/dismissals.js'
import { Reason, ReasonText } from '../../src/wire/words.gen.js'

/** The command handler over a plugin whose Dismiss answers `answer` (or throws it). */
function handlerWith(answer) {
  const calls = []
  const plugin = {
    async call(method, request) {
      calls.push({ method, request })
      if (answer instanceof Error) throw answer
      return answer
    },
  }
  const dismissals = createDismissals({ ctx: {}, access: {}, plugin, commandName: () => 'task-surface' })
  const run = (rawInput) => dismissals.handle({ agent: { id: 'ses_1' }, rawInput, commandId: 'cmd_7', signal: undefined })
  return { calls, run }
}

test('a refusal reads as the contract\'s sentence for its reason', async () => {
  for (const reason of [Reason.NotOpen, Reason.Stale, Reason.SubmissionPending, Reason.InvalidDismissalID]) {
    const { run } = handlerWith({ dismissed: false, reason })
    assert.deepEqual(await run('dismiss tsf_a d-1'), { kind: 'error', text: ReasonText[reason] }, reason)
  }
})

test('a reason outside the contract is named as it is', async () => {
  for (const reason of ['command-unavailable', 'constructor']) {
    const { run } = handlerWith({ dismissed: false, reason })
    assert.deepEqual(await run('dismiss tsf_a d-1'), { kind: 'error', text: `Task Surface not dismissed (${reason}).` }, reason)
  }
})

test('a dismissal the plugin accepts succeeds, with the command id as the dismissal id when none is typed', async () => {
  const { calls, run } = handlerWith({ dismissed: true, event_seq: 9 })
  assert.deepEqual(await run('dismiss'), { kind: 'success', text: 'Task Surface dismissed.' })
  assert.deepEqual(calls, [{ method: 'Dismiss', request: { session_id: 'ses_1', surface_id: '', dismissal_id: 'cmd_7' } }])
})

test('a line that is not a dismissal shows the usage, and a failed call its error', async () => {
  const { calls, run } = handlerWith({ dismissed: true })
  assert.deepEqual(await run('dismiss __proto__'), { kind: 'error', text: 'Usage: /task-surface dismiss [<surfaceId> [<dismissalId>]]' })
  assert.equal(calls.length, 0)
  const failing = handlerWith(new Error('The Task Surface plugin is restarting after a failure'))
  assert.deepEqual(await failing.run('dismiss tsf_a'), { kind: 'error', text: 'The Task Surface plugin is restarting after a failure' })
})

test('a dismissal from the Dock is recorded as a command whose row names the surface by its title, not its id', async () => {
  const agent = { id: 'ses_1' }
  const meta = (surfaceId, title) => ({ kind: 'dsh/task-surface', version: 1, surfaceId, model: { title } })
  const session = {
    events: [
      { seq: 1, type: 'tool/result', data: { meta: meta('tsf_old', 'Older') } },
      { seq: 2, type: 'tool/result', data: { meta: meta('tsf_a', 'Release "gate"') } },
    ],
  }
  let dismissals
  const ran = []
  const ctx = {
    commands: {
      // dsh runs the command line through the same handler a person's typed command reaches.
      async execute(a, line) {
        const result = await dismissals.handle({ agent: a, rawInput: line.replace(/^\/task-surface /, ''), commandId: `cmd_${ran.length}`, signal: undefined })
        ran.push({ line, text: result.text })
        return { result, commandId: `cmd_${ran.length - 1}` }
      },
    },
  }
  const access = { sessionFor: async () => session, agentFor: async () => agent }
  const plugin = { call: async () => assert.fail('the plugin decided already; the record is not asked of it again') }
  dismissals = createDismissals({ ctx, access, plugin, commandName: () => 'task-surface' })
  assert.equal((await dismissals.record({ session_id: 'ses_1', surface_id: 'tsf_a', dismissal_id: 'd-1' })).recorded, true)
  // A surface the log holds no result for is named by its id.
  assert.equal((await dismissals.record({ session_id: 'ses_1', surface_id: 'tsf_gone', dismissal_id: 'd-2' })).recorded, true)
  assert.deepEqual(ran, [
    { line: '/task-surface dismiss tsf_a d-1', text: 'Task Surface "Release \\"gate\\"" dismissed.' },
    { line: '/task-surface dismiss tsf_gone d-2', text: 'Task Surface tsf_gone dismissed.' },
  ])
})
