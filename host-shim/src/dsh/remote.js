// The browser-facing RPC: /api/taskSurface/{getActive,submit,dismiss}, a Typert Remote in
// "SRC" mode (dsh reads the parameter names from this source, so keep them literal and the
// file unminified). `session` resolves from the wire field `sessionId`; `signal` is the
// request's cancellation.
import { TypertRemoteService, Remote } from '@deepseek-ai/dsh-typert-protocol'
import { jsonBytes, parseJsonBytes } from '../wire/json.js'
import { Phase, Reason } from '../wire/words.gen.js'

/** Mark a method @Remote by hand: plain JS has no decorator syntax. */
function markRemote(cls, method) {
  Remote(cls.prototype[method], {
    kind: 'method', name: method, static: false, private: false,
    addInitializer(fn) { fn.call(Object.create(cls.prototype)) },
  })
}

function problemsOf(list) {
  return (list ?? []).map((p) => ({ code: p.code, message: p.message, pointer: p.pointer }))
}

/**
 * Build the Remote service class bound to one plugin supervisor.
 * @param {{call: Function}} plugin
 */
export function createRemoteService(plugin) {
  class TaskSurfaceRemote extends TypertRemoteService {
    constructor(ctx) {
      super(ctx, 'taskSurface')
    }

    async getActive(session, surfaceId, signal) {
      const res = await plugin.call('GetActive', { session_id: session.id, surface_id: surfaceId ?? '' }, { signal })
      if (!res.active) return { active: false, reason: res.reason || Reason.NotOpen }
      const pending = res.pending && res.pending.submission_id
        ? { submissionId: res.pending.submission_id, messageId: res.pending.message_id, phase: res.pending.phase }
        : null
      return {
        active: true,
        callId: res.call_id,
        surfaceId: res.surface_id,
        model: parseJsonBytes(res.model_json, null),
        markdown: parseJsonBytes(res.markdown_json, {}),
        pending,
      }
    }

    async submit(session, surfaceId, submissionId, values, note, signal) {
      const res = await plugin.call('Submit', {
        session_id: session.id,
        surface_id: surfaceId ?? '',
        submission_id: submissionId ?? '',
        values_json: jsonBytes(values ?? {}),
        note: note ?? '',
      }, { signal })
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
  markRemote(TaskSurfaceRemote, 'getActive')
  markRemote(TaskSurfaceRemote, 'submit')
  markRemote(TaskSurfaceRemote, 'dismiss')
  return TaskSurfaceRemote
}
