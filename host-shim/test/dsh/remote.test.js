// The browser RPC as the Remote serves it, held to its one declaration (src/wire/rpc.js): the
// namespace, the @Remote methods and the parameter names dsh reads from their source, and the
// keys of every answer the Remote builds from the plugin's replies.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { MAX_ASKS } from '../../src/dsh/dismissals.js'
import { createRemoteService, remoteContribution } from '../../src/dsh/remote.js'
import { RPC_METHODS, RPC_NAMESPACE, RPC_PENDING_KEYS, RPC_PROBLEM_KEYS } from '../../src/wire/rpc.js'

/** dsh's session lookup: the SRC parameter `session` is read from the wire field `sessionId`. */
const LOOKUP_WIRES = { session: 'sessionId' }

/**
 * A stand-in for dsh's Typert protocol that records what dsh's gateway reads: the service key the
 * constructor binds, and the methods marked @Remote through the standard decorator context.
 */
function fakeTypert() {
  const marked = []
  class TypertRemoteService {
    constructor(ctx, serviceKey) {
      this.ctx = ctx
      this.serviceKey = serviceKey
    }
  }
  function Remote(_method, context) {
    context.addInitializer(() => marked.push(context.name))
  }
  return { typert: { TypertRemoteService, Remote }, marked }
}

/** The parameter names of a method, read from its source the way dsh's gateway reads them. */
function sourceParameterNames(fn) {
  const source = Function.prototype.toString.call(fn)
  const body = source.slice(source.indexOf('(') + 1, source.indexOf(')')).trim()
  return body === '' ? [] : body.split(',').map((p) => p.trim())
}

/** The wire arguments dsh derives from SRC parameter names: lookups renamed, `signal` dropped. */
function wireArguments(names) {
  const business = names.at(-1) === 'signal' ? names.slice(0, -1) : names
  return business.map((n) => LOOKUP_WIRES[n] ?? n)
}

/** A stand-in for the shim's queue and dismissals: the snapshot's view, the admissions and
 * records carried out (refused with `refuse` when given; the first `stale` of them found decided on
 * a state token the session no longer has), and the lines logged. */
function actingWith({ refuse = '', stale = 0, views = new Map(), events = [] } = {}) {
  const done = { admitted: [], recorded: [], logs: [] }
  const queue = {
    view: (session) => views.get(session.id),
    snapshot: (agent, session, meta) => ({ projection_json: Buffer.from(JSON.stringify(views.get(session.id) ?? null)), queue: [], log_seq: 3, meta }),
    admit: (agent, admission, rpcId) => {
      if (stale > 0 && stale--) return { admitted: false, stale: true }
      if (refuse) return { admitted: false, reason: refuse, problem: 'dsh says no' }
      done.admitted.push({ agent: agent.id, id: admission.message_id, rpcId })
      return { admitted: true, eventSeq: 4 }
    },
  }
  const dismissals = {
    record: async (session, agent, record) => {
      if (stale > 0 && stale--) return { recorded: false, stale: true }
      done.recorded.push(record.dismissal_id)
      return refuse ? { recorded: false, reason: refuse } : { recorded: true, eventSeq: 9 }
    },
  }
  const log = (level, message) => done.logs.push([level, message])
  return { deps: { queue, dismissals, agentFor: async (id) => ({ id, session: { id, events } }), log }, done }
}

/** The Remote over a plugin that answers every call with `reply`, and the calls it received. */
function remoteWith(reply, options = {}) {
  const calls = []
  const plugin = {
    async call(method, request, opts) {
      calls.push({ method, request, options: opts })
      return typeof reply === 'function' ? reply(method, request) : reply
    },
  }
  const { typert } = fakeTypert()
  const { deps, done } = actingWith(options)
  const Remote = createRemoteService(plugin, typert, { ...deps, limits: options.limits })
  return { remote: new Remote({}), calls, done }
}

/** The declared arm of a method that an answer takes, by its discriminating key. */
function armOf(method, answer) {
  const arm = method.answers.find((a) => Object.entries(a.when).every(([k, v]) => answer[k] === v))
  assert.ok(arm, `${method.name} answered ${JSON.stringify(answer)}, which no declared arm matches`)
  return arm
}

function assertKeys(value, keys, what) {
  assert.deepEqual(Object.keys(value).sort(), [...keys].sort(), what)
}

