// The browser's submit is answered as soon as the shim has admitted its message: the plugin's
// answer after an admission is settled, so the browser does not wait for it, nor for dsh's start
// of the turn, which follows on the event loop's next turn. Anything else (a refusal, an error,
// another submission's admission) waits for the plugin as before.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createAdmissions } from '../../src/dsh/admissions.js'
import { createQueue } from '../../src/dsh/queue.js'
import { createRemoteService } from '../../src/dsh/remote.js'

const source = (submissionId) => Buffer.from(JSON.stringify({
  kind: 'user', taskSurface: { version: 1, submissionId, callId: 'call_1', surfaceId: 'tsf_a', values: {} },
}))

/**
 * A Remote and a queue sharing one admissions table, over a plugin `behave` scripts; `startTurn`
 * is what dsh's followup does after queueing, `mark` the bench's hook.
 */
function world(behave, { startTurn = () => {}, mark = null } = {}) {
  const admissions = createAdmissions()
  const agent = {
    id: 'ses_1', session: { id: 'ses_1', events: [] }, inbox: { nextTurn: [], nextStep: [] },
    followup(message) {
      this.inbox.nextTurn.push(message)
      startTurn()
    },
  }
  const ctx = { agents: new Map([[agent.id, agent]]), on: () => {} }
  const queue = createQueue({ ctx, access: { agentFor: async () => agent }, report: async () => ({}), log: () => {}, mark: null, admissions })
  const admit = (submissionId, messageId = `msg-${submissionId}`) =>
    queue.admit({ session_id: 'ses_1', message_id: messageId, text: 'Go', source_json: source(submissionId) })
  const plugin = { call: (method, req) => behave({ method, req, admit }) }
  class TypertRemoteService {}
  const Remote = createRemoteService(plugin, { TypertRemoteService, Remote: () => {} }, { mark, admissions })
  const submit = (submissionId) => new Remote({}).submit({ id: 'ses_1' }, 'tsf_a', submissionId, {}, '', AbortSignal.timeout(5_000))
  return { agent, submit }
}

const never = new Promise(() => {})
/** The loop's check phase, where an admitted message is handed to dsh's queue. */
const handedOver = () => new Promise((resolve) => setImmediate(resolve))

test('the submit is answered accepted once its message is admitted, without the plugin\'s own answer', async () => {
  const { agent, submit } = world(async ({ req, admit }) => {
    await admit(req.submission_id, 'msg-7')
    return never // the plugin's answer is still on its way
  })
  assert.deepEqual(await submit('sub-1'), { accepted: true, messageId: 'msg-7', phase: 'queued' })
  await handedOver()
  assert.deepEqual(agent.inbox.nextTurn.map((m) => m.id), ['msg-7'], 'the message is in dsh\'s queue on the loop\'s next turn')
})

test('the answer is settled before dsh starts the turn, not behind it', async () => {
  // dsh's followup starts the turn synchronously and then in promise jobs of its own (and every
  // job lets dsh's event pumps write to the page's sockets): the submit's answer waits for none.
  let started = false
  let startedAtAnswer
  const { submit } = world(async ({ req, admit }) => {
    await admit(req.submission_id)
    return never
  }, {
    startTurn: () => { started = true },
    mark: (hop) => { if (hop === 'remote.answered') startedAtAnswer = started },
  })
  await submit('sub-1')
  assert.equal(startedAtAnswer, false, 'the turn had started when the answer was settled')
  await handedOver()
  assert.equal(started, true, 'and it starts right after')
})

test('a retry whose message is already queued is answered at its duplicate admission too', async () => {
  const { agent, submit } = world(async ({ req, admit }) => {
    await admit(req.submission_id, 'msg-7')
    return never
  })
  await submit('sub-1')
  await handedOver()
  assert.deepEqual(await submit('sub-1'), { accepted: true, messageId: 'msg-7', phase: 'queued' })
  await handedOver()
  assert.equal(agent.inbox.nextTurn.length, 1, 'one message for one submission id')
})

test('without an admission the plugin\'s answer is the answer: a refusal stays a refusal', async () => {
  const { submit } = world(async () => ({ accepted: false, reason: 'not-open', problems: [] }))
  assert.deepEqual(await submit('sub-1'), { accepted: false, reason: 'not-open', problems: [] })
})

test('another submission\'s admission does not answer this one, and a plugin failure still fails it', async () => {
  const { submit } = world(async ({ admit }) => {
    await admit('sub-other')
    throw new Error('the plugin is restarting')
  })
  await assert.rejects(submit('sub-1'), /restarting/)
})
