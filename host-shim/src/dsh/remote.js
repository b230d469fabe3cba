// The browser-facing RPC: /api/taskSurface/{getActive,check,submit,dismiss}, a Typert Remote in
// "SRC" mode. Its shape (namespace, methods, arguments in order, the keys of each answer arm) is
// declared once in ../wire/rpc.js, which the browser half imports too; test/dsh/remote.test.js
// holds this class to it. dsh reads the parameter names from this source, so keep them literal
// and the file unminified: `session` resolves from the wire field `sessionId` (dsh's session
// lookup), and a trailing `signal` is the request's cancellation.
//
// Each method checks its arguments (./arguments.js), asks the plugin with the session's snapshot
// (./queue.js; again with the open surface's metadata when the plugin says it needs it), and
// carries out the plugin's decision: the admission (queue.admit) or the dismissal record
// (dismissals.record), each only while the session's state token is the decision's; otherwise it
// asks again with a fresh snapshot, at most MAX_ASKS times. A request the browser gives up on
// cancels the plugin's call: the plugin keeps no record, so a decision whose answer is dropped
// leaves nothing behind, and the retry is decided again.
//
// The Typert protocol (TypertRemoteService, Remote) is dsh's own package; the entry passes it in,
// so this file imports nothing from the harness and its answers can be tested without it.
import { randomUUID } from 'node:crypto'
import { jsonBytes, parseJsonBytes } from '../wire/json.js'
import { RPC_METHODS, RPC_NAMESPACE } from '../wire/rpc.js'
import { Code, Reason } from '../wire/words.gen.js'
import { argumentProblems } from './arguments.js'
import { MAX_ASKS } from './dismissals.js'
import { findToolResult } from './sessions.js'
import { createTimeline } from './timeline.js'

/** Mark a method @Remote by hand: plain JS has no decorator syntax. */
function markRemote(Remote, cls, method) {
  Remote(cls.prototype[method], {
    kind: 'method', name: method, static: false, private: false,
    addInitializer(fn) { fn.call(Object.create(cls.prototype)) },
  })
}

function problemsOf(list) {
  return (list ?? []).map((p) => ({ code: p.code, message: p.message, pointer: p.pointer }))
}

/** The JSON codec of a parameter or result the gateway reads from the source (SRC mode). */
const SRC_JSON = Object.freeze({ mode: 'src-json' })
/** The Remote's parameters that dsh resolves through a lookup: its wire field and lookup key. */
const LOOKUPS = Object.freeze({ sessionId: Object.freeze({ name: 'session', lookup: 'session' }) })
/** The host's answer to an admission for a session with no live agent to queue it. */
const NO_LIVE_AGENT = Object.freeze({ admitted: false, reason: Reason.AdmissionRefused, problem: 'The session has no live agent.' })
/** The answer once every decision of MAX_ASKS came back on a state the session no longer had. */
const KEPT_CHANGING = Object.freeze({
  reason: Reason.AdmissionRefused,
  problems: [{ code: Code.AdmissionRefused, message: 'The session kept changing while the plugin decided; submit again.', pointer: '' }],
})

/**
 * The Remote's methods as Typert invocation descriptors, for `ctx.typert.register`: exactly what
 * dsh's gateway derives from the class in SRC mode (the parameter names read from each method's
 * source, `session` through dsh's session lookup from the wire field `sessionId`, a trailing
 * `signal`, JSON codecs). In SRC mode the gateway derives them again on every call, scanning
 * every service of the app and reading the method's source; registered, a call finds its
 * descriptor by its endpoint. test/dsh/remote.test.js holds them to the class's source.
 * @param {string} [packageName] - the contributing package (the bundle's npm name).
 * @returns {object} a Typert contribution: package, face, no schemas, an empty model, the
 *   invocations.
 */