test('the Remote binds the declared namespace and marks exactly the declared methods, in order', () => {
  const { typert, marked } = fakeTypert()
  const Remote = createRemoteService({ call: async () => ({}) }, typert, actingWith().deps)
  assert.equal(new Remote({}).serviceKey, RPC_NAMESPACE)
  assert.deepEqual(marked, RPC_METHODS.map((m) => m.name))
  const own = Object.getOwnPropertyNames(Remote.prototype).filter((n) => n !== 'constructor')
  assert.deepEqual(own.sort(), RPC_METHODS.map((m) => m.name).sort(), 'the class has no undeclared methods')
})

test('the registered descriptors are what dsh\'s gateway derives from the source: names, wire fields, the session lookup, the signal', () => {
  const { typert } = fakeTypert()
  const Remote = createRemoteService({ call: async () => ({}) }, typert, actingWith().deps)
  const contribution = remoteContribution()
  assert.deepEqual([contribution.package, contribution.face, contribution.schemas], ['dsh-task-surface', 'host', []])
  assert.deepEqual(contribution.invocations.map((d) => d.method), RPC_METHODS.map((m) => m.name))
  for (const d of contribution.invocations) {
    const names = sourceParameterNames(Remote.prototype[d.method])
    assert.equal(d.service, new Remote({}).serviceKey, `${d.method}: the Remote's service key`)
    assert.equal(d.namespace, RPC_NAMESPACE)
    assert.equal(d.id, `dsh-task-surface:${RPC_NAMESPACE}/${d.method}`)
    assert.deepEqual(d.parameters.map((p) => p.name), names.slice(0, -1), `${d.method}: the names, in the source's order`)
    assert.deepEqual(d.parameters.map((p) => p.wire), wireArguments(names), `${d.method}: the wire fields`)
    assert.deepEqual(d.parameters.filter((p) => p.source === 'lookup').map((p) => [p.name, p.lookup]), [['session', 'session']])
    assert.ok(d.parameters.every((p) => p.codec.mode === 'src-json' && (p.source === 'lookup') === (p.lookup !== undefined)))
    assert.deepEqual([d.cancellation, d.result, d.invocation], [{ parameter: 'signal' }, { mode: 'src-json' }, { kind: 'direct' }])
  }
})

test('each method\'s source parameters are the declared arguments, in order, with a trailing signal', () => {
  const { typert } = fakeTypert()
  const Remote = createRemoteService({ call: async () => ({}) }, typert, actingWith().deps)
  for (const method of RPC_METHODS) {
    const names = sourceParameterNames(Remote.prototype[method.name])
    assert.equal(names.at(-1), 'signal', `${method.name} takes the request's signal last`)
    for (const n of names) assert.match(n, /^[$A-Z_a-z][$\w]*$/, `${method.name}: dsh reads plain identifiers only`)
    assert.deepEqual(wireArguments(names), method.args.map((a) => a.replace(/\?$/, '')), method.name)
  }
})

// One plugin reply per declared arm, with every field the contract carries.
const REPLIES = {
  getActive: [
    {
      active: true, call_id: 'call_1', surface_id: 'tsf_a', model_json: Buffer.from('{"version":1}'),
      markdown_json: Buffer.from('{"/blocks/0":"<p>x</p>"}'),
      pending: { submission_id: 'sub_1', message_id: 'tsm_1', phase: 'queued' },
    },
    { active: true, call_id: 'call_1', surface_id: 'tsf_a', model_json: Buffer.from('{}'), markdown_json: Buffer.alloc(0), pending: null },
    { active: false, reason: '' },
  ],
  check: [
    { checked: true, problems: [{ code: 'required', message: 'Fill this in.', pointer: '/name' }], unanswered: ['name'] },
    { checked: false, reason: 'stale' },
  ],
  submit: [
    { accepted: true, message_id: 'tsm_1', phase: 'queued', admit: { message_id: 'tsm_1', text: 't', source_json: Buffer.from('{}'), surface_id: 'tsf_a', call_id: 'call_1' } },
    { accepted: true, message_id: 'tsm_1', phase: 'committed' },
    { accepted: false, reason: 'invalid-submission', problems: [{ code: 'required', message: 'Fill this in.', pointer: '/name', extra: 1 }] },
    { accepted: false, reason: 'not-open', problems: [] },
  ],
  dismiss: [
    { dismissed: true, record: { surface_id: 'tsf_a', dismissal_id: 'dis_1', call_id: 'call_1', command_name: 'task-surface', command_args: 'dismiss tsf_a dis_1' } },
    { dismissed: true, event_seq: 12 },
    { dismissed: false, reason: 'submission-pending' },
  ],
}

