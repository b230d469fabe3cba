// The browser's client of the host's TaskSurfaceService (a Typert Remote):
// `ctx.connection.rpc.call('/api', '<namespace>/<method>', {args})`. The namespace, the method
// names and each method's arguments come from the RPC's one declaration (tools/contractgen
// writes it into ../contract/rpc.gen.ts, and into the host shim); the component tests check that
// the requests carry exactly the declared arguments and that the answers are read by the
// declared keys. Answers are checked for shape; an RPC error or a malformed answer becomes a thrown
// TransportError, which the Dock treats as "unknown outcome, retry with the same id".
import { asSubmissionId, asTaskSurfaceId, type DismissalId, type SubmissionId, type TaskSurfaceId } from '../contract/ids.ts'
import { RPC_METHODS, RPC_NAMESPACE } from '../contract/rpc.gen.ts'
import { Phase, Reason } from '../contract/words.gen.ts'
import type { ClientConnection } from '../dsh.ts'
import type { Problem, Values } from '../values.ts'
import { isObj, strings, type JsonObject } from './json.ts'

/** A submission the host has accepted and not yet handed to the agent. */
export interface Pending { submissionId: SubmissionId; messageId: string; phase: Phase }

/** The limits in force on the host (row-config names); a key the host did not send is unknown. */
export interface Limits { maxSubmissionBytes?: number }

/** The answer to getActive. A reason is a `Reason`, or a word a newer host added. */
export type GetActiveResult =
  | { active: true; callId: string; surfaceId: TaskSurfaceId; model: unknown; markdown: unknown; pending: Pending | null; limits?: Limits }
  | { active: false; reason: string; problems: Problem[] }

/** The answer to submit. */
export type SubmitResult =
  | { accepted: true; messageId: string; phase: Phase }
  | { accepted: false; reason: string; problems: Problem[] }

/** The answer to check: the problems a submit of these answers would get and the fields whose
 * value counts as no answer, or why the plugin did not judge them. */
export type CheckResult =
  | { checked: true; problems: Problem[]; unanswered: string[] }
  | { checked: false; reason: string; problems: Problem[] }

/** The answer to dismiss. */
export type DismissResult = { dismissed: true; eventSeq: number } | { dismissed: false; reason: string; problems: Problem[] }

/** The arguments of submit; an empty note is not sent. */
export interface SubmitRequest {
  sessionId: string
  surfaceId: TaskSurfaceId
  submissionId: SubmissionId
  values: Values
  note?: string
  /** The language the plugin words value problems in: the Dock's, "zh", else English. */
  locale?: string
}

/** The arguments of check. */
export type CheckRequest = Omit<SubmitRequest, 'submissionId'>

/** The arguments of dismiss. */
export interface DismissRequest { sessionId: string; surfaceId: TaskSurfaceId; dismissalId: DismissalId }

/** What the Dock calls on the host. */
export interface TaskSurfaceApi {
  /** Whether `surfaceId` is open (without it: whichever surface is). `known` is the surface
   * whose model and Markdown the caller holds already: when it is the open one, the answer's
   * model and markdown are null (a surface's model never changes). */
  getActive(sessionId: string, surfaceId?: TaskSurfaceId, known?: TaskSurfaceId, signal?: AbortSignal): Promise<GetActiveResult>
  submit(req: SubmitRequest, signal?: AbortSignal): Promise<SubmitResult>
  dismiss(req: DismissRequest, signal?: AbortSignal): Promise<DismissResult>
  check(req: CheckRequest, signal?: AbortSignal): Promise<CheckResult>
}

/** The request reached nobody who answered, or the answer cannot be read. `answered` is true
 * when the harness itself answered with an error (the plugin behind it is restarting or not
 * running), which the Dock tells apart from a harness it could not reach. */
export class TransportError extends Error {
  constructor(message: string, readonly code: string = 'transport', readonly answered = false) {
    super(message)
    this.name = 'TransportError'
  }
}

/** The host's limits; undefined when an older host sent none. */
function readLimits(v: unknown): Limits | undefined {
  if (!isObj(v)) return undefined
  const n = v.maxSubmissionBytes
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? { maxSubmissionBytes: n } : {}
}

