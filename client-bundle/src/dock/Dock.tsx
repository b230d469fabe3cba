// TaskSurfaceDock, the `conversation.input.dock` entry and the only editor of a surface. The
// projection says which surface is open; the Editor reads the rest with getActive, so the Dock
// works even when the surface's tool row is far outside the loaded history. It also clears the
// drafts of surfaces the projection shows closed, and gives focus back to the composer when the
// surface closes while focus was in the Dock.
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import type { SessionSlotProps } from '../dsh.ts'
import type { DraftStore } from '../storage/drafts.ts'
import type { TaskSurfaceApi } from '../host/rpc.ts'
import { PROJECTION_KEY, readProjection } from '../projection.ts'
import { TContext } from '../i18n.ts'
import { withFallback } from '../locales.ts'
import { Editor } from './Editor.tsx'
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
  const surfaceId = active?.surfaceId ?? null

  // Drafts of closed surfaces (submitted, dismissed, bypassed, replaced) are no longer needed.
  useEffect(() => {
    for (const o of view?.outcomes ?? []) drafts.clear(sessionId, o.surfaceId)
  }, [view, drafts, sessionId])

  // When the open surface closes, hand focus back to the composer if the Dock had it.
  const previous = useRef<string | null>(surfaceId)
  useLayoutEffect(() => {
    if (previous.current !== null && previous.current !== surfaceId && focusIsWithinOrLost(anchor.current)) {
      focusComposer(anchor.current)
    }
    previous.current = surfaceId
  }, [surfaceId])

  const trigger = useMemo(() => [raw, queue], [raw, queue])

  return (
    <div className="tsf-slot" ref={anchor} data-task-surface-dock="">
      {active !== null ? (
        <TContext.Provider value={t}>
          <Editor key={`${sessionId}\u0000${active.surfaceId}`} sessionId={sessionId} surfaceId={active.surfaceId}
            api={api} drafts={drafts} t={t} trigger={trigger} />
        </TContext.Provider>
      ) : null}
    </div>
  )
}
