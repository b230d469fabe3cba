// The client bundle's entry: what the dsh Loader's factory returns. On load it adds the
// stylesheet and the `taskSurface` dictionaries and registers two static, session-scoped slot
// entries: TaskSurfaceDock in `conversation.input.dock` (the only editor), with its per-session
// draft store declared in the entry's store seat (dsh's `defineStore`, as the composer's own
// draft is), and the keyed read-only row in `tool.call.toolview` for show_task_surface. Everything is tied to the
// plugin's fiber through ctx.effect and the slot registry, so unloading the bundle removes it.
import { defineStore } from '@deepseek-ai/dsh-client-runtime/client'
import { TOOL_NAME } from './contract/words.gen.ts'
import type { ClientContext } from './dsh.ts'
import { createApi } from './host/rpc.ts'
import { DRAFTS_STORE, dropLegacyDrafts } from './storage/drafts.ts'
import { en, NS, zh } from './locales.ts'
import { installStyles } from './styles.ts'
import { TaskSurfaceDock } from './dock/Dock.tsx'
import { TaskSurfaceRow } from './row/Row.tsx'

declare const __BUNDLE_ID__: string

/** The tool whose rows this bundle draws. */
export { TOOL_NAME }

export const inject = ['slots', 'locale', 'connection']

export function apply(ctx: ClientContext): void {
  ctx.effect(() => installStyles(__BUNDLE_ID__), 'task-surface: styles')
  ctx.effect(() => ctx.locale.register(NS, { zh, en }), 'task-surface: dictionaries')
  const api = createApi(ctx.connection)
  const store = defineStore(DRAFTS_STORE)
  dropLegacyDrafts()
  ctx.slots.inject('conversation.input.dock', () => ctx.slots.register({
    name: 'conversation.input.dock',
    id: 'task-surface',
    order: 30,
    locale: NS,
    store,
    inject: () => ({ api }),
  }, TaskSurfaceDock))
  ctx.slots.inject('tool.call.toolview', () => ctx.slots.register({
    name: 'tool.call.toolview',
    key: TOOL_NAME,
    locale: NS,
  }, TaskSurfaceRow))
}
