// The few shapes of the dsh 0.1.0-rc.8 web client this bundle touches, written by hand: the
// published packages do not ship ui-slots or ui-primitives, and everything here is read at
// run time from the page (ctx services and slot props), never imported.
import type { ComponentType } from 'react'

/** The RPC envelope every `/api` endpoint answers with (`dsh-host-apiproxy/api`). */
export type RpcResult<T> =
  | { ok: true; value: T }
  | { ok: false; error: { code: string; message: string; details?: unknown } }

/** `ctx.connection` in the browser (`dsh-client-connection`). */
export interface ClientConnection {
  readonly rpc: {
    call(channel: string, endpoint: string, payload: unknown, signal?: AbortSignal): Promise<RpcResult<unknown>>
  }
}

/** `t` as the slot renderer hands it to an entry registered with `locale`. */
export type Translate = (key: string, params?: Record<string, unknown>) => string

/** Options of `ctx.slots.register` for the two kinds of slot this bundle uses. */
export interface SlotRegistration {
  name: string
  /** list slots */
  id?: string
  order?: number
  /** keyed slots */
  key?: string
  locale?: string
  /** The entry's store seat: a handle of `defineStore`; the entry gets `useStore` and `actions`
   * of its session's instance. */
  store?: unknown
  inject?: (sessionId: string) => Record<string, unknown>
}

/** `ctx.slots` (`dsh-client-ui-slots` SlotCore). */
export interface SlotsService {
  inject(name: string, callback: () => unknown): unknown
  // The registry accepts any component; the props it composes are described by the slot.
  register(options: SlotRegistration, component: ComponentType<any>): unknown
}

/** `ctx.locale` (`dsh-client-locale`). */
export interface LocaleService {
  register(namespace: string, dictionaries: { zh: Record<string, string>; en: Record<string, string> }): () => void
}

/** The cordis context the loader hands to `apply`, narrowed to what is injected. */
export interface ClientContext {
  readonly slots: SlotsService
  readonly locale: LocaleService
  readonly connection: ClientConnection
  effect(body: () => (() => void) | void, label?: string): void
}

/** `useProjection` from the session standard kit. */
export type UseProjection = (key: string) => unknown

/** One queued inbox row as the client mirrors it (the source is dropped on rc.8). */
export interface QueuedMessage {
  readonly id: string
  readonly messageId: string
  readonly placement: 'queued' | 'steering' | 'context'
}

/** A node of the loaded conversation (`ConversationNode`); a user message (`kind` 'user', or
 * 'steering' when it was admitted during a turn) carries its `source` as the log has it. */
export interface ConversationNodeLike {
  readonly kind: string
  readonly seq: number
  readonly source?: unknown
  /** A tool result's ('tool-result') call and presentation metadata. */
  readonly callId?: string
  readonly meta?: unknown
}

/** The parts of the session snapshot this bundle reads through `useSession`. */
export interface SessionSnapshotLike {
  readonly queue?: readonly QueuedMessage[]
  /** The loaded part of the conversation, oldest first. */
  readonly nodes?: readonly ConversationNodeLike[]
}

/** `useSession(selector, eq?)` from the session standard kit. */
export type UseSession = <S>(selector: (snapshot: SessionSnapshotLike) => S, eq?: (a: S, b: S) => boolean) => S

/** Props every session-scope slot entry receives. */
export interface SessionSlotProps {
  sessionId: string
  useProjection: UseProjection
  useSession: UseSession
  t?: Translate
}

/** A text block of model-visible content. */
export interface ContentBlock {
  type: string
  text?: string
}

/** A call that has not settled (`RunningToolCall`). */
export interface RunningToolCall {
  callId: string
  name: string
  argsRaw: string
  kind?: undefined
}

/** A settled call (`ToolResultNode`). */
export interface ToolResultNode {
  kind: 'tool-result'
  callId: string
  call: { name: string; argsRaw: string } | null
  content: readonly { type: string; toolCallId?: string; content?: readonly ContentBlock[]; text?: string; isError?: boolean }[]
  isError: boolean
  error?: { name: string; code: string }
  meta?: unknown
}

/** Owner share of `tool.call.toolview`. */
export interface ToolViewProps extends SessionSlotProps {
  callId: string
  toolName: string
  block: RunningToolCall | ToolResultNode
}
