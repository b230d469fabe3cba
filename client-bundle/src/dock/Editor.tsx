// The editor of one open surface: it reads the exact model and pending state with getActive,
// owns the values, the draft, submit and dismiss, and locks itself while anything is pending.
// It is keyed by session and surface, so a new surface starts from a clean slate.
//
// Rules it keeps (see the product note, "Submission contract"):
//  - one submission id per attempt, reused on every retry of it, dropped after a definite
//    rejection or a discard; double clicks cannot send twice (an in-flight guard, and the id);
//  - queued and claiming lock every control; the Dock never reads queue rows as outcomes, it
//    re-reads getActive when the projection or the queue changes, and while pending it polls;
//  - a rejection keeps the values and shows the reason and the per-field problems;
//  - dismiss mints its own id once per attempt and is refused while a submission is pending.
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import type { Translate } from '../dsh.ts'
import { readModel, type MarkdownMap, type Model } from '../model.ts'
import type { DraftStore } from '../storage/drafts.ts'
import { newDismissalId, newSubmissionId } from '../host/ids.ts'
import type { Pending, TaskSurfaceApi } from '../host/rpc.ts'
import { localProblems, mergeDraft, problemsByField, type Problem, type Value, type Values } from '../values.ts'
import { Section } from '../blocks/Section.tsx'
import { FieldView } from '../fields/Field.tsx'
import { FieldProblems } from '../fields/common.tsx'
import { focusComposer, focusField } from './focus.ts'

/** How often getActive is re-read while a submission is pending. */
export const PENDING_POLL_MS = 1500

type Load =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'closed' }
  | { status: 'ready'; callId: string; model: Model | null; markdown: MarkdownMap }

type Message = { key: string; params?: Record<string, unknown>; tone: 'error' | 'info' }

export interface EditorProps {
  sessionId: string
  surfaceId: string
  api: TaskSurfaceApi
  drafts: DraftStore
  t: Translate
  /** Changes whenever the projection or the queue changes: a reason to re-read getActive. */
  trigger: unknown
}

function readMarkdown(v: unknown): MarkdownMap {
  const out: MarkdownMap = {}
  if (typeof v !== 'object' || v === null) return out
  for (const [k, html] of Object.entries(v)) if (typeof html === 'string') out[k] = html
  return out
}

