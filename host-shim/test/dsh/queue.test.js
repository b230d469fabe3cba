// Admission of submitted messages and what the shim knows of them afterwards, over a stand-in
// for dsh's agent and inbox.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createQueue } from '../../src/dsh/queue.js'
import { Phase } from '../../src/wire/words.gen.js'

/** The next turn of the event loop, where the shim's reports to the plugin leave. */
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0))
/** The loop's check phase, where an admitted message is handed to dsh's queue. */
const handedOver = () => new Promise((resolve) => setImmediate(resolve))

const correlation = { version: 1, submissionId: 'sub-1', callId: 'call_1', surfaceId: 'tsf_a', values: { go: true } }

/** A stand-in for one of dsh's agents: its session, inbox and followup. */
function agentOf(id) {
  return {
    id,
    session: { id, events: [] },
    inbox: { nextTurn: [], nextStep: [] },
    followups: 0,
    refuse: null,
    followup(message) {
      this.followups++
      if (this.refuse) throw this.refuse
      this.inbox.nextTurn.push(message)
    },
  }
}

/** A queue over two agents (ses_1, and `other` in ses_2) whose inboxes and events the test drives. */
function queueWith({ claimHoldMs, answers = null } = {}) {
  const listeners = new Map()
  const agent = agentOf('ses_1')
  const other = agentOf('ses_2')
  const ctx = {
    agents: new Map([[agent.id, agent], [other.id, other]]),
    on(name, fn) { listeners.set(name, fn) },
  }
  const reports = []
  const report = (kind, sessionId, message) => {
    reports.push({ kind, sessionId, id: message.id })
    // The plugin has not answered yet, or answers when the test says so.
    return new Promise((resolve) => answers?.push(resolve))
  }
  const queue = createQueue({ ctx, access: { agentFor: async (id) => ctx.agents.get(id) }, report, log: () => {}, claimHoldMs })
  queue.observe()
  const emit = (name, ...args) => listeners.get(name)(...args)
  const admit = async (transport, sessionId) => {
    const res = await admitOnly(transport, sessionId)
    await handedOver()
    return res
  }
  const admitOnly = (transport, sessionId = 'ses_1') => queue.admit({
    session_id: sessionId, message_id: sessionId === 'ses_1' ? 'msg-1' : `msg-1-${sessionId}`, text: 'Go: yes',
    source_json: Buffer.from(JSON.stringify({ kind: 'user', taskSurface: correlation })),
  }, transport)
  return { agent, other, queue, reports, emit, admit, admitOnly }
}

test('the admitted message\'s source carries the rpcId the plugin passed back, beside the correlation', async () => {
  const { agent, admit } = queueWith()
  assert.deepEqual(await admit({ rpcId: 'rpc-7' }), { admitted: true, message_id: 'msg-1', duplicate: false, reason: '' })
  assert.deepEqual(agent.inbox.nextTurn[0].source, { kind: 'user', taskSurface: correlation, rpcId: 'rpc-7' })
})

test('without an rpcId from the plugin the shim mints one for the admission', async () => {
  const { agent, admit } = queueWith()
  await admit({})
  const { rpcId, ...rest } = agent.inbox.nextTurn[0].source
  assert.match(rpcId, /^[0-9a-f-]{36}$/)
  assert.deepEqual(rest, { kind: 'user', taskSurface: correlation })
})

test('a claim is in ListInFlight at once, before its report has reached the plugin', async () => {
  const { agent, queue, reports, emit, admit } = queueWith()
  await admit({ rpcId: 'rpc-7' })
  const message = agent.inbox.nextTurn.shift()
  emit('agent/inbox/claimed', { agent, message })
  const { messages } = await queue.listInFlight({ session_id: 'ses_1' })
  assert.deepEqual(messages.map((m) => [m.message_id, m.phase, JSON.parse(m.source_json).rpcId]), [['msg-1', Phase.Claiming, 'rpc-7']])
  await nextTurn()
  assert.deepEqual(reports, [], 'the claim\'s report waits for the commit while the turn starts')
  agent.session.events.push({ seq: 7, type: 'user/message', data: message })
  emit('session/event', agent.session, agent.session.events.at(-1))
  assert.deepEqual(reports, [], 'nothing is sent inside dsh\'s own handlers')
  await nextTurn()
  assert.deepEqual(reports.map((r) => r.kind), ['committed'], 'on the next turn after the commit, which says all the claim would')
})

