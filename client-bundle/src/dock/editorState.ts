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
//    keeps that id;
//  - a request with no answer ends as "lost" for one of three reasons (the harness could not be
//    reached, the harness answered that the plugin is away, no answer within the bound), each
//    with its own message and a retry that reuses the attempt's id;
//  - say what is known: a pending answer that vanished while reads were failing is not called
//    withdrawn; an accepted answer that a restarted harness lost (read open with nothing
//    pending, also after a reload: the draft remembers the acceptance) comes back editable with
//    a notice that it did not reach the conversation, and nothing is sent until the user sends
//    it; this tab's own answers that were never sent (typed, or refused because the surface is
//    no longer open or the conversation moved on) stay on screen as a read-only draft when
//    another answer takes the surface, pending or already delivered, or it closes elsewhere; a
//    tab whose own submission closed the surface, or that has nothing of its own, closes;
//  - progress counts what the user answered: the fields they set (`touched`), not the values the
//    panel starts with, whose value the plugin's check does not call unanswered;
//  - Dismiss with answers of the user's own asks first; nothing is recorded until they confirm.
import type { DismissalId, SubmissionId } from '../contract/ids.ts'
import { Code, Phase, Reason } from '../contract/words.gen.ts'
import type { DismissResult, Limits, Pending, SubmitResult } from '../host/rpc.ts'
import type { MarkdownMap, Model } from '../model.ts'
import type { Accepted, Draft } from '../storage/drafts.ts'
import { problemsByField, type Problem, type Value, type Values } from '../values.ts'
import { shownIds } from '../fields/when.ts'

/** Where the editor is in reading its surface. */
export type Load =
  | { status: 'loading' }
  /** The first read failed, and why: the Dock says so and reads again by itself. */
  | { status: 'error'; why: LostBecause }
  | { status: 'closed' }
  /** `start`: the values the model starts the panel with. */
  | { status: 'ready'; callId: string; model: Model | null; markdown: MarkdownMap; limits: Limits; start: Values }

/** A line the footer shows: info in the status line, errors and notices (what the user must know
 * before going on, not a failure of theirs) in the alert. */
export interface Message { key: string; params?: Record<string, unknown>; tone: 'error' | 'info' | 'notice' }

/** Where focus should go once the state is on screen. */
export type FocusRequest = { to: 'status' | 'composer' | 'alert' | 'note' | 'dismiss' | 'keep' | 'toggle' | 'submit' } | { to: 'field' | 'reveal'; fieldId: string }

/** Everything the editor of one surface knows. */
export interface EditorState {
  load: Load
  /** Whether the surface was ever read as open; only the first read fills the values. */
  loadedOnce?: boolean
  values: Values
  note: string
  noteOpen?: boolean
  /** Whether the user changed a value or the note since the surface was read (drafts follow). */
  dirty?: boolean
  /** The fields the user set, here or in the draft this browser kept: their answers count. */
  touched: string[]
  /** What the plugin's check found in the answers as they stand (its problems at the fields the
   * user set), shown under them while the user is still at it. */
  live: Problem[]
  /** The answers the plugin's last check answered for (the Dock says `data-checked` while they
   * are the answers on screen: a test waits for it instead of a debounce's time). */
  checkedFor?: Values
  /** The fields whose value the plugin's check last called no answer; null until it answered. */
  unanswered: readonly string[] | null
  /** Dismiss was pressed with answers of the user's own: the footer asks before anything is
   * recorded. */
  confirming?: boolean
  pending: Pending | null
  /** The request in flight. */
  busy: 'submit' | 'dismiss' | null
  /** Dismissed; the projection will close the surface. */
  closing?: boolean
  message: Message | null
  problems: Problem[]
  collapsed?: boolean
  /** The current submission attempt's id, reused on every retry of it. */
  submissionId: SubmissionId | null
  /** The current dismissal attempt's id, reused on every retry of it. */
  dismissalId: DismissalId | null
  /** A new object for every request, so that each one is carried out once. */
  focus: FocusRequest | null
  /** A read failed while a submission was pending: what happened to it is not known. */
  cutOff?: boolean
  /** The host has just accepted this tab's submission: the panel keeps its sending look, and
   * focus stays on Submit, until `settled` (the hook calls it after READ_SETTLE_MS). When the
   * agent takes the message at once the surface closes before then, straight from "Sending…",
   * without drawing a queued state and moving focus for the few milliseconds it lasted. */
  settling?: boolean
  /** This tab's own answers were never sent and the surface went to another answer (pending
   * or delivered) or closed elsewhere: they stay on screen, read-only, as a draft. */
  overtaken: boolean
  /** The conversation moved on before these answers were sent: the kept draft stays also when
   * the ordinary message that was first closes the surface. */
  movedOn?: boolean
  /** The host accepted this tab's answers as this message: the draft remembers it until the
   * message is durable, so that a restarted harness that lost it can be told apart. */
  accepted: Accepted | null
  /** The host said this attempt's id was used for other answers: the next Submit takes a new id
   * (the old one stays, to know this attempt's own pending answer when a read finds it). */
  reissue?: boolean
}

