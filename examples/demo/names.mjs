// The demo names each session after the surface it opened: dsh's title model (the scripted one
// answers every title request with DEMO_TITLE) would make every session "Task Surface demo", and
// seven of them read as seven identical rows in the sidebar. Once a session has that title and
// a surface in its log, it is renamed to the surface's title; a session the user renamed keeps
// its name.
import { TOOL } from './responder.mjs'

/** What the scripted title model calls every session. */
export const DEMO_TITLE = 'Task Surface demo'

/** The title of the first surface in a session's log, if any. */
export function surfaceTitle(events) {
  const result = events.find((e) => e.type === 'tool/result' && e.data?.meta?.kind === 'dsh/task-surface')
  return result?.data.meta.model?.title
}

/**
 * Renames, every `everyMs`, each session titled DEMO_TITLE whose log has a surface. Returns its
 * stop. `dsh` is a running harness (tests/e2e/support/harness.mjs Dsh).
 */
export function nameSessions(dsh, { everyMs = 1000 } = {}) {
  let stopped = false
  let timer
  const round = async () => {
    try {
      const { items } = await dsh.value('session.list', {})
      for (const s of items.filter((s) => s.projections?.values?.title === DEMO_TITLE)) {
        const title = surfaceTitle(await dsh.events(s.sessionId))
        if (title) await dsh.value('session.rename', { sessionId: s.sessionId, title })
      }
    } catch {
      // dsh stopping, or a session going: the next round sees
    }
    if (!stopped) timer = setTimeout(round, everyMs)
  }
  timer = setTimeout(round, everyMs)
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