export function Editor({ sessionId, surfaceId, api, drafts, t, trigger }: EditorProps) {
  const uid = useId()
  const root = useRef<HTMLElement>(null)
  const statusRef = useRef<HTMLDivElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)

  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [values, setValues] = useState<Values>({})
  const [note, setNote] = useState('')
  const [noteOpen, setNoteOpen] = useState(false)
  const [pending, setPending] = useState<Pending | null>(null)
  const [busy, setBusy] = useState<'submit' | 'dismiss' | null>(null)
  const [closing, setClosing] = useState(false)
  const [message, setMessage] = useState<Message | null>(null)
  const [problems, setProblems] = useState<Problem[]>([])
  const [collapsed, setCollapsed] = useState(false)

  const mounted = useRef(true)
  const readSeq = useRef(0)
  const inflight = useRef(false)
  const submissionId = useRef<string | null>(null)
  const dismissalId = useRef<string | null>(null)
  const pendingRef = useRef<Pending | null>(null)
  const dirty = useRef(false)
  const loadedOnce = useRef(false)
  const renderStart = useRef<number | null>(null)
  const focusStatus = useRef(false)

  useEffect(() => () => { mounted.current = false }, [])

  const applyPending = useCallback((p: Pending | null) => {
    pendingRef.current = p
    setPending(p)
  }, [])

  const refresh = useCallback(async () => {
    const seq = ++readSeq.current
    try {
      const r = await api.getActive(sessionId, surfaceId)
      if (!mounted.current || seq !== readSeq.current) return
      if (!r.active || r.surfaceId !== surfaceId) {
        setLoad({ status: 'closed' })
        return
      }
      if (!loadedOnce.current) {
        loadedOnce.current = true
        renderStart.current = performance.now()
        const model = readModel(r.model)
        if (model) {
          const draft = drafts.load(sessionId, surfaceId)
          setValues(mergeDraft(model, draft?.values))
          if (draft) {
            setNote(draft.note)
            setNoteOpen(draft.note !== '')
            setMessage({ key: 'status.draftRestored', tone: 'info' })
          }
        }
        setLoad({ status: 'ready', callId: r.callId, model, markdown: readMarkdown(r.markdown) })
      }
      if (r.pending) {
        // Adopt the live attempt's id: after a reload, a retry must reuse it. An answer that
        // was lost in transport turns out to have arrived: the error no longer applies.
        submissionId.current = r.pending.submissionId
        applyPending(r.pending)
        setMessage((m) => (m?.key === 'error.transport' ? null : m))
      } else if (pendingRef.current) {
        // The accepted submission left without a message: removed from the queue or discarded.
        submissionId.current = null
        applyPending(null)
        setMessage({ key: 'status.discarded', tone: 'info' })
      }
    } catch {
      if (!mounted.current || seq !== readSeq.current) return
      if (!loadedOnce.current) setLoad({ status: 'error' })
    }
  }, [api, sessionId, surfaceId, drafts, applyPending])

  // Read on mount and whenever the projection or the queue changes.
  useEffect(() => { void refresh() }, [refresh, trigger])

  // While pending, poll: queued → claiming changes neither the projection nor the log.
  useEffect(() => {
    if (!pending) return
    const timer = setInterval(() => { void refresh() }, PENDING_POLL_MS)
    return () => clearInterval(timer)
  }, [pending, refresh])

  // Measure the first render of the model (React render, commit, style and layout).
  useLayoutEffect(() => {
    if (load.status !== 'ready' || renderStart.current === null) return
    void root.current?.offsetHeight
    try {
      performance.measure(`task-surface:dock-render:${surfaceId}`, { start: renderStart.current, end: performance.now() })
    } catch {
      // measure is best effort
    }
    renderStart.current = null
  }, [load, surfaceId])

  // Keep the draft: every change the user makes is written through.
  useEffect(() => {
    if (!dirty.current) return
    const result = drafts.save(sessionId, surfaceId, { values, note })
    if (result === 'too-large') setMessage({ key: 'status.draftTooLarge', tone: 'info' })
  }, [values, note, drafts, sessionId, surfaceId])

  useEffect(() => {
    if (focusStatus.current && pending) {
      focusStatus.current = false
      statusRef.current?.focus()
    }
  }, [pending])

  const model = load.status === 'ready' ? load.model : null
  const locked = busy !== null || pending !== null || closing
  const byField = useMemo(() => (model ? problemsByField(model, problems) : new Map<string, Problem[]>()), [model, problems])

  const setValue = (fieldId: string, v: Value) => {
    dirty.current = true
    setValues((prev) => ({ ...prev, [fieldId]: v }))
    if (byField.has(fieldId)) setProblems((prev) => prev.filter((p) => !byField.get(fieldId)?.includes(p)))
  }

  const showProblems = (list: Problem[]) => {
    setProblems(list)
    setMessage({ key: 'error.invalid-submission', tone: 'error' })
    const first = model?.fields.find((f) => list.some((p) => problemsByField(model, [p]).has(f.id)))
    if (first) requestAnimationFrame(() => focusField(root.current, first.id))
    else requestAnimationFrame(() => alertRef.current?.focus())
  }

  const submit = async () => {
    if (inflight.current || pendingRef.current || closing || !model) return
    const local = localProblems(model, values, noteOpen ? note : '')
    if (local.length > 0) {
      showProblems(local)
      return
    }
    inflight.current = true
    readSeq.current++ // an older read must not undo what this answer says
    setBusy('submit')
    setMessage(null)
    setProblems([])
    submissionId.current ??= newSubmissionId()
    const id = submissionId.current
    try {
      const r = await api.submit({ sessionId, surfaceId, submissionId: id, values, note: noteOpen ? note : '' })
      if (!mounted.current) return
      if (r.accepted) {
        focusStatus.current = true
        applyPending({ submissionId: id, messageId: r.messageId, phase: r.phase })
        void refresh()
      } else if (r.reason === 'submission-pending') {
        void refresh()
      } else {
        submissionId.current = null
        if (r.reason === 'invalid-submission' && r.problems.length > 0) showProblems(r.problems)
        else {
          setMessage({ key: ['not-open', 'stale', 'invalid-submission'].includes(r.reason) ? `error.${r.reason}` : 'error.other', params: { reason: r.reason }, tone: 'error' })
          void refresh()
        }
      }
    } catch {
      // Unknown outcome: keep the id, so trying again cannot send a second message. If a
      // re-read already found this attempt pending, it did arrive and there is nothing to say.
      const adopted = pendingRef.current as Pending | null
      if (mounted.current && adopted?.submissionId !== id) setMessage({ key: 'error.transport', tone: 'error' })
    } finally {
      inflight.current = false
      if (mounted.current) setBusy(null)
    }
  }

  const dismiss = async () => {
    if (inflight.current || pendingRef.current || closing) return
    inflight.current = true
    setBusy('dismiss')
    setMessage(null)
    dismissalId.current ??= newDismissalId()
    try {
      const r = await api.dismiss({ sessionId, surfaceId, dismissalId: dismissalId.current })
      if (!mounted.current) return
      if (r.dismissed) {
        setClosing(true)
        focusComposer(root.current)
      } else {
        if (r.reason !== 'submission-pending') dismissalId.current = null
        setMessage({ key: r.reason === 'submission-pending' ? 'error.submission-pending' : r.reason === 'stale' ? 'error.stale' : 'error.not-open', tone: 'error' })
        void refresh()
      }
    } catch {
      if (mounted.current) setMessage({ key: 'error.transport', tone: 'error' })
    } finally {
      inflight.current = false
      if (mounted.current) setBusy(null)
    }
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void submit()
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault()
      void submit()
    } else if (e.target instanceof HTMLInputElement && e.target.type === 'text') {
      e.preventDefault() // no implicit submission from a one-line field
    }
  }

  if (load.status === 'closed') return null
  if (load.status === 'loading') {
    return <div className="tsf-dock tsf-dock--bar" role="status" data-state="loading">{t('status.loading')}</div>
  }
  if (load.status === 'error') {
    return (
      <div className="tsf-dock tsf-dock--bar" data-state="error">
        <span role="alert">{t('error.load')}</span>
        <button type="button" className="tsf-button" onClick={() => { setLoad({ status: 'loading' }); void refresh() }}>{t('action.retry')}</button>
      </div>
    )
  }

  const titleId = `${uid}-title`
  const bodyId = `${uid}-body`
  const formId = `${uid}-form`
  const title = model?.title ?? t('dock.badge')
  const statusText = pending ? t(pending.phase === 'claiming' ? 'status.claiming' : 'status.queued') : ''
  const state = closing ? 'closing' : pending ? pending.phase : busy ?? 'editing'
  const general = [...(byField.get('') ?? []), ...(byField.get('/note') ?? [])]

  return (
    <section
      ref={root}
      className="tsf-dock"
      aria-labelledby={titleId}
      aria-busy={busy !== null || undefined}
      data-state={state}
      data-surface-id={surfaceId}
      onKeyDown={onKeyDown}
    >
      <header className="tsf-head">
        <span className="tsf-badge" aria-hidden="true">{t('dock.badge')}</span>
        <h2 className="tsf-title" id={titleId}>
          <span className="tsf-sr">{t('dock.badge')}: </span>{title}
        </h2>
        <button
          type="button"
          className="tsf-icon-button tsf-collapse"
          aria-expanded={!collapsed}
          aria-controls={bodyId}
          aria-label={collapsed ? t('action.expand') : t('action.collapse')}
          onClick={() => setCollapsed(!collapsed)}
        ><span aria-hidden="true" className="tsf-chevron" /></button>
      </header>

      <div className="tsf-body" id={bodyId} hidden={collapsed}>
        {model === null ? (
          <p className="tsf-desc">{t('fallback.unsupported')}</p>
        ) : (
          <>
            {model.description ? <p className="tsf-desc">{model.description}</p> : null}
            {model.sections.map((s, i) => <Section key={s.id} section={s} index={i} markdown={load.markdown} headingLevel={3} />)}
            <form id={formId} className="tsf-form" noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
              {model.fields.map((f) => (
                <FieldView
                  key={f.id}
                  id={`${uid}-f-${f.id}`}
                  field={f}
                  value={values[f.id] ?? null}
                  onChange={(v) => setValue(f.id, v)}
                  disabled={locked}
                  problems={byField.get(f.id) ?? []}
                />
              ))}
              {noteOpen ? (
                <div className="tsf-field tsf-field--text">
                  <label className="tsf-label" htmlFor={`${uid}-note`}>{t('field.note')}</label>
                  <textarea id={`${uid}-note`} className="tsf-input" rows={2} value={note} disabled={locked}
                    onChange={(e) => { dirty.current = true; setNote(e.target.value) }} />
                </div>
              ) : null}
            </form>
          </>
        )}
      </div>

      <footer className="tsf-foot" hidden={collapsed && !pending && !message}>
        <div className="tsf-status" role="status" tabIndex={-1} ref={statusRef} data-phase={pending?.phase ?? ''}>
          {pending ? <span className="tsf-spinner" aria-hidden="true" /> : null}
          {statusText || (message?.tone === 'info' ? t(message.key, message.params) : '')}
        </div>
        <div className="tsf-alert" role="alert" tabIndex={-1} ref={alertRef}>
          {message?.tone === 'error' ? t(message.key, message.params) : ''}
          {general.length > 0 ? <FieldProblems id={`${uid}-general`} problems={general} /> : null}
        </div>
        {!collapsed ? (
          <div className="tsf-actions">
            {model !== null && !noteOpen ? (
              <button type="button" className="tsf-link-button" disabled={locked} onClick={() => setNoteOpen(true)}>{t('action.addNote')}</button>
            ) : null}
            <span className="tsf-spacer" />
            <button type="button" className="tsf-button" disabled={locked} aria-label={t('action.dismissLabel')} onClick={() => void dismiss()} data-action="dismiss">
              {busy === 'dismiss' ? t('action.dismissing') : t('action.dismiss')}
            </button>
            {model !== null ? (
              <button type="submit" form={formId} className="tsf-button tsf-button--primary" disabled={locked} data-action="submit"
                aria-describedby={`${uid}-kbd`}>
                {busy === 'submit' ? t('action.sending') : model.submit.label}
              </button>
            ) : null}
            <span className="tsf-sr" id={`${uid}-kbd`}>{t('dock.keyboard')}</span>
          </div>
        ) : null}
      </footer>
    </section>
  )
}