/** Why a request ended with no answer: the harness unreachable, the harness answering that the
 * plugin is away, or no answer within the bound. */
export type LostBecause = 'transport' | 'unavailable' | 'timeout'

/** The message keys the editor uses besides the ones named after a reason. */
export const MESSAGES = {
  draftRestored: 'status.draftRestored',
  notDelivered: 'status.notDelivered',
  movedOn: 'status.movedOn',
  committed: 'status.committed',
  draftTooLarge: 'status.draftTooLarge',
  discarded: 'status.discarded',
  transport: 'error.transport',
  unavailable: 'error.unavailable',
  timeout: 'error.timeout',
  connectionLost: 'error.connectionLost',
  overtaken: 'status.overtaken',
  closedElsewhere: 'status.closedElsewhere',
  dismissedElsewhere: 'status.dismissedElsewhere',
  otherWithdrawn: 'status.otherWithdrawn',
  invalid: `error.${Reason.InvalidSubmission}`,
} as const

/** The reasons of a refused submit that have a message of their own; others read `error.other`
 * (not-open never gets here: submitAnswered keeps those answers as a draft). */
export const SUBMIT_REFUSALS: readonly string[] = [Reason.Stale, Reason.InvalidSubmission, Reason.AdmissionRefused, Reason.SubmissionIDReused, Reason.InvalidRequest]

/** The message key of a refused submit. */
export const submitRefusalKey = (reason: string): string => (SUBMIT_REFUSALS.includes(reason) ? `error.${reason}` : 'error.other')

/** The refusals of a dismiss that have a message of their own; every other reads as not open. */
const DISMISS_REFUSALS: readonly string[] = [Reason.SubmissionPending, Reason.Stale, Reason.Submitted, Reason.InvalidRequest]

/** The message key of a refused dismiss: pending, replaced, answered first, or (for every other
 * reason) not open. */
export const dismissRefusalKey = (reason: string): string => `error.${DISMISS_REFUSALS.includes(reason) ? reason : Reason.NotOpen}`

/** The state before the first read. Its optional flags start unset, which reads as false. */
export const initialEditorState: EditorState = {
  load: { status: 'loading' },
  values: {},
  note: '',
  touched: [],
  live: [],
  unanswered: null,
  pending: null,
  busy: null,
  message: null,
  problems: [],
  submissionId: null,
  dismissalId: null,
  focus: null,
  overtaken: false,
  accepted: null,
}

/** The model on screen, if any. */
export const modelOf = (s: EditorState): Model | null => (s.load.status === 'ready' ? s.load.model : null)

/** Whether every control is locked: getActive not yet answered (the model drawn from the tool
 * result), a request in flight, a submission pending, or closing. */
