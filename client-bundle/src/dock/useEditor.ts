// The hook that runs the editor's state machine (editorState.ts) against the world: it reads
// the surface with getActive on mount, READ_SETTLE_MS after `trigger` changes (a change while a
// submit is on its way is read once that submit is answered or lost), once an accepted
// submission has settled and, while a submission is pending, every PENDING_POLL_MS; it sends
// submit and dismiss with the ids the state keeps, reads again every LOAD_RETRY_MS while the
// first read fails (a page opened while the plugin restarts loads once it is back), asks the
// plugin to check the answers as the panel opens and CHECK_MS after the user last changed them
// (its answer says which fields are unanswered, for the progress), writes drafts through
// (with the fields the user set and, once accepted, the message the host accepted them as),
// moves focus where the state asks, and measures the first render.
// Every request is bounded (REQUEST_TIMEOUT_S): with no answer in time it is aborted and ends as
// lost, with a retry that reuses its id. Unmounting (the bundle unloading, the surface closing)
// aborts every request in flight and clears every timer, so nothing fires afterwards.
// The state is mirrored in a ref that every transition updates synchronously, so a second click in the
// same tick already sees the first request in flight.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { flushSync } from 'react-dom'
import type { TaskSurfaceId } from '../contract/ids.ts'
import { newDismissalId, newSubmissionId } from '../host/ids.ts'
import { TransportError, type TaskSurfaceApi } from '../host/rpc.ts'
import { fieldProblems, initialValues, mergeDraft } from '../fields/kinds.ts'
import { shownValues } from '../fields/when.ts'
import { readMarkdown, readMeta, readModel, type Model } from '../model.ts'
import type { Draft, DraftStore } from '../storage/drafts.ts'
import { problemsByField, sizeProblems, type Problem, type Value, type Values } from '../values.ts'
import {
  canSubmit, CHECK_MS, checked, collapseToggled, dismissAnswered, dismissAsked, dismissCancelled, dismissLost, dismissSent, draftTooLarge, edited, escaped,
  hasOwnAnswers, initialEditorState, isLocked, LOAD_RETRY_MS, modelOf, noteEdited, noteOpened, READ_SETTLE_MS, readClosed, readFailed, readOpen, REQUEST_TIMEOUT_S,
  rereadAfterRefusal, retried, settled, submissionLimitOf, submitAnswered, submitLost, submitSent, withProblems, type EditorState, type FirstRead, type LostBecause,
} from './editorState.ts'
import { focusComposer, focusField, revealField } from './focus.ts'

/** A moment of the submit path on the page's timeline (tests/browser/bench.mjs reads them). */
const mark = (name: string): void => {
  performance.mark(`task-surface:${name}`)
}

/** What a model and the draft this browser kept of it load as: the values the model starts with
 * (`start`) and those with what of the draft still fits (`values`). The panel drawn from its tool
 * result and the first read load the same way. */
const loaded = (model: Model | null, draft?: Draft): { start: Values; values: Values } => {
  const start = model ? initialValues(model) : {}
  return { start, values: model ? mergeDraft(model, draft?.values) : start }
}

/** How often getActive is re-read while a submission is pending. */
export const PENDING_POLL_MS = 1500


/** No answer within the bound. */
class TimeoutError extends Error {}

/** Why a request failed, as the state machine tells the user. */
const lostBecause = (err: unknown): LostBecause =>
  err instanceof TimeoutError ? 'timeout' : err instanceof TransportError && err.answered ? 'unavailable' : 'transport'

/** What the editor's view needs: the state, what follows from it, its element refs and actions. */
export interface EditorHandle {
  state: EditorState
  model: Model | null
  locked: boolean
  byField: Map<string, Problem[]>
  root: RefObject<HTMLElement>
  setValue(fieldId: string, v: Value): void
  setNote(note: string): void
  openNote(): void
  toggleCollapsed(): void
  /** Escape: answers a question "no", else collapses; never dismisses. */
  escape(): void
  retry(): void
  submit(): Promise<void>
  /** Dismiss: with answers of the user's own it asks first, and sends once confirmed. */
  dismiss(): Promise<void>
  /** The user keeps answering instead of dismissing. */
  keepAnswering(): void
}

/** Runs the editor of one surface; the caller keys it by session and surface. A leaving editor
 * (its surface closed, the Dock about to unmount it) reads, settles and polls nothing more. */
