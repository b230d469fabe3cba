// tasksurface.v1.Host, served to the plugin over the go-plugin broker: what the plugin may ask
// of dsh. Each handler gets the request and its call's gRPC metadata. Every method answers data;
// a thrown error becomes a gRPC error (a bug or a missing session the plugin should not have
// named).
import { jsonBytes } from '../wire/json.js'
import { RPC_ID_HEADER } from '../wire/source.js'
import { findToolResult } from './sessions.js'
import { readProjection } from './projection.js'
import { createTimeline } from './timeline.js'

/**
 * @param {object} deps
 * @param {any} deps.ctx
 * @param {ReturnType<import('./sessions.js').createSessionAccess>} deps.access
 * @param {ReturnType<import('./queue.js').createQueue>} deps.queue
 * @param {ReturnType<import('./dismissals.js').createDismissals>} deps.dismissals
 * @param {() => string|undefined} deps.projectionKey
 * @param {import('./timeline.js').Mark|null} [deps.mark] - the bench's timeline hook (./timeline.js)
 */
export function createHostServices({ ctx, access, queue, dismissals, projectionKey, mark = createTimeline() }) {
  return {
    async ReadToolResult(req) {
      mark?.('host.read-tool-result', req.session_id)
      const session = await access.sessionFor(req.session_id)
      if (!session) return { found: false }
      const { call, result } = findToolResult(session.events, req.call_id)
      if (!result) return { found: false, tool_name: call?.data?.name ?? '' }
      const content = result.data.message?.content ?? []
      const isError = result.data.error !== undefined || content.some((c) => c?.isError === true)
      return {
        found: true,
        tool_name: call?.data?.name ?? '',
        meta_json: result.data.meta === undefined ? Buffer.alloc(0) : jsonBytes(result.data.meta),
        is_error: isError,
        parent_call_id: '',
      }
    },

    async ReadProjection(req) {
      mark?.('host.read-projection', req.session_id)
      const key = projectionKey()
      const session = await access.sessionFor(req.session_id)
      if (!session || !key) return { found: false }
      const value = readProjection(ctx.sessionProjections, session, key)
      if (value === undefined) return { found: false }
      return { found: true, view_json: jsonBytes(value) }
    },

    AdmitUserMessage: (req, call) => {
      mark?.('host.admit', req.session_id, { messageId: req.message_id })
      const admitted = queue.admit(req, { rpcId: call?.metadata?.[RPC_ID_HEADER] })
      return mark ? admitted.finally(() => mark('host.admitted', req.session_id)) : admitted
    },
    RecordDismissal: (req) => dismissals.record(req),
    ListInFlight: (req) => {
      mark?.('host.list-in-flight', req.session_id)
      return queue.listInFlight(req)
    },
  }
}