export const isLocked = (s: EditorState): boolean => !s.loadedOnce || s.busy !== null || s.pending !== null || !!s.closing || s.overtaken

/** Whether a submit may start now (the hook still runs the local checks): not while Dismiss
 * asks whether to give up. */
export const canSubmit = (s: EditorState): boolean => !isLocked(s) && !s.confirming && modelOf(s) !== null

/** Whether a dismiss may start now. */
export const canDismiss = (s: EditorState): boolean => !isLocked(s)

/** What the first read of an open surface brings: the model, its Markdown, any draft, the values
 * the model starts with (`start`) and those with what of the draft still fits (`values`). */
export interface FirstRead { callId: string; model: Model | null; markdown: MarkdownMap; draft: Draft | undefined; start: Values; values: Values }

/** The host's submission limit, or the default when it named none. */
export const submissionLimitOf = (s: EditorState): number | undefined => (s.load.status === 'ready' ? s.load.limits.maxSubmissionBytes : undefined)

/** Messages that only say an answer has not arrived yet; a successful read makes them stale. */
const LOST_KEYS: readonly string[] = [MESSAGES.transport, MESSAGES.unavailable, MESSAGES.timeout, MESSAGES.connectionLost]

const say = (s: EditorState, key: string, tone: Message['tone'], params?: Record<string, unknown>): EditorState =>
  ({ ...s, message: params ? { key, params, tone } : { key, tone } })

/** How long after the user last changed an answer the plugin is asked to check them (the hook's
 * timer). */
export const CHECK_MS = 300

/** How long after its surface closed an accepted answer's draft is kept before a read confirms
 * that the close is durable (the Dock's timer): rc.8 writes the session log out within 200 ms
 * (its write-behind deadline); a harness killed before that comes back with the surface open. */
export const DURABLE_MS = 2000

/** How many times the Dock asks what is open while the page holds no projection of Task Surface
 * (DURABLE_MS apart, Dock.tsx): a restarted harness registers the unit within seconds; a harness
 * without the host half never answers, and is not asked for ever. */
export const ABSENT_ASKS = 30

/** The longest a closed surface's editor stays on screen waiting for the event that closed it
 * to reach the page's conversation (a dismissal's has no row of its own), and then the longest
 * it waits for the page to be idle. */
export const LEAVE_MS = 100

/** How often a panel whose first read failed is read again, by itself (the hook's timer). */
export const LOAD_RETRY_MS = 1000

/** Retry after a failed first read. */
export const retried = (s: EditorState): EditorState => ({ ...s, load: { status: 'loading' } })

/** getActive failed: only a first read has nothing to show (it says why: the plugin restarting
 * is not a harness out of reach); while a submission is pending the user learns that its fate is
 * being re-read, not guessed. */
export function readFailed(s: EditorState, why: LostBecause = 'transport'): EditorState {
  if (!s.loadedOnce) return { ...s, load: { status: 'error', why } }
  return s.pending ? say({ ...s, cutOff: true }, MESSAGES.connectionLost, 'error') : s
}

/** The fields whose values differ from those the panel started with. */
function changedFields(s: EditorState): Model['fields'] {
  if (s.load.status !== 'ready' || s.load.model === null) return []
  const { start } = s.load
  return s.load.model.fields.filter((f) => JSON.stringify(s.values[f.id]) !== JSON.stringify(start[f.id]))
}

/** Whether the tab holds answers of its own: a value changed from the model's initial one
 * (typed here or restored from this browser's draft) or a note. */
export const hasOwnAnswers = (s: EditorState): boolean => modelOf(s) !== null && (s.note !== '' || changedFields(s).length > 0)

/** Whether the tab holds answers of its own that were never sent: nothing pending, not closing. */
export const unsent = (s: EditorState): boolean => s.pending === null && !s.closing && hasOwnAnswers(s)