const ARGS = {
  getActive: [{ id: 'ses_1' }, 'tsf_a', undefined],
  check: [{ id: 'ses_1' }, 'tsf_a', { name: '' }, undefined, 'zh'],
  submit: [{ id: 'ses_1' }, 'tsf_a', 'sub_1', { name: 'x' }, 'a note', 'zh'],
  dismiss: [{ id: 'ses_1' }, 'tsf_a', 'dis_1'],
}

test('every answer carries exactly the keys its declared arm lists, and every arm is reachable', async () => {
  for (const method of RPC_METHODS) {
    const reached = new Set()
    for (const reply of REPLIES[method.name]) {
      const { remote } = remoteWith(reply)
      const answer = await remote[method.name](...ARGS[method.name], AbortSignal.timeout(1_000))
      const arm = armOf(method, answer)
      reached.add(arm)
      assertKeys(answer, [...Object.keys(arm.when), ...arm.keys], `${method.name} ${JSON.stringify(answer)}`)
      if (answer.pending) assertKeys(answer.pending, RPC_PENDING_KEYS, 'getActive pending')
      for (const p of answer.problems ?? []) assertKeys(p, RPC_PROBLEM_KEYS, `${method.name} problem`)
    }
    assert.equal(reached.size, method.answers.length, `${method.name}: every declared arm is answered`)
  }
})

test('a wrong JSON type is refused, never coerced, and the refusal names the argument; the plugin is not asked', async () => {
  const { remote, calls } = remoteWith({ accepted: true })
  const signal = AbortSignal.timeout(1_000)
  for (const [submissionId, word] of [[42, 'a number'], [[1], 'an array'], [true, 'true or false']]) {
    const answer = await remote.submit({ id: 'ses_1' }, 'tsf_a', submissionId, {}, undefined, undefined, signal)
    assert.deepEqual(answer, { accepted: false, reason: 'invalid-request', problems: [
      { code: 'wrong-type', pointer: '/submissionId', message: `submissionId must be a string, not ${word}.` },
    ] })
  }
  const note = await remote.submit({ id: 'ses_1' }, 'tsf_a', 'sub_1', {}, { text: 'x' }, undefined, signal)
  assert.deepEqual(note.problems.map((p) => [p.code, p.pointer]), [['wrong-type', '/note']])
  const values = await remote.check({ id: 'ses_1' }, 'tsf_a', ['a'], undefined, undefined, signal)
  assert.deepEqual([values.checked, values.reason, values.problems.map((p) => p.pointer)], [false, 'invalid-request', ['/values']])
  const dismissal = await remote.dismiss({ id: 'ses_1' }, 'tsf_a', undefined, signal)
  assert.deepEqual([dismissal.reason, dismissal.problems.map((p) => [p.code, p.pointer])], ['invalid-request', [['missing', '/dismissalId']]])
  assert.deepEqual(await remote.getActive({ id: 'ses_1' }, 7, undefined, signal), { active: false, reason: 'invalid-request', problems: [
    { code: 'wrong-type', pointer: '/surfaceId', message: 'surfaceId must be a string, not a number.' },
  ] })
  assert.equal(calls.length, 0)
})

test('check and submit pass the Dock\'s locale to the plugin, and ask in English when it names none; a locale that is no string is refused', async () => {
  const { remote, calls } = remoteWith((method) => (method === 'Check' ? { checked: true, problems: [], unanswered: [] } : { accepted: false, reason: 'not-open', problems: [] }))
  const signal = AbortSignal.timeout(1_000)
  await remote.check({ id: 'ses_1' }, 'tsf_a', { n: 6000 }, undefined, 'zh', signal)
  await remote.submit({ id: 'ses_1' }, 'tsf_a', 'sub_1', { n: 6000 }, undefined, 'zh', signal)
  await remote.check({ id: 'ses_1' }, 'tsf_a', { n: 6000 }, undefined, undefined, signal)
  await remote.submit({ id: 'ses_1' }, 'tsf_a', 'sub_1', { n: 6000 }, '', undefined, signal)
  assert.deepEqual(calls.map((c) => [c.method, c.request.locale]), [['Check', 'zh'], ['Submit', 'zh'], ['Check', ''], ['Submit', '']])
  const wrong = await remote.check({ id: 'ses_1' }, 'tsf_a', {}, undefined, 7, signal)
  assert.deepEqual([wrong.reason, wrong.problems.map((p) => [p.code, p.pointer])], ['invalid-request', [['wrong-type', '/locale']]])
  assert.equal(calls.length, 4)
})