export function remoteContribution(packageName = 'dsh-task-surface') {
  const invocations = RPC_METHODS.map(({ name, args }) => ({
    id: `${packageName}:${RPC_NAMESPACE}/${name}`,
    service: RPC_NAMESPACE,
    namespace: RPC_NAMESPACE,
    method: name,
    invocation: { kind: 'direct' },
    parameters: args.map((arg) => {
      const wire = arg.replace(/\?$/, '')
      const lookup = LOOKUPS[wire]
      return lookup
        ? { name: lookup.name, wire, source: 'lookup', lookup: lookup.lookup, codec: SRC_JSON }
        : { name: wire, wire, source: 'json', codec: SRC_JSON }
    }),
    cancellation: { parameter: 'signal' },
    result: SRC_JSON,
  }))
  return { package: packageName, face: 'host', schemas: [], model: { services: [], events: [], objects: [] }, invocations }
}

/**
 * Build the Remote service class bound to one plugin supervisor.
 * @param {{call: Function}} plugin - the supervisor (or anything with its call).
 * @param {{TypertRemoteService: any, Remote: Function}} typert - dsh's Typert protocol
 *   (`@deepseek-ai/dsh-typert-protocol`).
 * @param {object} deps
 * @param {ReturnType<import('./queue.js').createQueue>} deps.queue - snapshots and admissions
 * @param {ReturnType<import('./dismissals.js').createDismissals>} deps.dismissals - the records
 * @param {(sessionId: string) => Promise<any>} deps.agentFor - a session's live agent
 * @param {() => Record<string, number>} [deps.limits] - the limits in force (row-config names
 *   such as `maxSubmissionBytes`), read on every getActive so the browser follows a restart.
 * @param {import('./timeline.js').Mark|null} [deps.mark] - the bench's timeline hook
 * @param {import('../goplugin/plugin-process.js').LogFn} [deps.log] - where a decision the shim
 *   could not carry out is logged
 * @returns {any} the class to hand to `ctx.plugin`.
 */
