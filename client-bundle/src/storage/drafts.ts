// Unsent answers, kept in localStorage per session and surface so that a reload or a crash
// loses nothing. Bounded: one draft holds at most maxDraftBytes (a larger one is not written,
// and the last one that fit stays), and all drafts together at most maxTotalBytes and
// maxDrafts; beyond that the oldest are evicted. The key carries the session id, so a draft is
// never offered to another session. Drafts never leave the browser. A draft the Dock keeps
// after another answer took its surface (`kept`) carries its answers as text to copy, so that it
// survives a reload after the surface closed, when the panel's model can no longer be read.
import { isObj } from '../host/json.ts'
import { utf8Bytes as bytes } from '../values.ts'

/** What a kept draft shows once its surface has closed: the panel's title and the answers as
 * the text "Copy your answers" copies. */
export interface Kept {
  title: string
  text: string
}

export interface Draft {
  values: Record<string, unknown>
  note: string
  savedAt: number
  /** Set while the answers are a kept draft: another answer took the surface, or it closed. */
  kept?: Kept
}

export interface DraftLimits {
  maxDraftBytes: number
  maxTotalBytes: number
  maxDrafts: number
}

export const DEFAULT_DRAFT_LIMITS: DraftLimits = { maxDraftBytes: 64 * 1024, maxTotalBytes: 512 * 1024, maxDrafts: 64 }

export const DRAFT_PREFIX = 'dsh-task-surface:draft:v1:'

export type SaveResult = 'saved' | 'too-large' | 'unavailable'

export interface DraftStore {
  load(sessionId: string, surfaceId: string): Draft | undefined
  save(sessionId: string, surfaceId: string, draft: Omit<Draft, 'savedAt'>): SaveResult
  clear(sessionId: string, surfaceId: string): void
}

const keyOf = (sessionId: string, surfaceId: string): string =>
  DRAFT_PREFIX + encodeURIComponent(sessionId) + ':' + encodeURIComponent(surfaceId)

function parse(raw: string | null): Draft | undefined {
  if (raw === null) return undefined
  try {
    const d: unknown = JSON.parse(raw)
    if (!isObj(d) || !isObj(d.values)) return undefined
    const draft: Draft = { values: d.values, note: typeof d.note === 'string' ? d.note : '', savedAt: typeof d.savedAt === 'number' ? d.savedAt : 0 }
    if (isObj(d.kept) && typeof d.kept.title === 'string' && typeof d.kept.text === 'string') draft.kept = { title: d.kept.title, text: d.kept.text }
    return draft
  } catch {
    return undefined
  }
}

/** Every draft entry: key, size and age. */
function entries(storage: Storage): { key: string; size: number; savedAt: number }[] {
  const out: { key: string; size: number; savedAt: number }[] = []
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i)
    if (key === null || !key.startsWith(DRAFT_PREFIX)) continue
    const raw = storage.getItem(key) ?? ''
    out.push({ key, size: bytes(key) + bytes(raw), savedAt: parse(raw)?.savedAt ?? 0 })
  }
  return out
}

/** Evicts the oldest drafts (never `keep`) until the rest fit next to `incoming` bytes. */
function evict(storage: Storage, limits: DraftLimits, keep: string, incoming: number): void {
  const others = entries(storage).filter((e) => e.key !== keep).sort((x, y) => x.savedAt - y.savedAt)
  let total = incoming + others.reduce((sum, e) => sum + e.size, 0)
  let count = others.length + 1
  for (const e of others) {
    if (total <= limits.maxTotalBytes && count <= limits.maxDrafts) break
    storage.removeItem(e.key)
    total -= e.size
    count--
  }
}

function storageOrNull(get: () => Storage | null | undefined): Storage | null {
  try {
    return get() ?? null
  } catch {
    return null // a SecurityError when the page may not use storage
  }
}

export function createDraftStore(
  getStorage: () => Storage | null | undefined = () => globalThis.localStorage,
  limits: DraftLimits = DEFAULT_DRAFT_LIMITS,
  now: () => number = Date.now,
): DraftStore {
  return {
    load(sessionId, surfaceId) {
      const storage = storageOrNull(getStorage)
      if (storage === null) return undefined
      try {
        return parse(storage.getItem(keyOf(sessionId, surfaceId)))
      } catch {
        return undefined
      }
    },
    save(sessionId, surfaceId, draft) {
      const storage = storageOrNull(getStorage)
      if (storage === null) return 'unavailable'
      const key = keyOf(sessionId, surfaceId)
      const raw = JSON.stringify({ values: draft.values, note: draft.note, savedAt: now(), kept: draft.kept })
      const size = bytes(key) + bytes(raw)
      if (size > limits.maxDraftBytes) return 'too-large'
      const put = (room: DraftLimits): SaveResult => {
        evict(storage, room, key, size)
        storage.setItem(key, raw)
        return 'saved'
      }
      try {
        return put(limits)
      } catch {
        try {
          // Quota: drop every other draft and try once more.
          return put({ ...limits, maxTotalBytes: 0, maxDrafts: 1 })
        } catch {
          return 'unavailable'
        }
      }
    },
    clear(sessionId, surfaceId) {
      const storage = storageOrNull(getStorage)
      try {
        storage?.removeItem(keyOf(sessionId, surfaceId))
      } catch {
        // nothing to clear when storage is unavailable
      }
    },
  }
}
