// The Task Surface projection fold, the JavaScript twin of the Go package
// plugin/fold. dsh folds session events into projections synchronously, so
// this file runs inside the host shim; the Go fold is the reference, and the
// vectors in tests/conformance/folds hold the two equal.
//
// State is plain JSON (the harness checkpoints it with structuredClone); its view's shape and
// outcome words are the contract's (tasksurface.ProjectionView, generated into words.gen.js):
//
//   {
//     active:     { callId, surfaceId } | null,
//     calls:      [callId, ...],                         // show_task_surface calls awaiting their result
//     dismissals: [{ commandId, surfaceId, dismissalId? }], // dismissal runs awaiting command/done
//     outcomes:   [{ callId, surfaceId, outcome, seq, messageId?, submissionId?, dismissalId? }]
//   }
//
// apply() never mutates its input and returns the same reference when the
// event changes nothing; it never throws. See plugin/fold/doc.go for the
// rules. The names it matches and the dismissal grammar are the wire's
// (../wire/words.gen.js, generated from sdk/tasksurface), as plugin/fold reads them from there.
import {
  CLOSED_SURFACE_OPTIONAL, COMMAND_NAME, EVENT_COMMAND_DONE, EVENT_COMMAND_RUN, EVENT_TOOL_CALL,
  EVENT_TOOL_RESULT, EVENT_USER_MESSAGE, META_KIND, META_VERSION, Outcome, SOURCE_KEY, SOURCE_VERSION,
  TOOL_NAME
} from '../wire/words.gen.js'
import { parseDismissArgs, validId } from '../wire/command.js'

/** Bounds of the state, as in Go. */
export const MAX_CALLS = 16
export const MAX_DISMISSALS = 16
export const MAX_OUTCOMES = 16

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v)
const isString = (v) => typeof v === 'string'
const nonEmpty = (v) => typeof v === 'string' && v !== ''
const own = (o, k) => (Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined)

/** Returns the state of an empty log. */
export function init () {
  return { active: null, calls: [], dismissals: [], outcomes: [] }
}

/**
 * Folds one session event {type, seq, data} into the state.
 * @returns the new state, or `state` itself when nothing changed.
 */
export function apply (state, event) {
  try {
    return applyEvent(state, event)
  } catch {
    // A getter or proxy in a foreign event must not break the session.
    return state
  }
}

/**
 * Returns the view the browser reads through useProjection('taskSurface').
 * @returns {import('../wire/words.gen.js').ProjectionView}
 */
export function view (state) {
  return { active: state.active, outcomes: state.outcomes }
}

function applyEvent (state, event) {
  if (!isObject(event) || !isString(own(event, 'type'))) return state
  let seq = own(event, 'seq')
  if (!Number.isSafeInteger(seq) || seq < 0) return state
  seq += 0 // -0 → 0
  const data = own(event, 'data')
  switch (event.type) {
    case EVENT_TOOL_CALL: return applyToolCall(state, data)
    case EVENT_TOOL_RESULT: return applyToolResult(state, seq, data)
    case EVENT_USER_MESSAGE: return applyUserMessage(state, seq, data)
    case EVENT_COMMAND_RUN: return applyCommandRun(state, data)
    case EVENT_COMMAND_DONE: return applyCommandDone(state, seq, data)
    default: return state
  }
}

function applyToolCall (state, d) {
  if (!isObject(d) || own(d, 'name') !== TOOL_NAME) return state
  const callId = own(d, 'callId')
  if (!nonEmpty(callId) || state.calls.includes(callId)) return state
  return { ...state, calls: appendBounded(state.calls, callId, MAX_CALLS) }
}

function applyToolResult (state, seq, d) {
  if (!isObject(d)) return state
  const msg = own(d, 'message')
  if (!isObject(msg)) return state
  const src = own(msg, 'source')
  if (!isObject(src)) return state
  const callId = own(src, 'callId')
  if (!nonEmpty(callId)) return state
  const i = state.calls.indexOf(callId)
  if (i < 0) return state
  const next = { ...state, calls: state.calls.filter((_, j) => j !== i) }
  const surfaceId = openedSurface(d, msg)
  if (surfaceId === null) return next
  if (state.active !== null) {
    next.outcomes = appendBounded(state.outcomes, {
      callId: state.active.callId, surfaceId: state.active.surfaceId, outcome: Outcome.Replaced, seq
    }, MAX_OUTCOMES)
  }
  next.active = { callId, surfaceId }
  return next
}