export function createRemoteService(plugin, { TypertRemoteService, Remote }, {
  queue, dismissals, agentFor, limits = () => ({}), mark = createTimeline(), log = () => {},
}) {
  /**
   * Ask the plugin with the session's snapshot, and once more with the open surface's logged
   * metadata when the plugin says it does not hold the model (after a plugin restart).
   */
  async function ask(method, session, request, signal) {
    const agent = await agentFor(session.id)
    signal?.throwIfAborted()
    const options = { signal }
    let res = await plugin.call(method, { ...request, snapshot: queue.snapshot(agent, session) }, options)
    if (res.meta_needed) {
      const active = queue.view(session)?.active
      const meta = active ? findToolResult(session.events, active.callId).result?.data?.meta : undefined
      res = await plugin.call(method, { ...request, snapshot: queue.snapshot(agent, session, meta) }, options)
    }
    return { res, agent }
  }

  const invalid = (problems) => ({ reason: Reason.InvalidRequest, problems })

  class TaskSurfaceRemote extends TypertRemoteService {
    constructor(ctx) {
      super(ctx, RPC_NAMESPACE)
    }

    // `known` is the surface whose model and Markdown the page holds already (a Dock reading
    // its surface again). A surface's model never changes, so when that surface is the open one
    // the answer carries null for both: the plugin leaves them out (model_held).
    async getActive(session, surfaceId, known, signal) {
      mark?.('remote.getActive', session.id)
      const problems = argumentProblems({ surfaceId, known }, { surfaceId: 'string?', known: 'string?' })
      if (problems.length > 0) return { active: false, ...invalid(problems) }
      const { res } = await ask('GetActive', session, {
        session_id: session.id, surface_id: surfaceId ?? '', model_held: Boolean(known) && known === surfaceId,
      }, signal)
      if (!res.active) return { active: false, reason: res.reason || Reason.NotOpen, problems: [] }
      const pending = res.pending && res.pending.submission_id
        ? { submissionId: res.pending.submission_id, messageId: res.pending.message_id, phase: res.pending.phase }
        : null
      const held = Boolean(known) && known === res.surface_id
      return {
        active: true,
        callId: res.call_id,
        surfaceId: res.surface_id,
        model: held ? null : parseJsonBytes(res.model_json, null),
        markdown: held ? null : parseJsonBytes(res.markdown_json, {}),
        pending,
        limits: { ...limits() },
      }
    }

    // `locale` is the language the Dock words problems in ("zh", else English); the plugin
    // words every value problem in it, the check's as Submit's.
    async check(session, surfaceId, values, note, locale, signal) {
      const problems = argumentProblems({ surfaceId, values, note, locale }, { surfaceId: 'string', values: 'object', note: 'string?', locale: 'string?' })
      if (problems.length > 0) return { checked: false, ...invalid(problems) }
      const { res } = await ask('Check', session, {
        session_id: session.id, surface_id: surfaceId, values_json: jsonBytes(values), note: note ?? '', locale: locale ?? '',
      }, signal)
      if (!res.checked) return { checked: false, reason: res.reason || Reason.NotOpen, problems: [] }
      return { checked: true, problems: problemsOf(res.problems), unanswered: [...(res.unanswered ?? [])] }
    }

    async submit(session, surfaceId, submissionId, values, note, locale, signal) {
      mark?.('remote.submit', session.id, { submissionId })
      const problems = argumentProblems({ surfaceId, submissionId, values, note, locale },
        { surfaceId: 'string', submissionId: 'string', values: 'object', note: 'string?', locale: 'string?' })
      if (problems.length > 0) return { accepted: false, ...invalid(problems) }
      const request = {
        session_id: session.id, surface_id: surfaceId, submission_id: submissionId,
        values_json: jsonBytes(values), note: note ?? '', locale: locale ?? '',
      }
      for (let asks = 0; asks < MAX_ASKS; asks++) {
        const { res, agent } = await ask('Submit', session, request, signal)
        mark?.('remote.decided', session.id, { submissionId })
        if (res.admit) {
          const done = agent ? queue.admit(agent, res.admit, randomUUID()) : NO_LIVE_AGENT
          if (done.stale) continue // decided on a state the session no longer has: ask again
          if (!done.admitted) {
            log('info', `the Task Surface submission ${res.admit.message_id} was not queued (${done.reason}): ${done.problem}`)
            mark?.('remote.answered', session.id, { submissionId })
            return { accepted: false, reason: done.reason, problems: [{ code: Code.AdmissionRefused, message: done.problem, pointer: '' }] }
          }
        }
        mark?.('remote.answered', session.id, { submissionId })
        if (res.accepted) return { accepted: true, messageId: res.message_id, phase: res.phase }
        return { accepted: false, reason: res.reason, problems: problemsOf(res.problems) }
      }
      return { accepted: false, ...KEPT_CHANGING }
    }

    async dismiss(session, surfaceId, dismissalId, signal) {
      const problems = argumentProblems({ surfaceId, dismissalId }, { surfaceId: 'string', dismissalId: 'string' })
      if (problems.length > 0) return { dismissed: false, ...invalid(problems) }
      const request = { session_id: session.id, surface_id: surfaceId, dismissal_id: dismissalId }
      for (let asks = 0; asks < MAX_ASKS; asks++) {
        const { res, agent } = await ask('Dismiss', session, request, signal)
        if (res.record) {
          const done = await dismissals.record(session, agent, res.record)
          if (done.stale) continue // decided on a state the session no longer has: ask again
          if (!done.recorded) return { dismissed: false, reason: done.reason, problems: [] }
          return { dismissed: true, eventSeq: done.eventSeq }
        }
        if (res.dismissed) return { dismissed: true, eventSeq: Number(res.event_seq) }
        return { dismissed: false, reason: res.reason, problems: [] }
      }
      return { dismissed: false, reason: Reason.NotRecorded, problems: [] }
    }
  }
  for (const { name } of RPC_METHODS) markRemote(Remote, TaskSurfaceRemote, name)
  return TaskSurfaceRemote
}