test('values nested deeper than the shim walks are refused with where, without a recursion that could overflow', async () => {
  const { remote, calls } = remoteWith({ accepted: true })
  let deep = {}
  for (let i = 0; i < 5000; i++) deep = { a: deep }
  const answer = await remote.submit({ id: 'ses_1' }, 'tsf_a', 'sub_1', { f: deep }, undefined, undefined, AbortSignal.timeout(1_000))
  assert.equal(answer.reason, 'invalid-request')
  assert.equal(answer.problems[0].code, 'too-deep')
  assert.match(answer.problems[0].pointer, /^\/values\/f(\/a){63}$/)
  assert.equal(calls.length, 0)
})

test('an admission is carried out before the browser is answered; one dsh refuses is logged and answered with dsh\'s words', async () => {
  const admit = { message_id: 'tsm_1', text: 't', source_json: Buffer.from('{"kind":"user"}'), surface_id: 'tsf_a', call_id: 'call_1' }
  const ok = remoteWith({ accepted: true, message_id: 'tsm_1', phase: 'queued', admit })
  assert.deepEqual(await ok.remote.submit(...ARGS.submit, AbortSignal.timeout(1_000)), { accepted: true, messageId: 'tsm_1', phase: 'queued' })
  assert.deepEqual(ok.done.admitted.map((a) => [a.agent, a.id]), [['ses_1', 'tsm_1']])
  assert.match(ok.done.admitted[0].rpcId, /^[0-9a-f-]{36}$/)
  assert.deepEqual(ok.done.logs, [])
  const refused = remoteWith({ accepted: true, message_id: 'tsm_1', phase: 'queued', admit }, { refuse: 'admission-refused' })
  assert.deepEqual(await refused.remote.submit(...ARGS.submit, AbortSignal.timeout(1_000)),
    { accepted: false, reason: 'admission-refused', problems: [{ code: 'admission-refused', message: 'dsh says no', pointer: '' }] })
  assert.deepEqual(refused.done.logs.map(([level]) => level), ['info'])
  assert.match(refused.done.logs[0][1], /tsm_1 was not queued \(admission-refused\): dsh says no/)
})

test('a decision made on a state the session no longer has is asked again with a fresh snapshot, at most MAX_ASKS times', async () => {
  const admit = { message_id: 'tsm_1', text: 't', source_json: Buffer.from('{"kind":"user"}'), surface_id: 'tsf_a', call_id: 'call_1' }
  const once = remoteWith({ accepted: true, message_id: 'tsm_1', phase: 'queued', admit }, { stale: 1 })
  assert.deepEqual(await once.remote.submit(...ARGS.submit, AbortSignal.timeout(1_000)), { accepted: true, messageId: 'tsm_1', phase: 'queued' })
  assert.equal(once.calls.length, 2)
  assert.deepEqual(once.done.admitted.map((a) => a.id), ['tsm_1'])
  const always = remoteWith({ accepted: true, message_id: 'tsm_1', phase: 'queued', admit }, { stale: 99 })
  const answer = await always.remote.submit(...ARGS.submit, AbortSignal.timeout(1_000))
  assert.deepEqual([answer.accepted, answer.reason, answer.problems[0].code], [false, 'admission-refused', 'admission-refused'])
  assert.equal(always.calls.length, MAX_ASKS)
  assert.deepEqual(always.done.admitted, [])
  const dismissal = remoteWith(REPLIES.dismiss[0], { stale: 1 })
  assert.deepEqual(await dismissal.remote.dismiss(...ARGS.dismiss, AbortSignal.timeout(1_000)), { dismissed: true, eventSeq: 9 })
  assert.equal(dismissal.calls.length, 2)
})

test('every plugin call, a decision too, is cancelled with the browser\'s request: a dropped decision leaves nothing to carry out', async () => {
  const { remote, calls, done } = remoteWith(async (method, request, opts) => { throw new Error('cancelled') })
  const gaveUp = new AbortController()
  await assert.rejects(remote.submit(...ARGS.submit, gaveUp.signal))
  assert.equal(calls[0].options.signal, gaveUp.signal)
  assert.deepEqual(done.admitted, [])
})

