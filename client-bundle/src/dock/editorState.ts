// The submission logic of the Dock's editor as a pure state machine: a state and the
// transitions between states, one function per event (a user action or an answer from the
// host), with no React, no timers and no I/O, so every rule can be tested on its own. The hook
// in useEditor.ts makes the requests, runs the timers, writes the drafts and moves focus where
// the state asks.
//
// Rules it keeps (see the product note, "Submission contract"):
//  - one submission id per attempt, reused on every retry of it, dropped after a definite
//    rejection or a discard; a second submit while one is in flight is ignored by the hook,
//    which reads `busy` synchronously;
//  - queued and claiming lock every control; a pending submission is only ever learned from
//    a submit answer or a getActive read, never from the queue;
//  - a rejection keeps the values and shows the reason and the per-field problems;
//  - dismiss mints its own id once per attempt; a refusal because a submission is pending
//    keeps that id.
import type { DismissalId, SubmissionId } from '../contract/ids.ts'
import { Reason } from '../contract/words.gen.ts'
import type { DismissResult, Pending, SubmitResult } from '../host/rpc.ts'
import type { MarkdownMap, Model } from '../model.ts'
import type { Draft } from '../storage/drafts.ts'
import { mergeDraft, problemsByField, type Problem, type Value, type Values } from '../values.ts'

/** Where the editor is in reading its surface. */
export type Load =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'closed' }
  | { status: 'ready'; callId: string; model: Model | null; markdown: MarkdownMap }

/** A line the footer shows: info in the status line, errors in the alert. */
export interface Message { key: string; params?: Record<string, unknown>; tone: 'error' | 'info' }

/** Where focus should go once the state is on screen. */
export type FocusRequest = { to: 'status' } | { to: 'composer' } | { to: 'alert' } | { to: 'field'; fieldId: string }

/** Everything the editor of one surface knows. */
export interface EditorState {
  load: Load
  /** Whether the surface was ever read as open; only the first read fills the values. */
  loadedOnce: boolean
  values: Values
  note: string
  noteOpen: boolean
  /** Whether the user changed a value or the note since the surface was read (drafts follow). */
  dirty: boolean
  pending: Pending | null
  /** The request in flight. */
  busy: 'submit' | 'dismiss' | null
  /** Dismissed; the projection will close the surface. */
  closing: boolean
  message: Message | null
  problems: Problem[]
  collapsed: boolean
  /** The current submission attempt's id, reused on every retry of it. */
  submissionId: SubmissionId | null
  /** The current dismissal attempt's id, reused on every retry of it. */
  dismissalId: DismissalId | null
  /** A new object for every request, so that each one is carried out once. */
  focus: FocusRequest | null
}

/** The message keys the editor uses besides the ones named after a reason. */
export const MESSAGES = {
  draftRestored: 'status.draftRestored',
  draftTooLarge: 'status.draftTooLarge',
  discarded: 'status.discarded',
  transport: 'error.transport',
  invalid: `error.${Reason.InvalidSubmission}`,
} as const

/** The reasons of a refused submit that have a message of their own; others read `error.other`. */
export const SUBMIT_REFUSALS: readonly string[] = [Reason.NotOpen, Reason.Stale, Reason.InvalidSubmission]

/** The message key of a refused submit. */
export const submitRefusalKey = (reason: string): string => (SUBMIT_REFUSALS.includes(reason) ? `error.${reason}` : 'error.other')

/** The message key of a refused dismiss: pending, replaced, or (for every other reason) not open. */
export const dismissRefusalKey = (reason: string): string =>
  `error.${reason === Reason.SubmissionPending || reason === Reason.Stale ? reason : Reason.NotOpen}`

/** The state before the first read. */
export const initialEditorState: EditorState = {
  load: { status: 'loading' },
  loadedOnce: false,
  values: {},
  note: '',
  noteOpen: false,
  dirty: false,
  pending: null,
  busy: null,
  closing: false,
  message: null,
  problems: [],
  collapsed: false,
  submissionId: null,
  dismissalId: null,
  focus: null,
}

/** The model on screen, if any. */
export const modelOf = (s: EditorState): Model | null => (s.load.status === 'ready' ? s.load.model : null)

/** Whether every control is locked: a request in flight, a submission pending, or closing. */
export const isLocked = (s: EditorState): boolean => s.busy !== null || s.pending !== null || s.closing

/** Whether a submit may start now (the hook still runs the local checks). */
export const canSubmit = (s: EditorState): boolean => !isLocked(s) && modelOf(s) !== null

/** Whether a dismiss may start now. */
export const canDismiss = (s: EditorState): boolean => !isLocked(s)

/** What the first read of an open surface brings: the model, its Markdown and any draft. */
export interface FirstRead { callId: string; model: Model | null; markdown: MarkdownMap; draft: Draft | undefined }

const say = (s: EditorState, key: string, tone: Message['tone'], params?: Record<string, unknown>): EditorState =>
  ({ ...s, message: params ? { key, params, tone } : { key, tone } })

/** Retry after a failed first read. */
export const retried = (s: EditorState): EditorState => ({ ...s, load: { status: 'loading' } })

/** getActive failed: only a first read has nothing to show. */
export const readFailed = (s: EditorState): EditorState => (s.loadedOnce ? s : { ...s, load: { status: 'error' } })