/** The panel's progress: how many of the fields shown the user answered (set here or in the
 * draft, with a value the plugin's check does not call unanswered), of how many, and the
 * required ones that hold no answer (in the model's order); null until the plugin's check
 * answered. A hidden field counts nowhere. */
export function progressOf(s: EditorState): { answered: number; count: number; left: string[] } | null {
  const model = modelOf(s)
  const none = s.unanswered
  if (model === null || none === null) return null
  const shown = shownIds(model, s.values)
  const fields = model.fields.filter((f) => shown.has(f.id))
  return {
    answered: fields.filter((f) => s.touched.includes(f.id) && !none.includes(f.id)).length,
    count: fields.length,
    left: fields.filter((f) => f.required && none.includes(f.id)).map((f) => f.id),
  }
}

/** Whose answer closed the surface is not known yet: this tab's submit or dismiss is in flight
 * (the projection, on the socket, can close the surface before the request's answer comes), or
 * its submit ended with no answer (its retry, answered idempotently, will tell). */
const attemptUnresolved = (s: EditorState): boolean => s.busy !== null || (s.submissionId !== null && s.pending === null)

/** Whether the Dock must keep this editor mounted if the projection closes its surface, so that
 * getActive or the submit's answer can say what happened before anything of the user's goes:
 * a kept draft, an answer of its own still unresolved, or own answers that were never sent. */
export const keepsOnClose = (s: EditorState): boolean => s.load.status === 'ready' &&
  (s.overtaken || attemptUnresolved(s) || unsent(s))

/** The surface closed and this tab's answers were never sent: keep them as a draft. */
const closedElsewhere = (s: EditorState): EditorState =>
  say({ ...s, overtaken: true, pending: null, submissionId: null, problems: [] }, MESSAGES.closedElsewhere, 'info')

/** getActive says this surface is not the open one. A kept draft stays (its sentence now says
 * that the surface closed, not that another answer is waiting); while this tab's own
 * attempt is unresolved nothing is decided (its answer decides); answers of its own
 * that were never sent are kept as a draft with the sentence that says why; otherwise (its own
 * submission closed it, it dismissed it, or it has nothing of its own) the editor closes. */
export function readClosed(s: EditorState): EditorState {
  if (s.overtaken) return s.movedOn ? { ...s, pending: null } : say({ ...s, pending: null }, MESSAGES.closedElsewhere, 'info')
  if (attemptUnresolved(s)) return s
  if (unsent(s)) return closedElsewhere(s)
  return { ...s, load: { status: 'closed' } }
}

/** The sentence of a draft kept after its surface closed elsewhere, by the projection's outcome
 * of the surface (the state only knows that it closed). */
const CLOSED_BY: Readonly<Record<string, string>> = {
  submitted: 'status.answeredElsewhere',
  dismissed: 'status.dismissedElsewhere',
}

/** The message as the view shows it: a "closed elsewhere" line says how, when the projection
 * records the surface's outcome. */
export const explained = (m: Message | null, outcome: string | undefined): Message | null =>
  m?.key === MESSAGES.closedElsewhere && outcome !== undefined && CLOSED_BY[outcome] ? { ...m, key: CLOSED_BY[outcome]! } : m

/** getActive names this surface open: the first read fills the values, every read follows `pending`
 * and takes the host's limits. */
