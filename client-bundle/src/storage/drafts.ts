// Unsent answers, kept per session in dsh's declared per-session slot store, the same storage
// posture as the composer's own draft (dsh's chat store): the Dock's slot entry declares the
// store (index.ts, `defineStore` of @deepseek-ai/dsh-client-runtime/client with DRAFTS_STORE),
// dsh creates one instance per session, persists it in the browser's localStorage under
// `dsh-task-surface.drafts.<sessionId>`, hands the Dock `useStore` and `actions`, and removes it,
// persisted state included, when the session goes. A reload or a crash loses nothing. Drafts
// never leave the browser and never reach another session.
//
// This module keeps the drafts of one session by surface id, bounded: one draft holds at most
// maxDraftBytes (a larger one is not written, and the last one that fit stays), and the session's
// drafts together at most maxTotalBytes and maxDrafts; beyond that the oldest are evicted. A
// draft the Dock keeps after another answer took its surface (`kept`) carries its answers as
// text to copy, so that it survives a reload after the surface closed, when the panel's model
// can no longer be read. A draft whose answers the host accepted (`accepted`) stays until the
// Dock knows the message is durable: if the harness restarts and loses it, the answers come back
// with a notice.
import { isObj, strings } from '../host/json.ts'
import { utf8Bytes as bytes } from '../values.ts'

/** What a kept draft shows once its surface has closed: the panel's title, the answers as the
 * text "Copy your answers" copies, and (`why`) the key of the sentence that says why they were
 * not sent when the surface's outcome does not say it (a key in locales.ts's STORED_KEYS). */
export interface Kept {
  title: string
  text: string
  why?: string
}

/** The host accepted these answers as this message: until the Dock knows the message is
 * durable, the draft stays, so that answers a restarted harness lost come back. */
export interface Accepted {
  submissionId: string
  messageId: string
}

export interface Draft {
  values: Record<string, unknown>
  note: string
  savedAt: number
  /** The fields the user set (typed, chose, flipped, moved or kept): their answers count. */
  touched?: string[]
  /** Set while the answers are a kept draft: another answer took the surface, or it closed. */
  kept?: Kept
  accepted?: Accepted
}

/** One session's drafts by surface id. */
export type Drafts = Record<string, Draft>

/** The per-session store's state. */
export interface DraftsState { drafts: Drafts }

/** The declaration of the per-session store (dsh's `defineStore`): its initial state, the name its
 * instances persist under (dsh appends `.<sessionId>`), and its one write, which replaces the
 * session's drafts (this module bounds them first). */
export const DRAFTS_STORE = {
  init: (): DraftsState => ({ drafts: {} }),
  persist: 'dsh-task-surface.drafts',
  actions: { set: (d: DraftsState, drafts: Drafts) => { d.drafts = drafts } },
}

export interface DraftLimits {
  maxDraftBytes: number
  maxTotalBytes: number
  maxDrafts: number
}

export const DEFAULT_DRAFT_LIMITS: DraftLimits = { maxDraftBytes: 64 * 1024, maxTotalBytes: 512 * 1024, maxDrafts: 64 }

export type SaveResult = 'saved' | 'too-large'

/** One session's drafts, read and written by surface id. */
export interface DraftStore {
  load(surfaceId: string): Draft | undefined
  save(surfaceId: string, draft: Omit<Draft, 'savedAt'>): SaveResult
  clear(surfaceId: string): void
}

/** A draft read back, or undefined when it is not one. */
function readDraft(d: unknown): Draft | undefined {
  if (!isObj(d) || !isObj(d.values)) return undefined
  const draft: Draft = { values: d.values, note: typeof d.note === 'string' ? d.note : '', savedAt: typeof d.savedAt === 'number' ? d.savedAt : 0 }
  if (Array.isArray(d.touched)) draft.touched = strings(d.touched)
  const k = d.kept
  if (isObj(k) && typeof k.title === 'string' && typeof k.text === 'string') draft.kept = { title: k.title, text: k.text, ...(typeof k.why === 'string' ? { why: k.why } : {}) }
  const a = d.accepted
  if (isObj(a) && typeof a.submissionId === 'string' && typeof a.messageId === 'string') draft.accepted = { submissionId: a.submissionId, messageId: a.messageId }
  return draft
}

const sizeOf = (surfaceId: string, d: Draft): number => bytes(surfaceId) + bytes(JSON.stringify(d))

/** `drafts` with the oldest evicted (never `keep`) until they fit the limits. */
function bounded(drafts: Drafts, keep: string, limits: DraftLimits): Drafts {
  const out = { ...drafts }
  const others = Object.keys(out).filter((k) => k !== keep).sort((x, y) => out[x]!.savedAt - out[y]!.savedAt)
  let total = Object.entries(out).reduce((n, [k, d]) => n + sizeOf(k, d), 0)
  let count = others.length + 1
  for (const k of others) {
    if (total <= limits.maxTotalBytes && count <= limits.maxDrafts) break
    total -= sizeOf(k, out[k]!)
    count--
    delete out[k]
  }
  return out
}

/**
 * One session's drafts over its store: `stored` is what the store holds when the Dock mounts,
 * `write` the store's `set`. The Dock is the store's only writer in its page, so this copy is
 * the truth and every change is written through.
 */
export function createDraftStore(
  stored: unknown,
  write: (drafts: Drafts) => void,
  limits: DraftLimits = DEFAULT_DRAFT_LIMITS,
  now: () => number = Date.now,
): DraftStore {
  let drafts: Drafts = {}
  for (const [k, v] of Object.entries(isObj(stored) ? stored : {})) {
    const d = readDraft(v)
    if (d) drafts[k] = d
  }
  const put = (next: Drafts) => {
    drafts = next
    write(next)
  }
  return {
    load: (surfaceId) => (Object.hasOwn(drafts, surfaceId) ? drafts[surfaceId] : undefined),
    save(surfaceId, draft) {
      const entry: Draft = { ...draft, savedAt: now() }
      if (sizeOf(surfaceId, entry) > limits.maxDraftBytes) return 'too-large'
      put(bounded({ ...drafts, [surfaceId]: entry }, surfaceId, limits))
      return 'saved'
    },
    clear(surfaceId) {
      if (!Object.hasOwn(drafts, surfaceId)) return
      const { [surfaceId]: _, ...rest } = drafts
      put(rest)
    },
  }
}

/** Where the bundle kept drafts before they moved into dsh's store (one localStorage key per
 * session and surface): removed when the bundle loads, so that no answer stays behind there. */
export const LEGACY_PREFIX = 'dsh-task-surface:draft:v1:'

/** Removes the drafts kept under the old keys. */
export function dropLegacyDrafts(storage: Storage | undefined = globalThis.localStorage): void {
  try {
    for (const key of Object.keys(storage ?? {})) if (key.startsWith(LEGACY_PREFIX)) storage!.removeItem(key)
  } catch {
    // storage the page may not use holds nothing to remove
  }
}
