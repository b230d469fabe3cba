// The browser RPC as the Remote serves it, held to its one declaration (src/wire/rpc.js): the
// namespace, the @Remote methods and the parameter names dsh reads from their source, and the
// keys of every answer the Remote builds from the plugin's replies.
import { test } from 'node:test'
import assert from 'node:assert/strict'
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

/** The Remote over a plugin that answers every call with `reply`, and the calls it received. */
function remoteWith(reply) {
  const calls = []
  const plugin = {
    async call(method, request, options) {
      calls.push({ method, request, options })
      return reply
    },
  }
  const { typert } = fakeTypert()
  const Remote = createRemoteService(plugin, typert)
  return { remote: new Remote({}), calls }
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
  const Remote = createRemoteService({ call: async () => ({}) }, typert)
  assert.equal(new Remote({}).serviceKey, RPC_NAMESPACE)
  assert.deepEqual(marked, RPC_METHODS.map((m) => m.name))
  const own = Object.getOwnPropertyNames(Remote.prototype).filter((n) => n !== 'constructor')
  assert.deepEqual(own.sort(), RPC_METHODS.map((m) => m.name).sort(), 'the class has no undeclared methods')
})

test('the registered descriptors are what dsh\'s gateway derives from the source: names, wire fields, the session lookup, the signal', () => {
  const { typert } = fakeTypert()
  const Remote = createRemoteService({ call: async () => ({}) }, typert)
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
  const Remote = createRemoteService({ call: async () => ({}) }, typert)
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
    { active: false, reason: 'stale' },
    { active: false, reason: '' },
  ],
  submit: [
    { accepted: true, message_id: 'tsm_1', phase: 'queued' },
    { accepted: true, message_id: 'tsm_1', phase: '' },
    { accepted: false, reason: 'invalid-submission', problems: [{ code: 'required', message: 'Fill this in.', pointer: '/name', extra: 1 }] },
    { accepted: false, reason: 'not-open', problems: [] },
  ],
  dismiss: [
    { dismissed: true, event_seq: 12 },
    { dismissed: false, reason: 'submission-pending' },
  ],
}

const ARGS = {
  getActive: [{ id: 'ses_1' }, 'tsf_a', undefined],
  submit: [{ id: 'ses_1' }, 'tsf_a', 'sub_1', { name: 'x' }, 'a note'],
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
      for (const p of answer.problems ?? []) assertKeys(p, RPC_PROBLEM_KEYS, 'submit problem')
    }
    assert.equal(reached.size, method.answers.length, `${method.name}: every declared arm is answered`)
  }
})

test('empty reason and phase read as the contract\'s defaults, and the plugin gets the session and the signal', async () => {
  const signal = AbortSignal.timeout(1_000)
  const closed = remoteWith({ active: false, reason: '' })
  assert.deepEqual(await closed.remote.getActive({ id: 'ses_1' }, undefined, undefined, signal), { active: false, reason: 'not-open' })
  assert.deepEqual(closed.calls, [{ method: 'GetActive', request: { session_id: 'ses_1', surface_id: '', projection_json: Buffer.alloc(0), model_held: false }, options: { signal } }])
  const queued = remoteWith({ accepted: true, message_id: 'tsm_1', phase: '' })
  assert.deepEqual(await queued.remote.submit({ id: 'ses_1' }, 'tsf_a', 'sub_1', { a: 1 }, undefined, signal),
    { accepted: true, messageId: 'tsm_1', phase: 'queued' })
  assert.equal(queued.calls[0].request.note, '')
  assert.deepEqual(JSON.parse(queued.calls[0].request.values_json), { a: 1 })
})

test('getActive hands the browser the limits in force at the time of the call, not a copy taken at start', async () => {
  let inForce = { maxSubmissionBytes: 8192 }
  const { typert } = fakeTypert()
  const reply = { active: true, call_id: 'call_1', surface_id: 'tsf_a', model_json: Buffer.from('{}'), markdown_json: Buffer.alloc(0), pending: null }
  const Remote = createRemoteService({ call: async () => reply }, typert, { limits: () => inForce })
  const remote = new Remote({})
  assert.deepEqual((await remote.getActive({ id: 'ses_1' }, 'tsf_a', undefined, AbortSignal.timeout(1_000))).limits, { maxSubmissionBytes: 8192 })
  inForce = { maxSubmissionBytes: 65536, maxFields: 4 }
  assert.deepEqual((await remote.getActive({ id: 'ses_1' }, 'tsf_a', undefined, AbortSignal.timeout(1_000))).limits, { maxSubmissionBytes: 65536, maxFields: 4 })
  const bare = createRemoteService({ call: async () => reply }, typert)
  assert.deepEqual((await new bare({}).getActive({ id: 'ses_1' }, 'tsf_a', undefined, AbortSignal.timeout(1_000))).limits, {}, 'no limits known: an empty object')
})

test('getActive and submit carry the session\'s projection view as dsh holds it, so the plugin need not ask for it', async () => {
  const calls = []
  const { typert } = fakeTypert()
  const views = new Map([['ses_1', { active: { callId: 'call_1', surfaceId: 'tsf_a' }, outcomes: [] }]])
  const Remote = createRemoteService({ async call(method, request) { calls.push({ method, request }); return { active: false, accepted: false } } }, typert, {
    view: (session) => views.get(session.id),
  })
  const remote = new Remote({})
  const signal = AbortSignal.timeout(1_000)
  await remote.getActive({ id: 'ses_1' }, 'tsf_a', undefined, signal)
  await remote.submit({ id: 'ses_1' }, 'tsf_a', 'sub_1', {}, '', signal)
  await remote.getActive({ id: 'ses_2' }, undefined, undefined, signal)
  assert.deepEqual(calls.map((c) => [c.method, c.request.projection_json.length === 0 ? null : JSON.parse(c.request.projection_json)]), [
    ['GetActive', views.get('ses_1')],
    ['Submit', views.get('ses_1')],
    ['GetActive', null],
  ])
})

test('getActive leaves out the model and Markdown the page says it holds, and only for that surface', async () => {
  // The reply of a plugin older than contract 1.2, which sends both whatever model_held says.
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
