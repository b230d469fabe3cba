// The browser's client of the host's TaskSurfaceService (a Typert Remote in the `taskSurface`
// namespace): `ctx.connection.rpc.call('/api', 'taskSurface/<method>', {args})`. Answers are
// checked for shape; an RPC error or a malformed answer becomes a thrown TransportError, which
// the Dock treats as "unknown outcome, retry with the same id".
import type { ClientConnection } from '../dsh.ts'
import type { Problem, Values } from '../values.ts'
import { isObj, type JsonObject } from './json.ts'

export type Phase = 'queued' | 'claiming'

export interface Pending { submissionId: string; messageId: string; phase: Phase }

export type GetActiveResult =
  | { active: true; callId: string; surfaceId: string; model: unknown; markdown: unknown; pending: Pending | null }
  | { active: false; reason: string }

export type SubmitResult =
  | { accepted: true; messageId: string; phase: Phase }
  | { accepted: false; reason: string; problems: Problem[] }

export type DismissResult = { dismissed: true; eventSeq: number } | { dismissed: false; reason: string }

export interface SubmitRequest {
  sessionId: string
  surfaceId: string
  submissionId: string
  values: Values
  note?: string
}

export interface DismissRequest { sessionId: string; surfaceId: string; dismissalId: string }

export interface TaskSurfaceApi {
  getActive(sessionId: string, surfaceId: string, signal?: AbortSignal): Promise<GetActiveResult>
  submit(req: SubmitRequest, signal?: AbortSignal): Promise<SubmitResult>
  dismiss(req: DismissRequest, signal?: AbortSignal): Promise<DismissResult>
}

/** The request reached nobody who answered, or the answer cannot be read. */
export class TransportError extends Error {
  constructor(message: string, readonly code: string = 'transport') {
    super(message)
    this.name = 'TransportError'
  }
}

type Obj = JsonObject
const str = (v: unknown): string => (typeof v === 'string' ? v : '')

function readPending(v: unknown): Pending | null {
  if (!isObj(v) || typeof v.submissionId !== 'string' || v.submissionId === '') return null
  const phase: Phase = v.phase === 'claiming' ? 'claiming' : 'queued'
  return { submissionId: v.submissionId, messageId: str(v.messageId), phase }
}

function readProblems(v: unknown): Problem[] {
  if (!Array.isArray(v)) return []
  return v.filter(isObj).map((p) => ({ code: str(p.code), message: str(p.message), pointer: str(p.pointer) }))
}

export const NAMESPACE = 'taskSurface'

export function createApi(connection: ClientConnection): TaskSurfaceApi {
  async function call(method: string, args: Obj, signal?: AbortSignal): Promise<Obj> {
    let res
    try {
      res = await connection.rpc.call('/api', `${NAMESPACE}/${method}`, { args }, signal)
    } catch (err) {
      throw new TransportError(err instanceof Error ? err.message : String(err))
    }
    if (!isObj(res)) throw new TransportError(`${method}: unreadable answer`)
    if (res.ok !== true) {
      const e: Obj = isObj(res.error) ? res.error : {}
      throw new TransportError(`${method}: ${str(e.message) || 'failed'}`, str(e.code) || 'rpc-error')
    }
    if (!isObj(res.value)) throw new TransportError(`${method}: unreadable answer`)
    return res.value
  }

  return {
    async getActive(sessionId, surfaceId, signal) {
      const v = await call('getActive', { sessionId, surfaceId }, signal)
      if (v.active === true) {
        return { active: true, callId: str(v.callId), surfaceId: str(v.surfaceId), model: v.model, markdown: v.markdown, pending: readPending(v.pending) }
      }
      if (v.active === false) return { active: false, reason: str(v.reason) || 'not-open' }
      throw new TransportError('getActive: unreadable answer')
    },
    async submit(req, signal) {
      const args: Obj = { sessionId: req.sessionId, surfaceId: req.surfaceId, submissionId: req.submissionId, values: req.values }
      if (req.note !== undefined && req.note !== '') args.note = req.note
      const v = await call('submit', args, signal)
      if (v.accepted === true) return { accepted: true, messageId: str(v.messageId), phase: v.phase === 'claiming' ? 'claiming' : 'queued' }
      if (v.accepted === false) return { accepted: false, reason: str(v.reason) || 'invalid-submission', problems: readProblems(v.problems) }
      throw new TransportError('submit: unreadable answer')
    },
    async dismiss(req, signal) {
      const v = await call('dismiss', { sessionId: req.sessionId, surfaceId: req.surfaceId, dismissalId: req.dismissalId }, signal)
      if (v.dismissed === true) return { dismissed: true, eventSeq: typeof v.eventSeq === 'number' ? v.eventSeq : 0 }
      if (v.dismissed === false) return { dismissed: false, reason: str(v.reason) || 'not-open' }
      throw new TransportError('dismiss: unreadable answer')
    },
  }
}
