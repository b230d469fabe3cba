// TaskSurfaceDock, the `conversation.input.dock` entry and the only editor of a surface. The
// projection says which surface is open (getActive does while the page holds no projection of
// Task Surface: a restarted harness before its host half is back); the Editor reads the rest
// with getActive, so the Dock works even when the surface's tool row is far outside the loaded
// history. It also clears the drafts of surfaces the projection shows closed, and gives focus
// back to the composer when the surface closes while focus was in the Dock. An editor that asks
// to be kept (it holds answers of its own that were never sent, or an attempt whose fate is not
// known yet) stays mounted after the projection closes its surface, so it can say what
// happened; a draft it keeps stays, with the projection's outcome of the surface, until the
// user closes it. An ordinary message (bypassed) or a newer panel (replaced) closes the editor
// and its draft as before, whatever it holds: the user answered in the conversation, or a new
// panel asks again. A kept draft survives a reload: with no surface open, the latest closed
// surface with a kept draft in this browser, not seen open by this page, is offered as
// KeptDraft (its sentence, Copy, Close) until the user closes it or a new
// surface opens. Answers the conversation moved on from (an ordinary message went first) stay
// kept also when that message closes the surface.
//
// The drafts live in dsh's per-session slot store (storage/drafts.ts), which the registration
// declares and dsh hands over as `useStore` and `actions`. A draft whose answers the host
// accepted stays after the surface closes until the message is durable: DURABLE_MS later (rc.8
// writes its log out within 200 ms) a read that still finds the surface closed clears it; a
// harness killed in between comes back with the surface open and the answers restored, with a
// notice, also when this page was sent the closing message before dsh lost it (the page's copy
// of the log then says submitted; the read, asked until the harness answers, says open). When the surface closes, a live region says what happened (sent, dismissed), and focus
// goes back to the composer if it was in the Dock.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { TaskSurfaceId } from '../contract/ids.ts'
import type { ConversationNodeLike, SessionSlotProps } from '../dsh.ts'
import { createDraftStore, type Drafts, type DraftsState } from '../storage/drafts.ts'
import { inLocale, type GetActiveResult, type TaskSurfaceApi } from '../host/rpc.ts'
import { PROJECTION_KEY } from '../contract/words.gen.ts'
import { outcomeOf, readProjection } from '../projection.ts'
import { TContext } from '../i18n.ts'
import { withFallback } from '../locales.ts'
import { Editor } from './Editor.tsx'
import { KeptDraft } from './KeptDraft.tsx'
import { ABSENT_ASKS, DURABLE_MS, LEAVE_MS } from './editorState.ts'
import { focusComposer, focusIsWithinOrLost } from './focus.ts'

export interface DockProps extends SessionSlotProps {
  api: TaskSurfaceApi
  /** The session's draft store (dsh's store seat): a selector hook and its one write. */
  useStore: <S>(selector: (state: DraftsState) => S, equal?: (a: S, b: S) => boolean) => S
  actions: { set(drafts: Drafts): void }
}



const queueKey = (q: readonly { id: string }[] | undefined): string => (q ?? []).map((r) => r.id).join(',')

/** The presentation metadata of call `callId`'s result, when it is among the page's last nodes
 * (a panel that just opened: its result is the latest): the Editor draws it, read-only, until
 * getActive answers. */
const metaOf = (nodes: readonly ConversationNodeLike[] = [], callId?: string): unknown =>
  nodes.slice(-8).find((n) => n.kind === 'tool-result' && n.callId === callId)?.meta