/** getActive says this surface is not the open one. */
export const readClosed = (s: EditorState): EditorState => ({ ...s, load: { status: 'closed' } })

/** getActive names this surface open: the first read fills the values, every read follows `pending`. */
export function readOpen(state: EditorState, pending: Pending | null, first?: FirstRead): EditorState {
  let s = state
  if (!s.loadedOnce && first) {
    const { callId, model, markdown, draft } = first
    s = { ...s, loadedOnce: true, load: { status: 'ready', callId, model, markdown } }
    if (model) s = { ...s, values: mergeDraft(model, draft?.values) }
    if (model && draft) s = say({ ...s, note: draft.note, noteOpen: draft.note !== '' }, MESSAGES.draftRestored, 'info')
  }
  if (pending) {
    // Adopt the live attempt's id: after a reload, a retry must reuse it. An answer that was
    // lost in transport turns out to have arrived: the error no longer applies.
    const message = s.message?.key === MESSAGES.transport ? null : s.message
    return { ...s, submissionId: pending.submissionId, pending, message }
  }
  // The accepted submission left without a message: removed from the queue or discarded.
  return s.pending ? say({ ...s, submissionId: null, pending: null }, MESSAGES.discarded, 'info') : s
}

/** The user changed a field: keep the value, drop that field's problems, mark the draft dirty. */
export function edited(s: EditorState, fieldId: string, value: Value): EditorState {
  const model = modelOf(s)
  const own = model ? problemsByField(model, s.problems).get(fieldId) : undefined
  const problems = own ? s.problems.filter((p) => !own.includes(p)) : s.problems
  return { ...s, dirty: true, values: { ...s.values, [fieldId]: value }, problems }
}

/** The user changed the note. */
export const noteEdited = (s: EditorState, note: string): EditorState => ({ ...s, dirty: true, note })

/** The user opened the note. */
export const noteOpened = (s: EditorState): EditorState => ({ ...s, noteOpen: true })

/** The user collapsed or expanded the panel. */
export const collapseToggled = (s: EditorState): EditorState => ({ ...s, collapsed: !s.collapsed })

/** Shows problems (local checks or a rejection): the general message, and focus on the first
 * field with a problem, or on the alert when none is a field's. */
export function withProblems(s: EditorState, problems: Problem[]): EditorState {
  const model = modelOf(s)
  const first = model?.fields.find((f) => problems.some((p) => problemsByField(model, [p]).has(f.id)))
  return { ...say(s, MESSAGES.invalid, 'error'), problems, focus: first ? { to: 'field', fieldId: first.id } : { to: 'alert' } }
}

/** A submit request with `submissionId` is on its way. */
export const submitSent = (s: EditorState, submissionId: SubmissionId): EditorState =>
  ({ ...s, busy: 'submit', message: null, problems: [], submissionId })

/** The host answered the submit of attempt `submissionId`. */
export function submitAnswered(state: EditorState, submissionId: SubmissionId, r: SubmitResult): EditorState {
  const s: EditorState = { ...state, busy: null }
  if (r.accepted) return { ...s, pending: { submissionId, messageId: r.messageId, phase: r.phase }, focus: { to: 'status' } }
  if (r.reason === Reason.SubmissionPending) return s // the attempt is alive: keep its id
  const ended = { ...s, submissionId: null }
  if (!rereadAfterRefusal(r.reason, r.problems)) return withProblems(ended, r.problems)
  return say(ended, submitRefusalKey(r.reason), 'error', { reason: r.reason })
}

/** The submit's answer was lost. Unknown outcome: the id stays, so trying again cannot send a
 * second message; if a read already found this attempt pending, it arrived and there is
 * nothing to say. */
export function submitLost(state: EditorState, submissionId: SubmissionId): EditorState {
  const s: EditorState = { ...state, busy: null }
  return s.pending?.submissionId === submissionId ? s : say(s, MESSAGES.transport, 'error')
}

/** A dismiss request with `dismissalId` is on its way. */
export const dismissSent = (s: EditorState, dismissalId: DismissalId): EditorState => ({ ...s, busy: 'dismiss', message: null, dismissalId })

/** The host answered the dismiss: closing, or refused (a pending submission keeps the id). */
export function dismissAnswered(state: EditorState, r: DismissResult): EditorState {
  const s: EditorState = { ...state, busy: null }
  if (r.dismissed) return { ...s, closing: true, focus: { to: 'composer' } }
  return say({ ...s, dismissalId: r.reason === Reason.SubmissionPending ? s.dismissalId : null }, dismissRefusalKey(r.reason), 'error')
}

/** The dismiss's answer was lost. */
export const dismissLost = (s: EditorState): EditorState => say({ ...s, busy: null }, MESSAGES.transport, 'error')

/** The draft no longer fits in the browser's storage. */
export const draftTooLarge = (s: EditorState): EditorState => say(s, MESSAGES.draftTooLarge, 'info')

/** Whether a refused submit should re-read getActive: all but a rejection with problems to show. */
export const rereadAfterRefusal = (reason: string, problems: readonly Problem[]): boolean =>
  !(reason === Reason.InvalidSubmission && problems.length > 0)
