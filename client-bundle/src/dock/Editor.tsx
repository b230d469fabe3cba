// The editor of one open surface, as a view: it draws the state that useEditor keeps (the
// values, the pending submission, the messages and problems) and hands the user's actions to
// it. The submission logic itself is the state machine in editorState.ts. It is keyed by
// session and surface, so a new surface starts from a clean slate. It tells the Dock whether to
// keep it on screen when the surface closes (answers of this tab's own that were never sent,
// or an attempt whose fate is not known yet), and draws a kept draft read-only with a sentence
// that says how the surface closed, a button that copies the answers and one that closes it.
import { memo, useEffect, useId, useLayoutEffect, useState, type FormEvent, type KeyboardEvent } from 'react'
import type { TaskSurfaceId } from '../contract/ids.ts'
import { Phase } from '../contract/words.gen.ts'
import type { Translate } from '../dsh.ts'
import type { DraftStore } from '../storage/drafts.ts'
import type { TaskSurfaceApi } from '../host/rpc.ts'
import { Section } from '../blocks/Section.tsx'
import { FieldView, type Field } from '../fields/kinds.ts'
import { FieldProblems } from '../fields/common.tsx'
import type { Problem, Value } from '../values.ts'
import { CopyDraft } from './KeptDraft.tsx'
import { draftText } from './draftText.ts'
import { delivered, explained, keepsOnClose, MESSAGES, progressOf, sending, unsent } from './editorState.ts'
import { focusField } from './focus.ts'
import { QuestionsCue } from './QuestionsCue.tsx'
import { useEditor } from './useEditor.ts'
import { useShown } from './useShown.ts'
import { boundsOf, type Bounds } from '../fields/when.ts'

export interface EditorProps {
  sessionId: string
  surfaceId: TaskSurfaceId
  api: TaskSurfaceApi
  drafts: DraftStore
  t: Translate
  /** Changes whenever the projection or the queue changes: a reason to re-read getActive. */
  trigger: unknown
  /** Asks the Dock to keep this editor on screen after its surface closes (it holds answers of
   * its own that were never sent, or an attempt whose fate is not known yet), or to let it go;
   * `movedOn`: also when an ordinary message closes it (the conversation moved on from them). */
  onKeep: (keep: boolean, movedOn?: boolean) => void
  /** The projection's recorded outcome of this surface, once it closed. */
  outcome?: string
  /** The surface closed and the Dock keeps the editor on screen a moment longer (until the page
   * is idle): it stays as it is, and reads and settles nothing more. */
  leaving: boolean
  /** The presentation metadata of the surface's tool result, when the page holds it: drawn,
   * read-only, until getActive (the authority on what is open and pending) answers. */
  seed?: unknown
}

const NO_PROBLEMS: readonly Problem[] = []

/**
 * One field of the form. It renders again only when its own value, its lock or its problems
 * change: typing in one field of a long form does not re-render the others.
 */
const FormField = memo(function FormField({ id, field, value, setValue, disabled, problems, bounds }: {
  id: string
  field: Field
  value: Value
  setValue: (fieldId: string, v: Value) => void
  disabled: boolean
  problems: readonly Problem[]
  bounds: Bounds | undefined
}) {
  return <FieldView id={id} field={field} value={value} onChange={(v) => setValue(field.id, v)} disabled={disabled} problems={problems} bounds={bounds} />
})

/** The windows in which the Dock's content blocks start folded: narrow or short ones. */
const NARROW = '(max-width:600px),(max-height:560px)'

/**
 * The Dock's panel for one open surface. It renders again only when its own props change (the
 * projection, the queue, the outcome, the Dock's leaving) or its state does: dsh renders the
 * Dock's slot again on every event of the session (its props carry the session), 14 to 16 times
 * between a click on Submit and the bubble painted, and the panel has nothing new to show for
 * most of them.
 */