export function useEditor(
  sessionId: string, surfaceId: TaskSurfaceId, api: TaskSurfaceApi, drafts: DraftStore, trigger: unknown,
  leaving: boolean, seed?: unknown,
): EditorHandle {
  const root = useRef<HTMLElement>(null)
  const current = useRef(initialEditorState)
  const [state, setState] = useState(initialEditorState)
  const mounted = useRef(true)
  const readSeq = useRef(0)
  const renderStart = useRef<number | null>(null)

  const inflight = useRef(new Set<AbortController>())
  // The read waiting for a burst of changes to settle (refreshSoon, below). Any read covers it:
  // it starts after those changes and sees them.
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => () => {
    mounted.current = false
    clearTimeout(settle.current)
    for (const c of inflight.current) c.abort()
  }, [])

  // Runs one request with its own abort signal and the bound; aborting clears the bound's timer.
  const bounded = useCallback(async <T,>(request: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    const control = new AbortController()
    inflight.current.add(control)
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new TimeoutError())
        control.abort()
      }, REQUEST_TIMEOUT_S * 1000)
      control.signal.addEventListener('abort', () => clearTimeout(timer), { once: true })
    })
    try {
      return await Promise.race([request(control.signal), late])
    } finally {
      clearTimeout(timer)
      inflight.current.delete(control)
    }
  }, [])

  // Moves the machine: `to(state, ...args)` is one of the transitions of editorState.ts.
  const go = useCallback(<A extends unknown[]>(to: (s: EditorState, ...args: A) => EditorState, ...args: A) => {
    current.current = to(current.current, ...args)
    setState(current.current)
  }, [])

  const dropSoon = useCallback(() => {
    clearTimeout(settle.current)
    settle.current = undefined
  }, [])

  const refresh = useCallback(async () => {
    dropSoon()
    const seq = ++readSeq.current
    try {
      // Once the model is on screen a read asks only for the state around it (pending, limits).
      const known = current.current.loadedOnce ? surfaceId : undefined
      const r = await bounded((signal) => api.getActive(sessionId, surfaceId, known, signal))
      if (!mounted.current || seq !== readSeq.current) return
      if (!r.active || r.surfaceId !== surfaceId) {
        go(readClosed)
        return
      }
      let first: FirstRead | undefined
      if (!current.current.loadedOnce) {
        // A surface's model never changes: drawn from the seed, it is that model, and its first
        // render was measured then.
        const l = current.current.load
        if (l.status !== 'ready') renderStart.current = performance.now()
        const model = l.status === 'ready' ? l.model : readModel(r.model)
        const draft = model ? drafts.load(surfaceId) : undefined
        first = { callId: r.callId, model, markdown: l.status === 'ready' ? l.markdown : readMarkdown(r.markdown) ?? {}, draft, ...loaded(model, draft) }
      }
      // The model's first render runs at once, in the task that has the answer, rather than in
      // a task React schedules behind whatever else the page queued meanwhile (dsh drawing the
      // session it just opened): the panel does not wait for that work to be laid out.
      const open = () => go(readOpen, r.pending, first, r.limits)
      if (first) flushSync(open)
      else open()
    } catch (err) {
      if (mounted.current && seq === readSeq.current) go(readFailed, lostBecause(err))
    }
  }, [api, sessionId, surfaceId, drafts, go, bounded, dropSoon])

  // Until the first read answers, the tool result's metadata (when the page holds it) is drawn
  // read-only: the panel is on screen while getActive is on its way, and only getActive's answer
  // says whether it is open and what is pending, and unlocks it.
  useLayoutEffect(() => {
    const meta = readMeta(seed)
    if (meta?.surfaceId !== surfaceId || current.current.load.status !== 'loading') return
    renderStart.current = performance.now()
    const { start, values } = loaded(meta.model, drafts.load(surfaceId))
    go((s) => ({ ...s, load: { status: 'ready', callId: '', model: meta.model, markdown: meta.markdown, limits: {}, start }, values }))
  }, [seed, surfaceId, drafts, go])

  // A read after a change of the projection or the queue: one timer, restarted by each change,
  // so a burst of changes is read once, READ_SETTLE_MS after the last of them. Those changes
  // come in bursts while a turn starts (the message queued, claimed, entering the log): a read
  // at each reached the host while it started the turn and wrote the message out to the page,
  // and its answer re-rendered the Dock while the page drew the bubble. A surface that closes
  // meanwhile unmounts the editor, and its read is never sent.
  const refreshSoon = useCallback(() => {
    dropSoon()
    settle.current = setTimeout(() => { void refresh() }, READ_SETTLE_MS)
  }, [refresh, dropSoon])

  // Read on mount, and soon after the projection or the queue changes. A change while a submit
  // is on its way (its own message entering the queue) is read once that submit is answered or
  // lost: a read now would be overtaken by that answer, and would reach the host just as it
  // queues the message and starts the turn.
  // The read on mount leaves in a task of its own: the projection that opens a surface reaches
  // the page just before the tool result it comes from, and the panel is drawn from that result
  // (the seed, above) without waiting behind the read's request. A read meanwhile covers it.
  const missed = useRef(false)
  const readOnce = useRef(false)
  useEffect(() => {
    if (leaving) {
      dropSoon()
      return
    }
    if (current.current.busy === 'submit') missed.current = true
    else if (readOnce.current) refreshSoon()
    else setTimeout(() => { if (mounted.current && readSeq.current === 0) void refresh() }, 0)
    readOnce.current = true
  }, [refresh, refreshSoon, dropSoon, trigger, leaving])

  // An accepted submission settles: READ_SETTLE_MS later the panel says that it is pending,
  // and a read says whether the agent claimed it. When the agent takes it at once, the surface
  // closes first, the editor leaves (then unmounts), and neither happens.
  useEffect(() => {
    if (!state.settling || leaving) return
    const timer = setTimeout(() => {
      go(settled)
      void refresh()
    }, READ_SETTLE_MS)
    return () => clearTimeout(timer)
  }, [state.settling, leaving, go, refresh])

  // A first read that failed (the plugin restarting, the harness out of reach) is read again
  // until it answers: the panel loads by itself once the plugin is back. Each failure is a new
  // load state, so each sets the next timer.
  useEffect(() => {
    if (state.load.status !== 'error' || leaving) return
    const timer = setTimeout(() => { void refresh() }, LOAD_RETRY_MS)
    return () => clearTimeout(timer)
  }, [state.load, leaving, refresh])

  // While pending, poll: queued → claiming changes neither the projection nor the log.
  useEffect(() => {
    if (!state.pending || leaving) return
    const timer = setInterval(() => { void refresh() }, PENDING_POLL_MS)
    return () => clearInterval(timer)
  }, [state.pending, leaving, refresh])

  // Measure the first render of the model: React render and commit, then style and layout,
  // which the next frame does anyway. They are read at the start of that frame, not forced here:
  // a layout forced in the commit would hold up everything queued behind this task (the page's
  // next messages, the frame itself) for work the frame repeats when anything else changes. The
  // wait between the commit and the frame is not counted.
  useLayoutEffect(() => {
    if (state.load.status !== 'ready' || renderStart.current === null) return
    const start = renderStart.current
    const committed = performance.now() - start
    renderStart.current = null
    requestAnimationFrame(() => {
      const before = performance.now()
      void root.current?.offsetHeight
      // (start is a time of this page and the duration is not negative, so the measure cannot throw.)
      performance.measure(`task-surface:dock-render:${surfaceId}`, { start, duration: committed + performance.now() - before })
    })
  }, [state.load, surfaceId])

  // Keep the draft: every change the user makes is written through, and the acceptance of the
  // answers (kept until the message is durable, Dock.tsx).
  useEffect(() => {
    if (!state.dirty && !state.accepted) return
    const draft = { values: state.values, note: state.note, touched: state.touched, ...(state.accepted ? { accepted: state.accepted } : {}) }
    if (drafts.save(surfaceId, draft) === 'too-large') go(draftTooLarge)
  }, [state.dirty, state.values, state.note, state.touched, state.accepted, drafts, surfaceId, go])

  // Ask the plugin to judge the answers as they stand: as the panel opens, and CHECK_MS after the
  // user last changed them, never beside a submit or dismiss in flight; its answer is taken only
  // for the answers it was asked about. Answers over the host's size limit are not sent (the
  // host would refuse them unread).
  const ready = state.loadedOnce && modelOf(state) !== null
  const asked = useRef<{ values: Values; note: string } | null>(null)
  const scheduled = useRef(false)
  useEffect(() => {
    if (!ready || leaving || state.busy !== null) return
    const { values, note, noteOpen } = state
    const sent = noteOpen ? note : ''
    // A hidden field's value stays in the draft and is not sent.
    const shown = shownValues(modelOf(state)!, values)
    if ((asked.current?.values === values && asked.current.note === sent) || sizeProblems(shown, sent, submissionLimitOf(state)).length > 0) return
    const timer = setTimeout(() => {
      asked.current = { values, note: sent }
      void bounded((signal) => api.check({ sessionId, surfaceId, values: shown, note: sent }, signal)).then((r) => {
        if (mounted.current && r.checked) go(checked, values, r.problems, r.unanswered)
      }, () => {}) // a check that fails says nothing: Submit still asks the plugin
    }, scheduled.current ? CHECK_MS : 0)
    scheduled.current = true
    return () => clearTimeout(timer)
  }, [ready, leaving, state.busy, state.values, state.note, state.noteOpen, api, sessionId, surfaceId, go, bounded]) // eslint-disable-line react-hooks/exhaustive-deps

  // Move focus where the state asks, once the state is on screen.
  useLayoutEffect(() => {
    const f = state.focus
    if (f === null) return
    if (f.to === 'composer') focusComposer(root.current)
    else if (f.to === 'note') {
      const note = root.current?.querySelector<HTMLElement>('[data-note]')
      note?.scrollIntoView({ block: 'nearest' })
      note?.focus()
    }
    else if (f.to === 'reveal') requestAnimationFrame(() => revealField(root.current, f.fieldId))
    else if (f.to === 'field') requestAnimationFrame(() => focusField(root.current, f.fieldId))
    else if (f.to === 'alert') requestAnimationFrame(() => root.current?.querySelector<HTMLElement>('.tsf-alert')?.focus())
    else root.current?.querySelector<HTMLElement>(f.to === 'status' ? '.tsf-status' : `[data-action="${f.to}"]`)?.focus() // status, dismiss, keep, toggle, submit
  }, [state.focus])

  const submit = async () => {
    mark('submit:click')
    const s = current.current
    const model = modelOf(s)
    if (!canSubmit(s) || model === null) return
    const note = s.noteOpen ? s.note : ''
    const values = shownValues(model, s.values)
    const local = [...fieldProblems(model, values), ...sizeProblems(values, note, submissionLimitOf(s))]
    if (local.length > 0) {
      go(withProblems, local)
      return
    }
    readSeq.current++ // an older read must not undo what this answer says
    const id = s.reissue || s.submissionId === null ? newSubmissionId() : s.submissionId
    missed.current = false
    go(submitSent, id)
    try {
      mark('submit:request')
      const r = await bounded((signal) => api.submit({ sessionId, surfaceId, submissionId: id, values, note }, signal))
      mark('submit:answered')
      if (!mounted.current) return
      go(submitAnswered, id, r)
      // Accepted: the state settles first, and the settling effect reads then. Refused: read now.
      if (!r.accepted && (missed.current || rereadAfterRefusal(r.reason, r.problems))) void refresh()
    } catch (err) {
      if (!mounted.current) return
      go(submitLost, id, lostBecause(err))
      // A change came in while the submit was on its way: read it now.
      if (missed.current) void refresh()
    }
  }

  const dismiss = async () => {
    const s = current.current
    if (isLocked(s)) return
    // Answers of the user's own are not thrown away at one click: ask first (a retry of a
    // dismissal the user confirmed does not ask again).
    if (!s.confirming && s.dismissalId === null && hasOwnAnswers(s)) {
      go(dismissAsked)
      return
    }
    const id = s.dismissalId ?? newDismissalId()
    go(dismissSent, id)
    try {
      const r = await bounded((signal) => api.dismiss({ sessionId, surfaceId, dismissalId: id }, signal))
      if (!mounted.current) return
      go(dismissAnswered, r)
      if (!r.dismissed) void refresh()
    } catch (err) {
      if (mounted.current) go(dismissLost, lostBecause(err))
    }
  }

  // Stable, so that a field whose value, lock and problems did not change skips its render.
  const setValue = useCallback((fieldId: string, value: Value) => go(edited, fieldId, value), [go])

  const model = modelOf(state)
  // The problems under each field: the last Submit's, and the plugin's check of the answers as
  // they stand.
  const byField = useMemo(() => {
    if (!model) return new Map<string, Problem[]>()
    const shown = new Set(state.problems.map((p) => `${p.code} ${p.pointer}`))
    return problemsByField(model, [...state.problems, ...state.live.filter((p) => !shown.has(`${p.code} ${p.pointer}`))])
  }, [model, state.problems, state.live])

  return {
    state,
    model,
    locked: isLocked(state),
    byField,
    root,
    setValue,
    setNote: (note) => go(noteEdited, note),
    openNote: () => go(noteOpened),
    toggleCollapsed: () => go(collapseToggled),
    escape: () => go(escaped),
    keepAnswering: () => go(dismissCancelled),
    retry: () => {
      go(retried)
      void refresh()
    },
    submit,
    dismiss,
  }
}
