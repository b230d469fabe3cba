// The `taskSurface` session projection as the host shim's fold views it: the contract's
// ProjectionView (tasksurface.ProjectionView, generated into contract/words.gen.ts)
//   { active: {callId, surfaceId} | null,
//     outcomes: [{callId, surfaceId, outcome, seq, messageId?, submissionId?, dismissalId?}] }
// `outcomes` keeps the last few closings (the fold bounds it), oldest first. The reader keeps
// of each what the Dock and the row read: its call, surface, outcome and the seq of the event
// that closed it (for a submission, the user message that carries the answers).
import { asTaskSurfaceId, type TaskSurfaceId } from './contract/ids.ts'
import { Outcome as Word, type ClosedSurface, type OpenSurface, type ProjectionView as Wire } from './contract/words.gen.ts'
import { isObj } from './host/json.ts'

/** An outcome word of the contract; 'unknown' stands for one this client does not know: the row
 * then falls back. */
export type OutcomeKind = `${Word}` | 'unknown'

/** A closing as the Dock and the row read it: the wire's members, the surface id branded. */
export interface Outcome extends Pick<ClosedSurface, 'callId' | 'seq'> {
  surfaceId: TaskSurfaceId
  outcome: OutcomeKind
}

/** The view as the Dock and the row read it: the wire's members. */
export interface ProjectionView extends Record<keyof Wire, unknown> {
  active: (Pick<OpenSurface, 'callId'> & { surfaceId: TaskSurfaceId }) | null
  outcomes: Outcome[]
}

/** The outcomes this client knows: every word of the contract. */
const KNOWN = new Set([Word.Submitted, Word.Dismissed, Word.Bypassed, Word.Replaced] as const)
/** Fails the typecheck when the contract has an outcome KNOWN lacks. */
type Every<T extends never> = T
type _AllKnown = Every<Exclude<Word, typeof KNOWN extends Set<infer T> ? T : never>>

/** Reads the projection; undefined while it has not loaded (or the host unit is absent). */
export function readProjection(v: unknown): ProjectionView | undefined {
  if (!isObj(v)) return undefined
  let active: ProjectionView['active'] = null
  if (isObj(v.active) && typeof v.active.callId === 'string' && typeof v.active.surfaceId === 'string') {
    active = { callId: v.active.callId, surfaceId: asTaskSurfaceId(v.active.surfaceId) }
  }
  const outcomes: Outcome[] = []
  if (Array.isArray(v.outcomes)) {
    for (const o of v.outcomes) {
      if (!isObj(o) || typeof o.callId !== 'string' || typeof o.surfaceId !== 'string' || typeof o.outcome !== 'string') continue
      const kind = ((KNOWN as ReadonlySet<string>).has(o.outcome) ? o.outcome : 'unknown') as OutcomeKind
      outcomes.push({ callId: o.callId, surfaceId: asTaskSurfaceId(o.surfaceId), outcome: kind, seq: typeof o.seq === 'number' ? o.seq : -1 })
    }
  }
  return { active, outcomes }
}

/** The latest recorded outcome of one call or one surface (`key` names which), if the projection
 * still holds it. */
export const outcomeOf = (view: ProjectionView | undefined, key: 'callId' | 'surfaceId', id: string | null | undefined): Outcome | undefined =>
  view?.outcomes.filter((o) => o[key] === id).at(-1)