export function readOpen(state: EditorState, pending: Pending | null, first?: FirstRead, limits: Limits = {}): EditorState {
  let s = state
  const live = state.loadedOnce // not the first read: what is on screen is this tab's own
  if (!s.loadedOnce && first) {
    const { callId, model, markdown, draft, start, values } = first
    s = { ...s, loadedOnce: true, load: { status: 'ready', callId, model, markdown, limits, start }, values }
    if (model && draft) {
      const touched = draft.touched ?? changedFields(s).map((f) => f.id)
      s = say({ ...s, note: draft.note, noteOpen: draft.note !== '', touched, accepted: draft.accepted ?? null }, MESSAGES.draftRestored, 'info')
      // Bring the first restored answer into view (scrolled to, not focused: nobody asked yet).
      const changed = changedFields(s)[0]
      if (changed) s = { ...s, focus: { to: 'reveal', fieldId: changed.id } }
      // Answers the host accepted, read back open with nothing pending: the harness lost them (a
      // restart does not keep its queue). Said plainly; the answers are here to send again.
      if (draft.accepted && !pending) s = say(s, MESSAGES.notDelivered, 'notice')
    }
  }
  else if (s.load.status === 'ready') s = { ...s, load: { ...s.load, limits } }
  // A successful read: an answer that was lost in transport is known now.
  if (s.message && LOST_KEYS.includes(s.message.key)) s = { ...s, message: null }
  if (pending) {
    // Another tab's attempt while this tab has its own answers (sent or only typed): they were
    // never sent; keep them in view and say so. A first read (a reload) adopts it instead,
    // unless its draft was kept because another answer took the surface, read again while that
    // answer is still pending: still a kept draft, not this tab's answer on its way.
    const mine = s.submissionId === pending.submissionId || s.pending?.submissionId === pending.submissionId || s.accepted?.submissionId === pending.submissionId
    if (live ? !mine && (s.submissionId !== null || (s.pending === null && hasOwnAnswers(s))) : first?.draft?.kept) {
      return say({ ...s, pending, overtaken: true, submissionId: null }, MESSAGES.overtaken, 'info')
    }
    // Adopt the live attempt's id: after a reload, a retry must reuse it.
    return { ...s, submissionId: pending.submissionId, pending, reissue: false }
  }
  // A draft kept because the surface read as closed, while it is open with nothing pending:
  // editable again; answers the conversation moved on from stay a draft to copy.
  if (!s.pending) return s.overtaken && !s.movedOn ? { ...s, overtaken: false, message: null } : s
  // The accepted submission left the queue without a message. Withdrawn or discarded (this
  // tab's, or the other tab's that overtook it), unless the connection was lost meanwhile: then
  // say only what is known.
  const ended = { ...s, submissionId: null, pending: null, cutOff: false, overtaken: false }
  if (s.cutOff) return say(ended, MESSAGES.notDelivered, 'notice')
  return say(ended, s.overtaken ? MESSAGES.otherWithdrawn : MESSAGES.discarded, 'info')
}

/** The user changed a field: keep the value, count it as theirs, drop that field's problems,
 * mark the draft dirty. */
export function edited(s: EditorState, fieldId: string, value: Value): EditorState {
  const model = modelOf(s)
  const own = model ? problemsByField(model, s.problems).get(fieldId) : undefined
  const problems = own ? s.problems.filter((p) => !own.includes(p)) : s.problems
  // "Some answers need attention" goes with the last problem it was about.
  const message = s.message?.key === MESSAGES.invalid && problems.length === 0 ? null : s.message
  const touched = s.touched.includes(fieldId) ? s.touched : [...s.touched, fieldId]
  return { ...s, dirty: true, values: { ...s.values, [fieldId]: value }, problems, message, touched }
}

/** The plugin's check answered for `values`: its problems at the fields the user set are shown
 * (not "required": an empty field is said when the user sends), and the fields it calls
 * unanswered count in the progress, unless the answers changed since (a newer check is on its
 * way). */
export function checked(s: EditorState, values: Values, problems: readonly Problem[], unanswered: readonly string[]): EditorState {
  const model = modelOf(s)
  if (model === null || values !== s.values) return s
  const byField = problemsByField(model, problems)
  const live = s.touched.flatMap((id) => byField.get(id) ?? []).filter((p) => p.code !== Code.Required)
  return { ...s, live, unanswered, checkedFor: values }
}

/** The user changed the note. */
export const noteEdited = (s: EditorState, note: string): EditorState => ({ ...s, dirty: true, note })

/** The user opened the note: focus goes into it (the button that opened it is gone). */
export const noteOpened = (s: EditorState): EditorState => ({ ...s, noteOpen: true, focus: { to: 'note' } })

