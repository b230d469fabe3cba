// Field values as the Dock keeps and sends them, the problems shown at them, and the mapping of
// the host's problems (JSON Pointers into the values document) back onto fields. What a value
// of each kind is, and where it starts, is its kind's (fields/kinds.ts).
import type { Model } from './model.ts'
import { Code } from './contract/words.gen.ts'

/** The user's own answer to a field of options with `allowOther`. */
export interface Other { other: string }

export type Value = string | number | boolean | null | Other | Record<string, string | null> | Record<string, number | null> | (string | Other)[]
export type Values = Record<string, Value>

/** A problem as the host returns it: a code, a message and a pointer into the values. A problem
 * the browser found itself has a contract code, an empty message, and the key (`say`) and
 * parameters of its localised text. */
export interface Problem { code: string; message: string; pointer?: string; say?: string; params?: Record<string, unknown> }

/** The submission limit when the host names none (manifest `limits.maxSubmissionBytes`). */
export const MAX_SUBMISSION_BYTES = 32 * 1024

/** A byte count as people read a limit: whole KiB as such, anything else in bytes. */
export const bytesText = (n: number): string => (n % 1024 === 0 ? `${n / 1024} KiB` : `${n} bytes`)

/** UTF-8 length of a string. */
export const utf8Bytes = (s: string): number => new TextEncoder().encode(s).length

/** The answers over the host's submission limit (`maxBytes`, the default when it named none):
 * a request the host would refuse before reading it is not sent. */
export function sizeProblems(values: Values, note: string, maxBytes = MAX_SUBMISSION_BYTES): Problem[] {
  return utf8Bytes(JSON.stringify(values)) + utf8Bytes(note) > maxBytes
    ? [{ code: Code.LimitExceeded, message: '', pointer: '', say: Code.LimitExceeded, params: { limit: bytesText(maxBytes) } }]
    : []
}

/** The field id a problem's pointer names, or '' for the document. A pointer names the values
 * document itself (`/goal`), or the request's argument (`/values/goal`, `/note`). */
export function fieldOfPointer(pointer: string | undefined): string {
  if (!pointer || pointer[0] !== '/') return ''
  const tokens = pointer.slice(1).split('/')
  const token = (tokens[0] === 'values' && tokens.length > 1 ? tokens[1] : tokens[0]) ?? ''
  return token.replace(/~1/g, '/').replace(/~0/g, '~')
}

/** Groups problems by field id; '' holds the ones about the whole submission, '/note' the note's. */
export function problemsByField(model: Model, problems: readonly Problem[]): Map<string, Problem[]> {
  const ids = new Set(model.fields.map((f) => f.id))
  const out = new Map<string, Problem[]>()
  for (const p of problems) {
    let key = fieldOfPointer(p.pointer)
    if (p.pointer === '/values' && !ids.has('values')) key = ''
    else if (p.pointer === '/note' && !ids.has('note')) key = '/note'
    else if (!ids.has(key)) key = ''
    const list = out.get(key) ?? []
    list.push(p)
    out.set(key, list)
  }
  return out
}
