// The queue as the plugin sees it (the snapshot), the admission the plugin decided carried out
// only while it may be (one outcome), and what the shim logs of a submission that did not reach
// the log, over a stand-in for dsh's agent and inbox.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createQueue } from '../../src/dsh/queue.js'
import { Phase, Reason } from '../../src/wire/words.gen.js'

const correlation = { version: 1, submissionId: 'sub-1', callId: 'call_1', surfaceId: 'tsf_a', values: { go: true } }
const admission = (token, surfaceId = 'tsf_a', id = 'msg-1') => ({
  message_id: id, text: 'Go: yes', surface_id: surfaceId, call_id: 'call_1', state_token: token,
  source_json: Buffer.from(JSON.stringify({ kind: 'user', taskSurface: { ...correlation, surfaceId } })),
})
const typed = (id) => ({ id, role: 'user', content: [{ type: 'text', text: 'hello' }], source: { kind: 'user', rpcId: 'r' } })

/** A stand-in for one of dsh's agents: its session, inbox and followup. */
function agentOf(id) {
  return {
    id,
    session: { id, events: [{ seq: 0, type: 'session/header' }] },
    inbox: { nextTurn: [], nextStep: [] },
    refuse: null,
    followup(message) {
      if (this.refuse) throw this.refuse
      this.inbox.nextTurn.push(message)
      this.session.events.push({ seq: this.session.events.length, type: 'agent/inbox/spliced', data: { inserted: [message] } })
    },
  }
}

/** A queue over two agents (ses_1, and `other` in ses_2) whose inboxes, views and events the test
 * drives. */
function queueWith() {
  const listeners = new Map()
  const agent = agentOf('ses_1')
  const other = agentOf('ses_2')
  const views = new Map([['ses_1', { active: { callId: 'call_1', surfaceId: 'tsf_a' }, outcomes: [] }], ['ses_2', { active: null, outcomes: [] }]])
  const ctx = { on(name, fn) { listeners.set(name, fn) } }
  const logs = []
  const queue = createQueue({ ctx, view: (session) => views.get(session.id), log: (level, message) => logs.push([level, message]) })
  queue.observe()
  const emit = (name, ...args) => listeners.get(name)(...args)
  return { agent, other, views, queue, logs, emit }
}

const listed = (snapshot) => snapshot.queue.map((m) => [m.message_id, m.phase])

test('the snapshot lists every user message queued or claimed, the composer\'s too, with the view and the log\'s seq', () => {
  const { agent, queue, emit } = queueWith()
  agent.inbox.nextTurn.push(typed('m-typed'))
  agent.inbox.nextStep.push({ ...typed('m-context'), role: 'system' })
  const claimed = typed('m-claimed')
  emit('agent/inbox/claimed', { agent, message: claimed })
  const snap = queue.snapshot(agent, agent.session)
  assert.deepEqual(listed(snap), [['m-typed', Phase.Queued], ['m-claimed', Phase.Claiming]])
  assert.deepEqual(JSON.parse(snap.projection_json), { active: { callId: 'call_1', surfaceId: 'tsf_a' }, outcomes: [] })
  assert.equal(snap.log_seq, 0)
  assert.equal(snap.opening_meta_json.length, 0)
  assert.deepEqual(JSON.parse(queue.snapshot(agent, agent.session, { kind: 'dsh/task-surface' }).opening_meta_json), { kind: 'dsh/task-surface' })
  emit('session/event', agent.session, { type: 'user/message', seq: 4, data: claimed })
  assert.deepEqual(listed(queue.snapshot(agent, agent.session)), [['m-typed', Phase.Queued]])
})

test('the snapshot carries ids, never values: a submission by its surface and submission id, an ordinary message as ordinary', () => {
  const { agent, queue, emit } = queueWith()
  agent.inbox.nextTurn.push(typed('m-typed'))
  emit('agent/inbox/claimed', { agent, message: { id: 'msg-1', role: 'user', source: { kind: 'user', taskSurface: correlation } } })
  assert.deepEqual(queue.snapshot(agent, agent.session).queue, [
    { message_id: 'm-typed', phase: Phase.Queued, ordinary: true, surface_id: '', submission_id: '' },
    { message_id: 'msg-1', phase: Phase.Claiming, ordinary: false, surface_id: 'tsf_a', submission_id: 'sub-1' },
  ])
})

test('an admission enters the queue with the correlation and the admission\'s rpcId, and says at what seq', () => {
  const { agent, queue } = queueWith()
  const { state_token: token } = queue.snapshot(agent, agent.session)
  assert.deepEqual(queue.admit(agent, admission(token), 'rpc-7'), { admitted: true, eventSeq: 1 })
  assert.deepEqual(agent.inbox.nextTurn[0].source, { kind: 'user', taskSurface: correlation, rpcId: 'rpc-7' })
  assert.deepEqual(agent.inbox.nextTurn[0].content, [{ type: 'text', text: 'Go: yes' }])
  assert.notEqual(queue.snapshot(agent, agent.session).state_token, token, 'the admission changed the token')
})

