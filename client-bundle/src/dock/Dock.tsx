// TaskSurfaceDock, the `conversation.input.dock` entry and the only editor of a surface. The
// projection says which surface is open; the Editor reads the rest with getActive, so the Dock
// works even when the surface's tool row is far outside the loaded history. It also clears the
// drafts of surfaces the projection shows closed, and gives focus back to the composer when the
// surface closes while focus was in the Dock. An editor that asks to be kept (it holds answers
// of its own that were never sent, or an attempt whose fate is not known yet) stays mounted after
// the projection closes its surface, so it can say what happened; a draft it keeps stays, with
// the projection's outcome of the surface, until the user closes it. An ordinary message
// (bypassed) or a newer panel (replaced) closes the editor and its draft as before, whatever it
// holds: the user answered in the conversation, or a new panel asks again. A kept draft
// survives a reload: with no surface open, the latest closed surface with a kept draft in this
// browser, not seen open by this page, is offered as KeptDraft (its sentence, Copy, Close) until the user closes it or a new
// surface opens.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { TaskSurfaceId } from '../contract/ids.ts'
import type { SessionSlotProps } from '../dsh.ts'
import type { DraftStore } from '../storage/drafts.ts'
import type { TaskSurfaceApi } from '../host/rpc.ts'
import { PROJECTION_KEY, readProjection } from '../projection.ts'
import { TContext } from '../i18n.ts'
import { withFallback } from '../locales.ts'
import { Editor } from './Editor.tsx'
import { KeptDraft } from './KeptDraft.tsx'
import { focusComposer, focusIsWithinOrLost } from './focus.ts'

export interface DockProps extends SessionSlotProps {
  api: TaskSurfaceApi
  drafts: DraftStore
}

const queueKey = (q: readonly { id: string }[] | undefined): string => (q ?? []).map((r) => r.id).join(',')

export function TaskSurfaceDock(props: DockProps) {
  const { sessionId, useProjection, useSession, api, drafts } = props
  const t = useMemo(() => withFallback(props.t), [props.t])
  const raw = useProjection(PROJECTION_KEY)
  const view = useMemo(() => readProjection(raw), [raw])
  const queue = useSession((s) => queueKey(s.queue))
  const anchor = useRef<HTMLDivElement>(null)
  const active = view?.active ?? null
  const [kept, setKept] = useState<TaskSurfaceId | null>(null)
  const keptOutcome = useMemo(() => view?.outcomes.filter((o) => o.surfaceId === kept).at(-1)?.outcome, [view, kept])
  const keeping = keptOutcome === 'bypassed' || keptOutcome === 'replaced' ? null : kept
  // The surface the projection or a kept editor holds open, and the one on screen: when it
  // closes, its editor stays (leaving) until the page is next idle. The event that closes a
  // surface is often the user message that answers it, and the page draws that message's bubble
  // in the same moment: the Dock's unmount, the conversation's reflow and the move of focus
  // wait for it instead of delaying it.
  const open = active?.surfaceId ?? keeping
  const [shown, setShown] = useState<TaskSurfaceId | null>(open)
  if (open !== null && open !== shown) setShown(open)
  const leaving = open === null && shown !== null
  useEffect(() => (leaving ? whenIdle(() => setShown(null)) : undefined), [leaving])
  const surfaceId = open ?? shown

  // Drafts of closed surfaces (submitted, dismissed, bypassed, replaced) are no longer needed,
  // except the one an editor keeps on screen and, until a new surface opens, kept drafts.
  useEffect(() => {
    for (const o of view?.outcomes ?? []) {
      if (o.surfaceId !== keeping && (active !== null || !drafts.load(sessionId, o.surfaceId)?.kept)) drafts.clear(sessionId, o.surfaceId)
    }
  }, [view, drafts, sessionId, keeping, active])

  // A new surface replaces a kept draft.
  useEffect(() => {
    if (active !== null && kept !== null && active.surfaceId !== kept) setKept(null)
  }, [active, kept])

  const onKeep = useCallback((keep: boolean) => {
    if (surfaceId !== null) setKept((k) => (keep ? surfaceId : k === surfaceId ? null : k))
  }, [surfaceId])

  // When the open surface closes, hand focus back to the composer if the Dock had it.
  const previous = useRef<string | null>(surfaceId)
  useLayoutEffect(() => {
    if (previous.current !== null && previous.current !== surfaceId && focusIsWithinOrLost(anchor.current)) {
      focusComposer(anchor.current)
    }
    previous.current = surfaceId
  }, [surfaceId])

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
      const draft = seen.current.has(o.surfaceId) ? undefined : drafts.load(sessionId, o.surfaceId)
      if (draft?.kept) return { surfaceId: o.surfaceId, outcome: o.outcome, kept: draft.kept }
    }
    return null
  }, [surfaceId, view, drafts, sessionId, closedKept])

  return (
    <div className="tsf-slot" ref={anchor} data-task-surface-dock="">
      {surfaceId !== null ? (
        <TContext.Provider value={t}>
          <Editor key={`${sessionId}\u0000${surfaceId}`} sessionId={sessionId} surfaceId={surfaceId}
            api={api} drafts={drafts} t={t} trigger={trigger} onKeep={onKeep} outcome={active === null ? keptOutcome : undefined}
            leaving={leaving} />
        </TContext.Provider>
      ) : restored !== null ? (
        <TContext.Provider value={t}>
          <KeptDraft kept={restored.kept} outcome={restored.outcome} onClose={() => {
            drafts.clear(sessionId, restored.surfaceId)
            setClosedKept((n) => n + 1)
          }} />
        </TContext.Provider>
      ) : null}
    </div>
  )
}

/** The longest a closed surface's editor stays on screen waiting for the page to be idle. */
export const LEAVE_MS = 100

/** Calls fn when the page is next idle, at most LEAVE_MS from now; returns its cancel. */
function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(fn, 0)
    return () => clearTimeout(timer)
  }
  const id = requestIdleCallback(fn, { timeout: LEAVE_MS })
  return () => cancelIdleCallback(id)
}