test('reports reach the plugin one at a time, in the order they happened', async () => {
  const answers = []
  const { agent, reports, emit, admit } = queueWith({ claimHoldMs: 0, answers })
  await admit({ rpcId: 'rpc-7' })
  emit('agent/inbox/claimed', { agent, message: agent.inbox.nextTurn.shift() })
  await nextTurn()
  assert.deepEqual(reports.map((r) => r.kind), ['claimed'])
  emit('agent/status', { agent, status: 'idle' })
  await nextTurn()
  assert.deepEqual(reports.map((r) => r.kind), ['claimed'], 'the discard waits for the claim\'s answer')
  answers[0]()
  await nextTurn()
  assert.deepEqual(reports.map((r) => r.kind), ['claimed', 'discarded'])
})

test('a report the plugin leaves unanswered holds back its own session\'s reports, not another session\'s', async () => {
  const answers = []
  const { agent, other, reports, emit, admit } = queueWith({ claimHoldMs: 0, answers })
  await admit({ rpcId: 'rpc-7' })
  await admit({ rpcId: 'rpc-8' }, 'ses_2')
  emit('agent/inbox/claimed', { agent, message: agent.inbox.nextTurn.shift() })
  await nextTurn()
  assert.deepEqual(reports.map((r) => [r.kind, r.sessionId]), [['claimed', 'ses_1']])
  emit('agent/status', { agent, status: 'idle' })
  emit('agent/inbox/claimed', { agent: other, message: other.inbox.nextTurn.shift() })
  emit('agent/status', { agent: other, status: 'idle' })
  await nextTurn()
  assert.deepEqual(reports.map((r) => [r.kind, r.sessionId]), [['claimed', 'ses_1'], ['discarded', 'ses_2']],
    'ses_2\'s discard leaves while ses_1\'s claim is unanswered; ses_1\'s discard waits for it')
  answers[0]()
  await nextTurn()
  assert.deepEqual(reports.map((r) => [r.kind, r.sessionId]), [['claimed', 'ses_1'], ['discarded', 'ses_2'], ['discarded', 'ses_1']])
})

test('a claim with nothing after it is reported once the hold is over', async () => {
  const { agent, reports, emit, admit } = queueWith({ claimHoldMs: 30 })
  await admit({ rpcId: 'rpc-7' })
  emit('agent/inbox/claimed', { agent, message: agent.inbox.nextTurn.shift() })
  await nextTurn()
  assert.deepEqual(reports, [], 'held')
  await new Promise((resolve) => setTimeout(resolve, 60))
  assert.deepEqual(reports, [{ kind: 'claimed', sessionId: 'ses_1', id: 'msg-1' }])
})

test('a claimed message whose step ends without it in the log is reported discarded when the agent is idle', async () => {
  const { agent, queue, reports, emit, admit } = queueWith()
  await admit({ rpcId: 'rpc-7' })
  emit('agent/inbox/claimed', { agent, message: agent.inbox.nextTurn.shift() })
  emit('agent/status', { agent, status: 'idle' })
  assert.deepEqual(reports, [], 'nothing is sent inside dsh\'s own handlers')
  await nextTurn()
  assert.deepEqual(reports.map((r) => r.kind), ['discarded'], 'then the discard, which says all the claim would')
  assert.deepEqual((await queue.listInFlight({ session_id: 'ses_1' })).messages, [])
})

test('the admission is answered before dsh starts the turn, and the message counts as queued meanwhile', async () => {
  const { agent, queue, admitOnly } = queueWith()
  assert.deepEqual(await admitOnly({ rpcId: 'rpc-7' }), { admitted: true, message_id: 'msg-1', duplicate: false, reason: '' })
  assert.equal(agent.followups, 0, 'the answer does not wait for the turn\'s start')
  const { messages } = await queue.listInFlight({ session_id: 'ses_1' })
  assert.deepEqual(messages.map((m) => [m.message_id, m.phase, JSON.parse(m.source_json).rpcId]), [['msg-1', Phase.Queued, 'rpc-7']])
  assert.deepEqual(await admitOnly({ rpcId: 'rpc-8' }), { admitted: true, message_id: 'msg-1', duplicate: true, reason: '' }, 'a retry meanwhile is the same admission')
  await handedOver()
  assert.equal(agent.followups, 1)
  assert.deepEqual(agent.inbox.nextTurn.map((m) => [m.id, m.source.rpcId]), [['msg-1', 'rpc-7']])
  assert.deepEqual((await queue.listInFlight({ session_id: 'ses_1' })).messages.map((m) => m.message_id), ['msg-1'], 'listed once, from the inbox')
})

test('a message dsh refuses to queue is reported discarded, and is no longer in flight', async () => {
  const { agent, queue, reports, admit } = queueWith()
  agent.refuse = new Error('agent disposed')
  assert.equal((await admit({ rpcId: 'rpc-7' })).admitted, true)
  await nextTurn()
  assert.deepEqual(reports, [{ kind: 'discarded', sessionId: 'ses_1', id: 'msg-1' }])
  assert.deepEqual((await queue.listInFlight({ session_id: 'ses_1' })).messages, [])
})