test('an admission decided on another state is not carried out: a message queued or claimed, the surface closed, a dismissal being written', () => {
  const changes = {
    'an ordinary message queued': ({ agent }) => agent.inbox.nextTurn.push(typed('m-typed')),
    'an ordinary message claimed': ({ agent, emit }) => emit('agent/inbox/claimed', { agent, message: typed('m-claimed') }),
    'the surface closed': ({ views }) => views.set('ses_1', { active: null, outcomes: [{ callId: 'call_1', surfaceId: 'tsf_a', outcome: 'bypassed', seq: 3 }] }),
    'another surface opened': ({ views }) => views.set('ses_1', { active: { callId: 'call_2', surfaceId: 'tsf_b' }, outcomes: [] }),
    'a dismissal being written': ({ agent, queue }) => {
      const { state_token: token } = queue.snapshot(agent, agent.session)
      assert.ok(queue.beginDismissal(agent, agent.session, { surface_id: 'tsf_a', dismissal_id: 'd1', state_token: token }))
    },
  }
  for (const [name, change] of Object.entries(changes)) {
    const q = queueWith()
    const { state_token: token } = q.queue.snapshot(q.agent, q.agent.session)
    change(q)
    assert.deepEqual(q.queue.admit(q.agent, admission(token), 'r'), { admitted: false, stale: true }, name)
    assert.ok(!q.agent.inbox.nextTurn.some((m) => m.id === 'msg-1'), `${name}: nothing was queued`)
  }
})

test('a dismissal being written is listed in every snapshot until it ends, and only on the token it was decided on', () => {
  const { agent, queue } = queueWith()
  const { state_token: token } = queue.snapshot(agent, agent.session)
  assert.equal(queue.beginDismissal(agent, agent.session, { surface_id: 'tsf_a', dismissal_id: 'd1', state_token: 'old' }), undefined)
  const end = queue.beginDismissal(agent, agent.session, { surface_id: 'tsf_a', dismissal_id: 'd1', state_token: token })
  assert.deepEqual(queue.snapshot(agent, agent.session).dismissals, [{ surface_id: 'tsf_a', dismissal_id: 'd1' }])
  end()
  assert.deepEqual(queue.snapshot(agent, agent.session).dismissals, [])
})

test('a message dsh refuses to queue is refused with dsh\'s words, for the caller to log once', () => {
  const { agent, queue, logs } = queueWith()
  agent.refuse = new Error('message "msg-1" is already pending')
  const { state_token: token } = queue.snapshot(agent, agent.session)
  assert.deepEqual(queue.admit(agent, admission(token), 'r'), { admitted: false, reason: Reason.AdmissionRefused, problem: 'message "msg-1" is already pending' })
  assert.deepEqual(logs, [])
})

test('a claim whose step ends without it in the log leaves the snapshot, and is logged, when the agent is idle, or disposed', () => {
  for (const end of ['idle', 'disposed']) {
    const { agent, queue, logs, emit } = queueWith()
    emit('agent/inbox/claimed', { agent, message: { id: 'msg-1', role: 'user', source: { kind: 'user', taskSurface: correlation } } })
    assert.deepEqual(listed(queue.snapshot(agent, agent.session)), [['msg-1', Phase.Claiming]], end)
    assert.deepEqual(logs, [], `${end}: a claim is no news`)
    if (end === 'idle') emit('agent/status', { agent, status: 'idle' })
    else emit('agent/disposed', { agent })
    assert.deepEqual(listed(queue.snapshot(agent, agent.session)), [], end)
    assert.deepEqual(logs.map(([level]) => level), ['info'], end)
    assert.match(logs[0][1], /msg-1 ended without reaching the log/, end)
  }
})

test('at the step\'s start a submission whose surface is no longer open is dropped and logged', async () => {
  const { agent, views, logs, emit } = queueWith()
  const submission = { id: 'msg-1', role: 'user', content: [{ type: 'text', text: 'Go: yes' }], source: { kind: 'user', taskSurface: correlation } }
  const steered = typed('m-steered')
  views.set('ses_1', { active: null, outcomes: [{ callId: 'call_1', surfaceId: 'tsf_a', outcome: 'bypassed', seq: 5 }] })
  const decision = await emit('agent/pre-step', { agent }, async () => ({ kind: 'enter', messages: [steered, submission] }))
  assert.deepEqual(decision.messages, [steered])
  assert.deepEqual(logs.map(([level]) => level), ['info'])
  assert.match(logs[0][1], new RegExp(`dropped the Task Surface submission msg-1 from the step: its surface is no longer open \\(${Reason.MovedOn}\\)`))
})

test('a submission dsh restored into a queue is taken out, never delivered by itself: at agent/created, and for agents created before the observers', async () => {
  const listeners = new Map()
  const early = agentOf('ses_early')
  const submission = (id) => ({ id, role: 'user', content: [{ type: 'text', text: 'Go: yes' }], source: { kind: 'user', taskSurface: correlation } })
  early.inbox.nextTurn.push(submission('msg-early'), typed('m-typed'))
  early.inbox.remove = function (id) {
    const i = this.nextTurn.findIndex((m) => m.id === id)
    if (i < 0) return false
    this.nextTurn.splice(i, 1)
    return true
  }
  const logs = []
  const ctx = { on(name, fn) { listeners.set(name, fn) }, agents: { list: () => [early] } }
  const queue = createQueue({ ctx, view: () => ({ active: null, outcomes: [] }), log: (level, message) => logs.push([level, message]) })
  queue.observe()
  assert.deepEqual(early.inbox.nextTurn.map((m) => m.id), ['m-typed'], 'the early agent\'s submission is out; the typed message stays')
  const later = agentOf('ses_later')
  later.inbox.nextTurn.push(submission('msg-later'))
  later.inbox.remove = early.inbox.remove
  listeners.get('agent/created')({ agent: later })
  assert.deepEqual(later.inbox.nextTurn, [])
  assert.deepEqual(logs.map(([level, message]) => [level, /submission (\S+),/.exec(message)?.[1]]), [['info', 'msg-early'], ['info', 'msg-later']])
})