// The surface a successful result with valid presentation metadata opens, or null.
function openedSurface (d, msg) {
  if (own(d, 'error') != null) return null
  const content = own(msg, 'content')
  if (!Array.isArray(content)) return null
  if (content.some((c) => isObject(c) && own(c, 'isError') === true)) return null
  const meta = own(d, 'meta')
  if (!isObject(meta)) return null
  if (own(meta, 'kind') !== META_KIND || own(meta, 'version') !== META_VERSION) return null
  const surfaceId = own(meta, 'surfaceId')
  if (!validId(surfaceId) || !isObject(own(meta, 'model'))) return null
  return surfaceId
}

function applyUserMessage (state, seq, d) {
  const active = state.active
  if (active === null || !isObject(d)) return state
  const src = own(d, 'source')
  if (!isObject(src) || own(src, 'kind') !== 'user') return state
  const id = own(d, 'id')
  const messageId = nonEmpty(id) ? id : undefined
  const c = own(src, SOURCE_KEY)
  if (c == null) return closeActive(state, { outcome: Outcome.Bypassed, seq, messageId })
  if (!isObject(c) || own(c, 'version') !== SOURCE_VERSION) return state
  const submissionId = own(c, 'submissionId')
  if (!validId(submissionId)) return state
  if (own(c, 'callId') !== active.callId || own(c, 'surfaceId') !== active.surfaceId) return state
  const values = own(c, 'values')
  if (values != null && !isObject(values)) return state
  return closeActive(state, { outcome: Outcome.Submitted, seq, messageId, submissionId })
}

function applyCommandRun (state, d) {
  if (!isObject(d) || own(d, 'name') !== COMMAND_NAME) return state
  const commandId = own(d, 'commandId')
  const args = own(d, 'args')
  if (!nonEmpty(commandId) || !isString(args)) return state
  const parsed = parseDismissArgs(args)
  if (parsed === null) return state
  if (state.dismissals.some((p) => p.commandId === commandId)) return state
  const run = { commandId, surfaceId: parsed.surfaceId }
  if (parsed.dismissalId !== '') run.dismissalId = parsed.dismissalId
  return { ...state, dismissals: appendBounded(state.dismissals, run, MAX_DISMISSALS) }
}

function applyCommandDone (state, seq, d) {
  if (!isObject(d)) return state
  const commandId = own(d, 'commandId')
  const kind = own(d, 'kind')
  if (!nonEmpty(commandId) || !isString(kind)) return state
  const i = state.dismissals.findIndex((p) => p.commandId === commandId)
  if (i < 0) return state
  const run = state.dismissals[i]
  const next = { ...state, dismissals: state.dismissals.filter((_, j) => j !== i) }
  const active = state.active
  if (kind !== 'success' || active === null || (run.surfaceId !== '' && run.surfaceId !== active.surfaceId)) return next
  return closeActive(next, { outcome: Outcome.Dismissed, seq, dismissalId: run.dismissalId })
}

// Closes the active surface; the optional members of the closing (ClosedSurface) that are
// undefined are left out.
function closeActive (state, o) {
  /** @type {import('../wire/words.gen.js').ClosedSurface} */
  const outcome = { callId: state.active.callId, surfaceId: state.active.surfaceId, outcome: o.outcome, seq: o.seq }
  for (const k of CLOSED_SURFACE_OPTIONAL) {
    if (o[k] !== undefined) outcome[k] = o[k]
  }
  return { ...state, active: null, outcomes: appendBounded(state.outcomes, outcome, MAX_OUTCOMES) }
}

function appendBounded (list, v, max) {
  const start = list.length >= max ? list.length - max + 1 : 0
  const out = list.slice(start)
  out.push(v)
  return out
}
