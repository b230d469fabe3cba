// The hook that runs the editor's state machine (editorState.ts) against the world: it reads
// the surface with getActive on mount, whenever `trigger` changes and, while a submission is
// pending, every PENDING_POLL_MS; it sends submit and dismiss with the ids the state keeps,
// writes drafts through, moves focus where the state asks, and measures the first render.
// The state is mirrored in a ref that every transition updates synchronously, so a second click in the
// same tick already sees the first request in flight.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react'
import type { TaskSurfaceId } from '../contract/ids.ts'
import { newDismissalId, newSubmissionId } from '../host/ids.ts'
import type { TaskSurfaceApi } from '../host/rpc.ts'
import { readModel, type MarkdownMap, type Model } from '../model.ts'
import type { DraftStore } from '../storage/drafts.ts'
import { localProblems, problemsByField, type Problem, type Value } from '../values.ts'
import {
  canDismiss, canSubmit, collapseToggled, dismissAnswered, dismissLost, dismissSent, draftTooLarge, edited, initialEditorState,
  isLocked, modelOf, noteEdited, noteOpened, readClosed, readFailed, readOpen, rereadAfterRefusal, retried, submitAnswered,
  submitLost, submitSent, withProblems, type EditorState,
} from './editorState.ts'
import { focusComposer, focusField } from './focus.ts'

/** How often getActive is re-read while a submission is pending. */
export const PENDING_POLL_MS = 1500

/** What the editor's view needs: the state, what follows from it, its element refs and actions. */
export interface EditorHandle {
  state: EditorState
  model: Model | null
  locked: boolean
  byField: Map<string, Problem[]>
  root: RefObject<HTMLElement>
  statusRef: RefObject<HTMLDivElement>
  alertRef: RefObject<HTMLDivElement>
  setValue(fieldId: string, v: Value): void
  setNote(note: string): void
  openNote(): void
  toggleCollapsed(): void
  retry(): void
  submit(): Promise<void>
  dismiss(): Promise<void>
}

function readMarkdown(v: unknown): MarkdownMap {
  const out: MarkdownMap = {}
  if (typeof v !== 'object' || v === null) return out
  for (const [k, html] of Object.entries(v)) if (typeof html === 'string') out[k] = html
  return out
}

/** Runs the editor of one surface; the caller keys it by session and surface. */
export function useEditor(sessionId: string, surfaceId: TaskSurfaceId, api: TaskSurfaceApi, drafts: DraftStore, trigger: unknown): EditorHandle {
  const root = useRef<HTMLElement>(null)
  const statusRef = useRef<HTMLDivElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  const current = useRef(initialEditorState)
  const [state, setState] = useState(initialEditorState)
  const mounted = useRef(true)
  const readSeq = useRef(0)
  const renderStart = useRef<number | null>(null)

  useEffect(() => () => { mounted.current = false }, [])

  // Moves the machine: `to(state, ...args)` is one of the transitions of editorState.ts.
  const go = useCallback(<A extends unknown[]>(to: (s: EditorState, ...args: A) => EditorState, ...args: A) => {
    current.current = to(current.current, ...args)
    setState(current.current)
  }, [])

  const refresh = useCallback(async () => {
    const seq = ++readSeq.current
    try {
      const r = await api.getActive(sessionId, surfaceId)
      if (!mounted.current || seq !== readSeq.current) return
      if (!r.active || r.surfaceId !== surfaceId) {
        go(readClosed)
        return
      }
      let first
      if (!current.current.loadedOnce) {
        renderStart.current = performance.now()
        const model = readModel(r.model)
        first = { callId: r.callId, model, markdown: readMarkdown(r.markdown), draft: model ? drafts.load(sessionId, surfaceId) : undefined }
      }
      go(readOpen, r.pending, first)
    } catch {
      if (mounted.current && seq === readSeq.current) go(readFailed)
    }
  }, [api, sessionId, surfaceId, drafts, go])

  // Read on mount and whenever the projection or the queue changes.
  useEffect(() => { void refresh() }, [refresh, trigger])

  // While pending, poll: queued → claiming changes neither the projection nor the log.
  useEffect(() => {
    if (!state.pending) return
    const timer = setInterval(() => { void refresh() }, PENDING_POLL_MS)
    return () => clearInterval(timer)
  }, [state.pending, refresh])

  // Measure the first render of the model (React render, commit, style and layout).
  useLayoutEffect(() => {
    if (state.load.status !== 'ready' || renderStart.current === null) return
    void root.current?.offsetHeight
    try {
      performance.measure(`task-surface:dock-render:${surfaceId}`, { start: renderStart.current, end: performance.now() })
    } catch {
      // measure is best effort
    }
    renderStart.current = null
  }, [state.load, surfaceId])

  // Keep the draft: every change the user makes is written through.
  useEffect(() => {
    if (!state.dirty) return
    if (drafts.save(sessionId, surfaceId, { values: state.values, note: state.note }) === 'too-large') go(draftTooLarge)
  }, [state.dirty, state.values, state.note, drafts, sessionId, surfaceId, go])

  // Move focus where the state asks, once the state is on screen.
  useLayoutEffect(() => {
    const f = state.focus
    if (f === null) return
    if (f.to === 'status') statusRef.current?.focus()
    else if (f.to === 'composer') focusComposer(root.current)
    else requestAnimationFrame(() => (f.to === 'field' ? focusField(root.current, f.fieldId) : alertRef.current?.focus()))
  }, [state.focus])

  const submit = async () => {
    const s = current.current
    const model = modelOf(s)
    if (!canSubmit(s) || model === null) return
    const note = s.noteOpen ? s.note : ''
    const local = localProblems(model, s.values, note)
    if (local.length > 0) {
      go(withProblems, local)
      return
    }
    readSeq.current++ // an older read must not undo what this answer says
    const id = s.submissionId ?? newSubmissionId()
    go(submitSent, id)
    try {
      const r = await api.submit({ sessionId, surfaceId, submissionId: id, values: s.values, note })
      if (!mounted.current) return
      go(submitAnswered, id, r)
      if (r.accepted || rereadAfterRefusal(r.reason, r.problems)) void refresh()
    } catch {
      if (mounted.current) go(submitLost, id)
    }
  }

  const dismiss = async () => {
    const s = current.current
    if (!canDismiss(s)) return
    const id = s.dismissalId ?? newDismissalId()
    go(dismissSent, id)
    try {
      const r = await api.dismiss({ sessionId, surfaceId, dismissalId: id })
      if (!mounted.current) return
      go(dismissAnswered, r)
      if (!r.dismissed) void refresh()
    } catch {
      if (mounted.current) go(dismissLost)
    }
  }

  const model = modelOf(state)
  const byField = useMemo(() => (model ? problemsByField(model, state.problems) : new Map<string, Problem[]>()), [model, state.problems])

  return {
    state,
    model,
    locked: isLocked(state),
    byField,
    root,
    statusRef,
    alertRef,
    setValue: (fieldId, value) => go(edited, fieldId, value),
    setNote: (note) => go(noteEdited, note),
    openNote: () => go(noteOpened),
    toggleCollapsed: () => go(collapseToggled),
    retry: () => {
      go(retried)
      void refresh()
    },
    submit,
    dismiss,
  }
}