export const Editor = memo(function Editor({ sessionId, surfaceId, api, drafts, t, trigger, onKeep, outcome, leaving, seed }: EditorProps) {
  const uid = useId()
  const { state: editor, model, locked, byField, root, ...act } = useEditor(sessionId, surfaceId, api, drafts, trigger, leaving, seed)
  const { load, values, note, noteOpen, pending, busy, closing, collapsed, overtaken } = editor
  const message = explained(editor.message, outcome)
  // The fields shown for the answers as they stand (a hidden one keeps its value in the draft).
  const { shown, said } = useShown(root, model, values, t)
  // A submit in flight, or just accepted and settling: the panel looks as it did when sent.
  const sendingLook = sending(editor)
  const keep = keepsOnClose(editor)
  // In the commit that changes it, so the Dock knows before the next event can close the surface.
  useLayoutEffect(() => { onKeep(keep, editor.movedOn) }, [keep, editor.movedOn, onKeep])
  // A kept draft survives a reload: stored as kept, with its title and the text to copy, the Dock
  // still offers it after the surface has closed (KeptDraft.tsx); answers that are editable
  // again lose the mark, and their draft follows the surface as any draft does.
  useEffect(() => {
    if (model === null || !editor.loadedOnce) return
    const why = editor.movedOn ? { why: MESSAGES.movedOn } : {}
    if (overtaken) drafts.save(surfaceId, { values, note, kept: { title: model.title, text: draftText(model, values, noteOpen ? note : '', t), ...why } })
    else if (drafts.load(surfaceId)?.kept) drafts.save(surfaceId, { values, note })
  }, [overtaken, editor.movedOn, editor.loadedOnce, model, values, note, noteOpen, drafts, surfaceId, t])
  // In a narrow window (the Dock's height capped, dock.css) the description and the content
  // blocks start folded, so the first question shows without scrolling past them; a button in
  // the header ("What the agent shows (3)") opens them above the questions.
  const [narrow] = useState(() => matchMedia(NARROW).matches)
  const [showContext, setShowContext] = useState(!narrow)
  // A request that ended with no answer names the action that tries it again (editorState.ts lostSay).
  const retry = message?.params?.retry ? act[message.params.retry as 'submit' | 'dismiss'] : null

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void act.submit()
  }

  const onKeyDown = (e: KeyboardEvent) => {
    // Escape collapses the panel (or answers its question "no"); it never dismisses.
    if (e.key === 'Escape' && !collapsed) {
      e.preventDefault()
      e.stopPropagation()
      act.escape()
      return
    }
    if (e.key !== 'Enter') return
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault()
      void act.submit()
    } else if (e.target instanceof HTMLInputElement) {
      e.preventDefault() // no implicit submission from a one-line input
    }
  }

  if (load.status === 'closed') return null
  if (load.status === 'loading') {
    return <div className="tsf-dock tsf-dock--bar" role="status" data-state="loading">{t('status.loading')}</div>
  }
  if (load.status === 'error') {
    return (
      <div className="tsf-dock tsf-dock--bar" data-state="error" data-why={load.why}>
        <span role="alert">{t(load.why === 'unavailable' ? 'error.loadRestarting' : 'error.load')}</span>
        <button type="button" className="tsf-button" onClick={act.retry}>{t('action.retry')}</button>
      </div>
    )
  }

  const titleId = `${uid}-title`
  const bodyId = `${uid}-body`
  const formId = `${uid}-form`
  const title = model?.title ?? t('dock.badge')
  // The phase is only said while it is known: with the connection lost it is the last one read.
  const statusText = pending && !overtaken && !editor.cutOff && !sendingLook
    ? t(delivered(editor) ? MESSAGES.committed : pending.phase === Phase.Claiming ? 'status.claiming' : 'status.queued') : ''
  const state = overtaken ? 'overtaken' : closing ? 'closing' : sendingLook ? 'submit' : pending ? pending.phase : busy ?? (editor.loadedOnce ? 'editing' : 'opening')
  const general = [...(byField.get('') ?? []), ...(byField.get('/note') ?? [])]
  // The fields with a problem, in the form's order.
  const bad = model?.fields.filter((f) => byField.get(f.id)) ?? []
  // "3 of 8 answered · 2 required left": what the user answered (a value the panel starts with
  // is not an answer of theirs until they set it), and the required fields that hold no answer,
  // as the plugin's check last judged them (said once it answered).
  const p = progressOf(editor)
  const count = p?.count ?? 0
  const progress = p && count > 0 ? t('dock.progress', { answered: p.answered, count }) + (p.left.length ? ' · ' + t('dock.requiredLeft', { count: p.left.length }) : '') : ''
  // The same in a narrow panel, where the header is one line: "0/4" (the full line is read out).
  const line = p ? <><span className="tsf-progress__full">{progress}</span><span className="tsf-progress__short" aria-hidden>{p.answered}/{count}</span></> : null

  const context = model === null ? null : (
    <>
      {model.description ? <p className="tsf-desc">{model.description}</p> : null}
      {model.sections.map((s, i) => <Section key={s.id} section={s} index={i} markdown={load.markdown} headingLevel={3} />)}
    </>
  )

  return (
    <section
      ref={root}
      className="tsf-dock"
      aria-labelledby={titleId}
      aria-busy={busy !== null || sendingLook || undefined}
      data-state={state}
      data-surface-id={surfaceId}
      data-checked={editor.checkedFor === values || undefined}
      onKeyDown={onKeyDown}
    >
      <header className="tsf-head">
        <span className="tsf-chip tsf-chip--info tsf-badge" aria-hidden>{t('dock.badge')}</span>
        <h2 className="tsf-title" id={titleId} title={title}>
          <span className="tsf-sr">{t('dock.badge')}: </span>{title}
        </h2>
        {narrow && model && (model.description || model.sections.length > 0) && !collapsed ? (
          <button type="button" className="tsf-icon-button tsf-context" data-action="context" aria-expanded={showContext} aria-controls={`${uid}-context`}
            aria-label={t('dock.context', { count: model.sections.reduce((n, s) => n + s.blocks.length, 0) })} onClick={() => setShowContext(!showContext)}>i</button>
        ) : null}
        {progress && !collapsed ? <QuestionsCue root={root} fields={count} progress={line} target={p?.left[0]} /> : null}
        {collapsed ? (
          <span className="tsf-progress" data-progress="">
            {line}{unsent(editor) ? <span className="tsf-chip tsf-chip--info tsf-unsent" data-unsent="">{t('dock.unsent')}</span> : null}
          </span>
        ) : null}
        <button
          type="button"
          className="tsf-icon-button tsf-collapse"
          data-action="toggle"
          aria-expanded={!collapsed}
          aria-controls={bodyId}
          aria-label={t(collapsed ? 'action.expand' : 'action.collapse')}
          onClick={act.toggleCollapsed}
        ><span aria-hidden className="tsf-chevron" /></button>
      </header>

      <div className="tsf-body" id={bodyId} hidden={collapsed}>
        {model === null ? (
          <p className="tsf-desc">{t('fallback.unsupported')}</p>
        ) : (
          <>
            {!narrow ? context : showContext ? <div className="tsf-stack tsf-context__blocks" id={`${uid}-context`}>{context}</div> : null}
            <form id={formId} className="tsf-form" noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
              {model.fields.filter((f) => shown.has(f.id)).map((f) => (
                <FormField
                  bounds={boundsOf(model, f, values, shown)}
                  key={f.id}
                  id={`${uid}-f-${f.id}`}
                  field={f}
                  value={values[f.id] ?? null}
                  setValue={act.setValue}
                  disabled={locked}
                  problems={byField.get(f.id) ?? NO_PROBLEMS}
                />
              ))}
              {noteOpen ? (
                <div className="tsf-field">
                  <label className="tsf-label" htmlFor={`${uid}-note`}>{t('field.note')}</label>
                  <textarea id={`${uid}-note`} className="tsf-input" rows={2} value={note} disabled={locked} data-note=""
                    onChange={(e) => act.setNote(e.target.value)} />
                </div>
              ) : (
                <button type="button" className="tsf-link-button tsf-add-note" disabled={locked} onClick={act.openNote}>{t('action.addNote')}</button>
              )}
              <p className="tsf-sr" aria-live="polite" data-shown-live="">{said}</p>
            </form>
          </>
        )}
      </div>

      <footer className="tsf-foot" hidden={collapsed && !pending && !message}>
        <div className="tsf-status" role="status" tabIndex={-1} data-phase={sendingLook ? '' : pending?.phase ?? ''}>
          {statusText ? <span className="tsf-spinner" aria-hidden /> : null}
          {statusText || (message?.tone === 'info' ? t(message.key, message.params) : '')}
        </div>
        <div className="tsf-alert" role="alert" tabIndex={-1} data-tone={message?.tone}>
          {/* A refused send says how many answers need attention and leads to the first. */}
          {message?.key === MESSAGES.invalid && bad[0] ? (
            <button type="button" className="tsf-link-button" onClick={() => focusField(root.current, bad[0]!.id)}>
              {t(bad[1] ? 'dock.attention' : 'dock.attention1', { count: bad.length })}
            </button>
          ) : message && message.tone !== 'info' ? t(message.key, message.params) : ''}
          {editor.confirming ? t('dismiss.ask') : ''}
          {message?.tone === 'error' && retry && !locked ? (
            <button type="button" className="tsf-link-button tsf-retry" data-action="retry" onClick={() => void retry()}>{t('action.retry')}</button>
          ) : null}
          {general.length > 0 ? <FieldProblems id={`${uid}-general`} problems={general} /> : null}
        </div>
        {!collapsed ? (
          <div className="tsf-actions">
            {overtaken && model !== null ? <CopyDraft text={() => draftText(model, values, noteOpen ? note : '', t)} t={t} /> : null}
            {overtaken ? (
              <button type="button" className="tsf-button" onClick={() => { drafts.clear(surfaceId); onKeep(false) }} data-action="close">
                {t('action.closeDraft')}
              </button>
            ) : editor.confirming ? (
              <>
                <button type="button" className="tsf-button" onClick={act.keepAnswering} data-action="keep">{t('action.keepAnswering')}</button>
                <button type="button" className="tsf-button" onClick={() => void act.dismiss()} data-action="give-up">{t('action.giveUp')}</button>
              </>
            ) : (
              <button type="button" className="tsf-button" disabled={locked} aria-label={t('action.dismissLabel')} onClick={() => void act.dismiss()} data-action="dismiss">
                {t(busy === 'dismiss' ? 'action.dismissing' : 'action.dismiss')}
              </button>
            )}
            {model !== null && !editor.confirming ? (
              // Sending, Submit keeps the focus the click gave it (aria-disabled: a button that
              // turns disabled hands the focus to the page's body; act.submit refuses a second send).
              <button type="submit" form={formId} className="tsf-button tsf-button--primary" data-action="submit"
                disabled={locked && !sendingLook} aria-disabled={sendingLook} aria-describedby={`${uid}-kbd`}>
                {sendingLook ? t('action.sending') : model.submit.label}
              </button>
            ) : null}
            <span className="tsf-sr" id={`${uid}-kbd`}>{t('dock.keyboard')}</span>
          </div>
        ) : null}
      </footer>
    </section>
  )
})