type Obj = JsonObject
const str = (v: unknown): string => (typeof v === 'string' ? v : '')
const phaseOf = (v: unknown): Phase => (v === Phase.Claiming || v === Phase.Committed ? v : Phase.Queued)

function readPending(v: unknown): Pending | null {
  if (!isObj(v) || typeof v.submissionId !== 'string' || v.submissionId === '') return null
  return { submissionId: asSubmissionId(v.submissionId), messageId: str(v.messageId), phase: phaseOf(v.phase) }
}

function readProblems(v: unknown): Problem[] {
  if (!Array.isArray(v)) return []
  return v.filter(isObj).map((p) => ({ code: str(p.code), message: str(p.message), pointer: str(p.pointer) }))
}

/** How each key the declaration names in an answer is read. */
const READERS: Record<string, (v: unknown) => unknown> = {
  callId: str,
  surfaceId: (v) => asTaskSurfaceId(str(v)),
  model: (v) => v,
  markdown: (v) => v,
  pending: readPending,
  limits: readLimits,
  reason: str,
  problems: readProblems,
  unanswered: strings,
  messageId: str,
  phase: phaseOf,
  eventSeq: (v) => (typeof v === 'number' ? v : 0),
}

/** The declaration of a method, if the RPC declares it. */
const declared = (method: string) => RPC_METHODS.find((m) => m.name === method)

/**
 * The arguments of one declared method taken from `req`, in declared order. An optional
 * argument (`name?`) is left out when it is undefined or empty.
 */
export function argsOf(method: string, req: Readonly<Record<string, unknown>>): Obj {
  const decl = declared(method)
  if (!decl) throw new TransportError(`${method}: not a declared method`)
  const args: Obj = {}
  for (const a of decl.args) {
    const optional = a.endsWith('?')
    const name = optional ? a.slice(0, -1) : a
    const v = req[name]
    if (!optional || (v !== undefined && v !== '')) args[name] = v
  }
  return args
}

/** An answer that is not the declared shape. */
const unreadable = (method: string): TransportError => new TransportError(`${method}: unreadable answer`)

/** `api` with check and submit asking for their problems in `locale` (the Dock's), so that the
 * live check and Submit say one problem with one sentence. */
export const inLocale = (api: TaskSurfaceApi, locale: string): TaskSurfaceApi => ({
  ...api,
  check: (req, signal) => api.check({ ...req, locale }, signal),
  submit: (req, signal) => api.submit({ ...req, locale }, signal),
})

/** The Remote's client over the page's connection. */
export function createApi(connection: ClientConnection): TaskSurfaceApi {
  async function call(method: string, req: Readonly<Record<string, unknown>>, signal?: AbortSignal): Promise<Obj> {
    const args = argsOf(method, req)
    let res
    try {
      res = await connection.rpc.call('/api', `${RPC_NAMESPACE}/${method}`, { args }, signal)
    } catch (err) {
      throw new TransportError(err instanceof Error ? err.message : String(err))
    }
    if (!isObj(res)) throw unreadable(method)
    if (res.ok !== true) {
      const e: Obj = isObj(res.error) ? res.error : {}
      throw new TransportError(`${method}: ${str(e.message) || 'failed'}`, str(e.code) || 'rpc-error', true)
    }
    if (!isObj(res.value)) throw unreadable(method)
    return res.value
  }

  /** The answer's arm whose `when` it matches, each of the arm's declared keys read by its reader
   * (READERS) and an empty reason the method's default one. */
  async function answer(method: string, req: Readonly<Record<string, unknown>>, signal?: AbortSignal): Promise<never> {
    const v = await call(method, req, signal)
    const arm = declared(method)!.answers.find((a) => Object.entries(a.when).every(([k, w]) => v[k] === w))
    if (!arm) throw unreadable(method)
    const read: Obj = { ...arm.when }
    for (const k of arm.keys) read[k] = READERS[k]!(v[k])
    if (read.reason === '') read.reason = method === 'submit' ? Reason.InvalidSubmission : Reason.NotOpen
    return read as never
  }

  return {
    getActive: (sessionId, surfaceId, known, signal) => answer('getActive', { sessionId, surfaceId, known }, signal),
    submit: (req, signal) => answer('submit', { ...req }, signal),
    dismiss: (req, signal) => answer('dismiss', { ...req }, signal),
    check: (req, signal) => answer('check', { ...req }, signal),
  }
}