export function TaskSurfaceDock(props: DockProps) {
  const { sessionId, useProjection, useSession, api, useStore, actions } = props
  // The store as the Dock mounted for this session (read once: the Dock is its only writer here).
  const stored = useStore((s) => s.drafts, () => true)
  const drafts = useMemo(() => {
    return createDraftStore(stored, (d) => actions.set(d))
  }, [actions]) // eslint-disable-line react-hooks/exhaustive-deps
  const t = useMemo(() => withFallback(props.t), [props.t])
  const asked = useMemo(() => inLocale(api, t('lang')), [api, t])
  const raw = useProjection(PROJECTION_KEY)
  const view = useMemo(() => readProjection(raw), [raw])
  const queue = useSession((s) => queueKey(s.queue))
  const anchor = useRef<HTMLDivElement>(null)
  const active = view?.active ?? null
  const seed = useSession((s) => metaOf(s.nodes, active?.callId))
  const [kept, setKept] = useState<{ surfaceId: TaskSurfaceId; movedOn?: boolean } | null>(null)
  const keptOutcome = useMemo(() => outcomeOf(view, 'surfaceId', kept?.surfaceId)?.outcome, [view, kept])
  const keeping = keptOutcome === 'replaced' || (keptOutcome === 'bypassed' && !kept?.movedOn) ? null : kept?.surfaceId ?? null
  // With no projection of Task Surface at all, what is open is asked of getActive. A restarted
  // dsh serves the session's snapshot before the host half has registered its unit (it waits
  // for the plugin process) and says nothing when the unit comes, until the session's next
  // event: read as "nothing open", a panel open in the log, or answers the restart lost, would
  // not come back. Asked until the harness answers, at most ABSENT_ASKS times.
  const absent = raw === undefined
  const [unseen, setUnseen] = useState<TaskSurfaceId | null>(null)
  useEffect(() => {
    setUnseen(null)
    if (absent) return askUntilAnswered(() => asked.getActive(sessionId), (r) => setUnseen(r.active ? r.surfaceId : null), 0, ABSENT_ASKS)
  }, [absent, asked, sessionId])
  // The surface the projection or a kept editor holds open, and the one on screen: when it
  // closes, its editor stays (leaving) until the event that closed it is in the page's
  // conversation (at most LEAVE_MS), and then until the page is next idle. That event is often
  // the user message that answers the surface, and dsh sends the projection a moment before it:
  // the Dock's unmount, the conversation's reflow and the move of focus wait for that message's
  // bubble instead of delaying it.
  const open = active?.surfaceId ?? keeping ?? unseen
  const [shown, setShown] = useState<TaskSurfaceId | null>(open)
  if (open !== null && open !== shown) setShown(open)
  const leaving = open === null && shown !== null
  const closedSeq = leaving ? outcomeOf(view, 'surfaceId', shown)?.seq : undefined
  const landed = useSession((s) => closedSeq === undefined || (s.nodes?.at(-1)?.seq ?? -1) >= closedSeq)
  useEffect(() => (leaving ? whenIdle(() => setShown(null), landed) : undefined), [leaving, landed])
  const surfaceId = open ?? shown

  // Drafts of closed surfaces (submitted, dismissed, bypassed, replaced) are no longer needed,
  // except the one an editor keeps on screen and, until a new surface opens, kept drafts. The
  // draft of an accepted answer goes once a read DURABLE_MS later finds its surface still closed.
  useEffect(() => {
    const cancels: (() => void)[] = []
    for (const o of view?.outcomes ?? []) {
      const draft = drafts.load(o.surfaceId)
      if (!draft || o.surfaceId === keeping || (active === null && draft.kept)) continue
      if (!draft.accepted) { drafts.clear(o.surfaceId); continue }
      // The page may have been sent the message that closed the surface before dsh wrote it
      // out: when the log, read again, has the surface still open, this page's copy is ahead of
      // the log, and the editor comes back for it (it gives the answers back with the notice).
      cancels.push(askUntilAnswered(() => api.getActive(sessionId, o.surfaceId, o.surfaceId), (r) => {
        if (!r.active || r.surfaceId !== o.surfaceId) drafts.clear(o.surfaceId)
        else setKept({ surfaceId: o.surfaceId })
      }, DURABLE_MS))
    }
    return () => cancels.forEach((c) => c())
  }, [view, drafts, api, sessionId, keeping, active])

  // A new surface replaces a kept draft.
  useEffect(() => {
    if (active !== null && kept !== null && active.surfaceId !== kept.surfaceId) setKept(null)
  }, [active, kept])

  const onKeep = useCallback((keep: boolean, movedOn = false) => {
    if (surfaceId !== null) setKept((k) => (keep ? { surfaceId, movedOn } : k?.surfaceId === surfaceId ? null : k))
  }, [surfaceId])

  // What the live region says: how the surface on screen closed (sent, dismissed).
  const [said, setSaid] = useState('')

  // When the open surface closes, hand focus back to the composer if the Dock had it.
  const previous = useRef<string | null>(surfaceId)
  useLayoutEffect(() => {
    const gone = previous.current
    previous.current = surfaceId
    if (gone === null || gone === surfaceId) return
    const outcome = outcomeOf(view, 'surfaceId', gone)?.outcome
    // The row's word for the outcome: "Submitted", "Dismissed", "Answered with an ordinary message".
    setSaid(outcome && outcome !== 'unknown' ? t(`row.status.${outcome}`) : '')
    if (focusIsWithinOrLost(anchor.current)) return toComposer(anchor.current)
  }, [surfaceId]) // eslint-disable-line react-hooks/exhaustive-deps

  const trigger = useMemo(() => [raw, queue], [raw, queue])

  // With nothing open: the latest closed surface whose draft this browser kept, when this page
  // did not see it open (a reload). Drafts are the browser's, shared by its tabs: a tab whose
  // own answer closed the surface must not take up another tab's kept draft.
  const seen = useRef(new Set<string>())
  useEffect(() => { if (active !== null) seen.current.add(active.surfaceId) }, [active])
  const [closedKept, setClosedKept] = useState(0)
  const restored = useMemo(() => {
    if (surfaceId !== null || !view) return null
    for (const o of [...view.outcomes].reverse()) {
      const draft = seen.current.has(o.surfaceId) ? undefined : drafts.load(o.surfaceId)
      if (draft?.kept) return { surfaceId: o.surfaceId, outcome: o.outcome, kept: draft.kept }
    }
    return null
  }, [surfaceId, view, drafts, closedKept])

  return (
    <div className="tsf-slot" ref={anchor} data-task-surface-dock="">
      <span className="tsf-sr" role="status" data-announce="">{said}</span>
      {surfaceId !== null ? (
        <TContext.Provider value={t}>
          <Editor key={`${sessionId}\u0000${surfaceId}`} sessionId={sessionId} surfaceId={surfaceId}
            api={asked} drafts={drafts} t={t} trigger={trigger} onKeep={onKeep} outcome={active === null ? keptOutcome : undefined}
            leaving={leaving} seed={seed} />
        </TContext.Provider>
      ) : restored !== null ? (
        <TContext.Provider value={t}>
          <KeptDraft kept={restored.kept} outcome={restored.outcome} onClose={() => {
            drafts.clear(restored.surfaceId)
            setClosedKept((n) => n + 1)
          }} />
        </TContext.Provider>
      ) : null}
    </div>
  )
}