test('a dismissal record is written before the browser is answered, with the record\'s seq', async () => {
  const { remote, done } = remoteWith(REPLIES.dismiss[0])
  assert.deepEqual(await remote.dismiss(...ARGS.dismiss, AbortSignal.timeout(1_000)), { dismissed: true, eventSeq: 9 })
  assert.deepEqual(done.recorded, ['dis_1'])
  const refused = remoteWith(REPLIES.dismiss[0], { refuse: 'not-open' })
  assert.deepEqual(await refused.remote.dismiss(...ARGS.dismiss, AbortSignal.timeout(1_000)), { dismissed: false, reason: 'not-open', problems: [] })
})

test('the plugin is asked with the session\'s snapshot, and once more with the opening call\'s metadata when it needs it', async () => {
  const meta = { kind: 'dsh/task-surface', version: 1, surfaceId: 'tsf_a', model: {} }
  const events = [{ seq: 2, type: 'tool/result', data: { message: { source: { callId: 'call_1' } }, meta } }]
  const views = new Map([['ses_1', { active: { callId: 'call_1', surfaceId: 'tsf_a' }, outcomes: [] }]])
  const { remote, calls } = remoteWith((method, request) => request.snapshot.meta ? { active: false, reason: 'not-open' } : { meta_needed: true }, { views, events })
  const signal = AbortSignal.timeout(1_000)
  assert.deepEqual(await remote.getActive({ id: 'ses_1', events }, undefined, undefined, signal), { active: false, reason: 'not-open', problems: [] })
  assert.deepEqual(calls.map((c) => [c.method, c.request.session_id, c.request.snapshot.meta ?? null, c.options.signal === signal]),
    [['GetActive', 'ses_1', null, true], ['GetActive', 'ses_1', meta, true]])
  assert.deepEqual(JSON.parse(calls[0].request.snapshot.projection_json), views.get('ses_1'))
})

test('getActive hands the browser the limits in force at the time of the call, not a copy taken at start', async () => {
  let inForce = { maxSubmissionBytes: 8192 }
  const reply = { active: true, call_id: 'call_1', surface_id: 'tsf_a', model_json: Buffer.from('{}'), markdown_json: Buffer.alloc(0), pending: null }
  const { remote } = remoteWith(reply, { limits: () => inForce })
  assert.deepEqual((await remote.getActive({ id: 'ses_1' }, 'tsf_a', undefined, AbortSignal.timeout(1_000))).limits, { maxSubmissionBytes: 8192 })
  inForce = { maxSubmissionBytes: 65536, maxFields: 4 }
  assert.deepEqual((await remote.getActive({ id: 'ses_1' }, 'tsf_a', undefined, AbortSignal.timeout(1_000))).limits, { maxSubmissionBytes: 65536, maxFields: 4 })
  const bare = remoteWith(reply)
  assert.deepEqual((await bare.remote.getActive({ id: 'ses_1' }, 'tsf_a', undefined, AbortSignal.timeout(1_000))).limits, {}, 'no limits known: an empty object')
})

test('getActive leaves out the model and Markdown the page says it holds, and only for that surface', async () => {
  const reply = { active: true, call_id: 'call_1', surface_id: 'tsf_a', model_json: Buffer.from('{"title":"T"}'), markdown_json: Buffer.from('{"/sections/0/blocks/0":"<p>x</p>"}'), pending: null }
  const { remote, calls } = remoteWith(reply)
  const signal = AbortSignal.timeout(1_000)
  const first = await remote.getActive({ id: 'ses_1' }, 'tsf_a', undefined, signal)
  assert.deepEqual([first.model, first.markdown], [{ title: 'T' }, { '/sections/0/blocks/0': '<p>x</p>' }], 'a first read carries both')
  const again = await remote.getActive({ id: 'ses_1' }, 'tsf_a', 'tsf_a', signal)
  assert.deepEqual([again.active, again.callId, again.surfaceId, again.model, again.markdown], [true, 'call_1', 'tsf_a', null, null], 'a read of the surface the page holds carries neither')
  const other = await remote.getActive({ id: 'ses_1' }, undefined, 'tsf_old', signal)
  assert.deepEqual(other.model, { title: 'T' }, 'another surface open: its model comes whole')
  assert.deepEqual(calls.map((c) => c.request.model_held), [false, true, false], 'the plugin is told to leave them out for the held surface only')
})