/** The user collapsed or expanded the panel. */
export const collapseToggled = (s: EditorState): EditorState => ({ ...s, collapsed: !s.collapsed })

/** Escape in the panel: a question it asks is answered "no" (focus back on Dismiss); otherwise
 * the panel collapses (focus on its toggle). It never dismisses. */
export const escaped = (s: EditorState): EditorState =>
  s.confirming ? { ...s, confirming: false, focus: { to: 'dismiss' } } : { ...s, collapsed: true, focus: { to: 'toggle' } }

/** Dismiss pressed with answers of the user's own: ask first (focus on "Keep answering"). */
export const dismissAsked = (s: EditorState): EditorState => ({ ...s, confirming: true, message: null, focus: { to: 'keep' } })

/** The user keeps answering: nothing was recorded; focus back on Dismiss. */
export const dismissCancelled = (s: EditorState): EditorState => ({ ...s, confirming: false, focus: { to: 'dismiss' } })

/** Shows problems (local checks or a rejection): the general message, and focus on the first
 * field with a problem, or on the alert when none is a field's. */
export function withProblems(s: EditorState, problems: Problem[]): EditorState {
  const model = modelOf(s)
  const first = model?.fields.find((f) => problems.some((p) => problemsByField(model, [p]).has(f.id)))
  return { ...say(s, MESSAGES.invalid, 'error'), problems, focus: first ? { to: 'field', fieldId: first.id } : { to: 'alert' } }
}

/** A submit request with `submissionId` is on its way. Focus on Submit, where a click already
 * put it: sent with Ctrl+Enter from a field, which the sending look disables, it would be left
 * on the page's body. */
export const submitSent = (s: EditorState, submissionId: SubmissionId): EditorState =>
  ({ ...s, busy: 'submit', message: null, problems: [], live: [], submissionId, reissue: false, focus: { to: 'submit' } })

/** The host answered the submit of attempt `submissionId`. */
export function submitAnswered(state: EditorState, submissionId: SubmissionId, r: SubmitResult): EditorState {
  const s: EditorState = { ...state, busy: null }
  if (r.accepted) return { ...s, pending: { submissionId, messageId: r.messageId, phase: r.phase }, settling: true, accepted: { submissionId, messageId: r.messageId } }
  const ended = { ...s, submissionId: null }
  // The conversation moved on: an ordinary message was sent first, and these answers were not
  // sent. They stay to copy, also once that message closes the surface.
  if (r.reason === Reason.MovedOn) return say({ ...ended, overtaken: true, movedOn: true, problems: [] }, MESSAGES.movedOn, 'info')
  // This id went with other answers (an attempt whose answer was lost, then the answers
  // changed): the read that follows finds that attempt if it is pending; the next Submit sends
  // these answers with a new id.
  if (r.reason === Reason.SubmissionIDReused) return say({ ...s, reissue: true }, submitRefusalKey(r.reason), 'error')
  // A request the host could not read names its argument: said under the sentence, at no field.
  if (r.reason === Reason.InvalidRequest) return { ...say(ended, submitRefusalKey(r.reason), 'error'), problems: r.problems.map((p) => ({ ...p, pointer: '' })) }
  // submission-pending: another submission id holds the surface (the plugin answers this
  // attempt's own id with its first answer), so this one was not sent. Say so at once and keep
  // the answers as a draft; the read that follows says whose answer it is and what became of it.
  if (r.reason === Reason.SubmissionPending) return say({ ...ended, overtaken: true, problems: [] }, MESSAGES.overtaken, 'info')
  // dismissed: the dismissal was recorded first (plugin/coord outcome.go); nothing was sent.
  if (r.reason === Reason.Dismissed) return say(closedElsewhere(ended), MESSAGES.dismissedElsewhere, 'info')
  // The plugin answers every retry of an accepted submission with its first answer, also after
  // its message is durable, the surface closed and the plugin restarted (plugin/coord Submit
  // reads its records, then the log's outcome of the surface; TestSubmitLifecycle "committed:
  // a retry still answers, another id finds the surface closed", TestSubmitAfterRestart). So
  // not-open for this attempt's id means another answer, a dismissal or an ordinary message
  // closed the surface, and these answers were never sent.
  if (r.reason === Reason.NotOpen) return closedElsewhere(ended)
  if (!rereadAfterRefusal(r.reason, r.problems)) return withProblems(ended, r.problems)
  // The refusal's sentence, with the host's own words (an admission refused) under it.
  return { ...say(ended, submitRefusalKey(r.reason), 'error', { reason: r.reason }), problems: r.problems.filter((p) => p.pointer === '') }
}