/** Asks getActive (`ask`) `delay` ms from now, and again DURABLE_MS after each failure (the
 * harness may be restarting), at most `tries` times in all; hands the answer to `then`. Returns
 * its cancel. */
function askUntilAnswered(ask: () => Promise<GetActiveResult>, then: (r: GetActiveResult) => void, delay: number, tries = Infinity): () => void {
  let stopped = false
  const go = () => void ask().then((r) => { if (!stopped) then(r) }, () => { if (!stopped && --tries > 0) timer = setTimeout(go, DURABLE_MS) })
  let timer = setTimeout(go, delay)
  return () => { stopped = true; clearTimeout(timer) }
}

/** Focuses the composer near `anchor` once it takes focus: during the agent's turn that the
 * answer started, the page may have it disabled for a moment. Stops as soon as focus is
 * somewhere (the user moved it), and after two seconds; returns its cancel. */
function toComposer(anchor: Element | null): () => void {
  let frames = 120
  let id = 0
  const tryFocus = () => {
    if (!focusIsWithinOrLost(null) || focusComposer(anchor) || --frames <= 0) return
    id = requestAnimationFrame(tryFocus)
  }
  tryFocus()
  return () => cancelAnimationFrame(id)
}

/** Calls fn when the page is next idle, at most LEAVE_MS from now, or, unless `idle`, LEAVE_MS
 * from now; returns its cancel. */
function whenIdle(fn: () => void, idle: boolean): () => void {
  if (!idle || !self.requestIdleCallback) {
    const timer = setTimeout(fn, idle ? 0 : LEAVE_MS)
    return () => clearTimeout(timer)
  }
  const id = requestIdleCallback(fn, { timeout: LEAVE_MS })
  return () => cancelIdleCallback(id)
}
