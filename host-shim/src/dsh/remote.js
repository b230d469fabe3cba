// The browser-facing RPC: /api/taskSurface/{getActive,submit,dismiss}, a Typert Remote in
// "SRC" mode. Its shape (namespace, methods, arguments in order, the keys of each answer arm) is
// declared once in ../wire/rpc.js, which the browser half imports too; test/dsh/remote.test.js
// holds this class to it. dsh reads the parameter names from this source, so keep them literal
// and the file unminified: `session` resolves from the wire field `sessionId` (dsh's session
// lookup), and a trailing `signal` is the request's cancellation.
//
// The Typert protocol (TypertRemoteService, Remote) is dsh's own package; the entry passes it in,
// so this file imports nothing from the harness and its answers can be tested without it.
import { jsonBytes, parseJsonBytes } from '../wire/json.js'
import { RPC_METHODS, RPC_NAMESPACE } from '../wire/rpc.js'
import { Phase, Reason } from '../wire/words.gen.js'
import { createAdmissions } from './admissions.js'
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
 * @param {object} [options]
 * @param {() => Record<string, number>} [options.limits] - the limits in force (row-config names
 *   such as `maxSubmissionBytes`), read on every getActive so the browser follows a restart.
 * @param {import('./timeline.js').Mark|null} [options.mark] - the bench's timeline hook
 *   (./timeline.js).
 * @param {ReturnType<import('./admissions.js').createAdmissions>} [options.admissions] - where a
 *   submit learns that the queue admitted its message (./admissions.js), to answer then.
 * @param {(session: any) => unknown} [options.view] - the session's projection view as dsh holds
 *   it (./projection.js readProjection), sent with getActive and submit so the plugin need not
 *   ask for it (contract 1.1): one round trip fewer; undefined sends none.
 * @returns {any} the class to hand to `ctx.plugin`.
 */
export function createRemoteService(plugin, { TypertRemoteService, Remote }, {
  limits = () => ({}), mark = createTimeline(), admissions = createAdmissions(), view = () => undefined,
} = {}) {
  /** The projection view to send along, as bytes; empty when there is none or it cannot be
   * read here (the plugin then asks the host for it). */
  const viewBytes = (session) => {
    let v
    try {
      v = view(session)
    } catch {
      v = undefined
    }
    return v === undefined ? Buffer.alloc(0) : jsonBytes(v)
  }

  class TaskSurfaceRemote extends TypertRemoteService {
    constructor(ctx) {
      super(ctx, RPC_NAMESPACE)
    }

    // `known` is the surface whose model and Markdown the page holds already (a Dock reading
    // its surface again: on a change of the projection or the queue, and every poll while a
    // submission is pending). A surface's model never changes, so when that surface is the open
    // one the answer carries null for both: the plugin leaves them out (model_held, contract
    // 1.2), and what an older plugin sends anyway is not parsed.
    async getActive(session, surfaceId, known, signal) {
      mark?.('remote.getActive', session.id)
      const res = await plugin.call('GetActive', {
        session_id: session.id,
        surface_id: surfaceId ?? '',
        projection_json: viewBytes(session),
        model_held: Boolean(known) && known === surfaceId,
      }, { signal })
      if (!res.active) return { active: false, reason: res.reason || Reason.NotOpen }
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

    async submit(session, surfaceId, submissionId, values, note, signal) {
      mark?.('remote.submit', session.id, { submissionId })
      // Answered by the plugin, or at the admission of this submission's message, whichever is
      // first (./admissions.js): after an admission the plugin's answer is settled. The admission
      // settles the answer itself, one promise job from here.
      let admission
      let call
      let res
      try {
        res = await new Promise((resolve, reject) => {
          admission = admissions.wait(session.id, submissionId ?? '', (messageId) => resolve({ accepted: true, message_id: messageId, phase: Phase.Queued }))
          call = plugin.call('Submit', {
            session_id: session.id,
            surface_id: surfaceId ?? '',
            submission_id: submissionId ?? '',
            values_json: jsonBytes(values ?? {}),
            note: note ?? '',
            projection_json: viewBytes(session),
          }, { signal })
          call.then(resolve, reject)
        })
      } finally {
        admission.cancel()
      }
      call.catch(() => {}) // answered at admission: the plugin's own answer (or failure) comes later
      mark?.('remote.answered', session.id, { submissionId })
      if (res.accepted) return { accepted: true, messageId: res.message_id, phase: res.phase || Phase.Queued }
      return { accepted: false, reason: res.reason, problems: problemsOf(res.problems) }
    }

    async dismiss(session, surfaceId, dismissalId, signal) {
      const res = await plugin.call('Dismiss', {
        session_id: session.id, surface_id: surfaceId ?? '', dismissal_id: dismissalId ?? '',
      }, { signal })
      if (res.dismissed) return { dismissed: true, eventSeq: Number(res.event_seq) }
      return { dismissed: false, reason: res.reason }
    }
  }
  for (const { name } of RPC_METHODS) markRemote(Remote, TaskSurfaceRemote, name)
  return TaskSurfaceRemote
}