/** How long a read after a change of the projection or the queue waits for the changes to
 * settle (the hook's timer), and how long an accepted submission keeps the sending look
 * (`settling`): long enough for a turn's start, far below what a person notices. */
export const READ_SETTLE_MS = 200

/** The accepted submission is still pending after the settling time: say so, with focus on the
 * status line (a read or another answer may have changed the state meanwhile). */
export function settled(s: EditorState): EditorState {
  if (!s.settling) return s
  return { ...s, settling: false, focus: s.pending !== null ? { to: 'status' } : s.focus }
}

/** Whether the panel shows the sending look: a submit in flight, or just accepted (settling). */
export const sending = (s: EditorState): boolean =>
  s.busy === 'submit' || (!!s.settling && !s.overtaken && s.pending?.submissionId === s.submissionId)

/** The submit's answer was lost. Unknown outcome: the id stays, so trying again cannot send a
 * second message; if a read already found this attempt pending, it arrived and there is
 * nothing to say. */
export function submitLost(state: EditorState, submissionId: SubmissionId, why: LostBecause = 'transport'): EditorState {
  const s: EditorState = { ...state, busy: null }
  return s.pending?.submissionId === submissionId ? s : lostSay(s, why, 'submit')
}

/** The message of a request that ended with no answer, with the retry it offers. */
export const REQUEST_TIMEOUT_S = 15
const lostSay = (s: EditorState, why: LostBecause, retry: 'submit' | 'dismiss'): EditorState =>
  say(s, MESSAGES[why], 'error', why === 'timeout' ? { retry, seconds: REQUEST_TIMEOUT_S } : { retry })

/** A dismiss request with `dismissalId` is on its way. */
export const dismissSent = (s: EditorState, dismissalId: DismissalId): EditorState => ({ ...s, busy: 'dismiss', message: null, dismissalId, confirming: false })

/** The host answered the dismiss: closing, or refused (a pending submission keeps the id). */
export function dismissAnswered(state: EditorState, r: DismissResult): EditorState {
  const s: EditorState = { ...state, busy: null }
  if (r.dismissed) return { ...s, closing: true, focus: { to: 'composer' } }
  return say({ ...s, dismissalId: r.reason === Reason.SubmissionPending ? s.dismissalId : null }, dismissRefusalKey(r.reason), 'error')
}

/** The host answered that the attempt was delivered already (a retry after its message reached
 * the conversation): said so; the projection closes the surface. */
export const delivered = (s: EditorState): boolean => s.pending?.phase === Phase.Committed

/** The dismiss's answer was lost; its id stays for the retry. */
export const dismissLost = (s: EditorState, why: LostBecause = 'transport'): EditorState => lostSay({ ...s, busy: null }, why, 'dismiss')

/** The draft no longer fits in the browser's storage. */
export const draftTooLarge = (s: EditorState): EditorState => say(s, MESSAGES.draftTooLarge, 'info')

/** Whether a refused submit should re-read getActive: all but a rejection with problems to show. */
export const rereadAfterRefusal = (reason: string, problems: readonly Problem[]): boolean =>
  !(reason === Reason.InvalidSubmission && problems.length > 0)
