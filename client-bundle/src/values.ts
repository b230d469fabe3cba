// Field values: the starting values of a model, the repair of a restored draft against the
// model, the checks the browser can make before sending, and the mapping of the server's
// problems (JSON Pointers into the values document) back onto fields.
import type { Field, FieldOf, Model } from './model.ts'
import { isObj } from './host/json.ts'

/** The user's own answer to a choice or multi-choice with `allowOther`. */
export interface Other { other: string }

/** A matrix's answers: every row id, each with an option id or null while unanswered. */
export type MatrixValue = Record<string, string | null>

export type Value = string | number | boolean | null | Other | MatrixValue | (string | Other)[]
export type Values = Record<string, Value>

/** A problem as the host returns it: a code, a message and a pointer into the values. A problem
 * the browser found itself has a contract code, an empty message, and the key (`say`) and
 * parameters of its localised text. */
export interface Problem { code: string; message: string; pointer?: string; say?: string; params?: Record<string, unknown> }

/** The submission limit when the host names none (manifest `limits.maxSubmissionBytes`). */
export const MAX_SUBMISSION_BYTES = 32 * 1024

/** A byte count as people read a limit: whole KiB as such, anything else in bytes. */
export const bytesText = (n: number): string => (n % 1024 === 0 ? `${n / 1024} KiB` : `${n} bytes`)

/** The value a field starts with, exactly as the plugin's DefaultValue fills it. */
export function initialValue(f: Field): Value {
  switch (f.kind) {
    case 'text': return f.initial ?? ''
    case 'toggle': return f.initial ?? false
    case 'choice': return f.initial ?? null
    case 'multi-choice': {
      const chosen = new Set(f.initial ?? [])
      return f.options.filter((o) => chosen.has(o.id)).map((o) => o.id)
    }
    // A required order is no answer (null) until the user moves an item or keeps the order shown.
    case 'order': return f.required ? null : startOrder(f)
    case 'matrix': return matrixOf(f, f.initial)
    case 'tags': return [...(f.initial ?? [])]
    default: return f.initial ?? null
  }
}

/** The order an order field shows before the user moves anything: its `initial` when that is a
 * permutation of the options, else the options' own order. */
export function startOrder(f: FieldOf<'order'>): string[] {
  const ids = f.options.map((o) => o.id)
  const init = f.initial
  return init && init.length === ids.length && ids.every((id) => init.includes(id)) ? [...init] : ids
}

/** The order an order field shows: its value when that is a list, else the starting order. */
export const orderOf = (f: FieldOf<'order'>, v: Value): string[] => (Array.isArray(v) ? strings(v) : startOrder(f))

/** A matrix's answers read from `v`: every row of `f` as a key, with the option id `v` gives it
 * when that is one of the options, else null. */
export function matrixOf(f: FieldOf<'matrix'>, v: unknown): MatrixValue {
  const ids = f.options.map((o) => o.id)
  const given = isObj(v) ? v : {}
  const out: MatrixValue = {}
  for (const r of f.rows) {
    const x = given[r.id]
    out[r.id] = typeof x === 'string' && ids.includes(x) ? x : null
  }
  return out
}

/** The strings of an array value (a multi-choice's ids, an order, tags); [] for anything else. */
export const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

/** Whether `v` is the user's own answer `{"other": text}`. */
export const isOther = (v: unknown): v is Other => isObj(v) && typeof v.other === 'string'

/** The lowest and highest point of a scale (1 to 5 unless the model says otherwise). */
export const scaleRange = (f: Extract<Field, { kind: 'scale' }>): [number, number] => [f.min ?? 1, f.max ?? 5]

/** The most tags a tags field takes (10 unless the model says otherwise). */
export const maxTags = (f: Extract<Field, { kind: 'tags' }>): number => f.maxItems ?? 10

const DATE = /^\d{4}-\d\d-\d\d$/

export function initialValues(model: Model): Values {
  const out: Values = {}
  for (const f of model.fields) out[f.id] = initialValue(f)
  return out
}

/** Returns `v` when it is a value `f` accepts, else null (so a stale draft cannot break a field). */
export function repairValue(f: Field, v: unknown): Value | undefined {
  const ids = 'options' in f ? f.options.map((o) => o.id) : []
  const other = 'allowOther' in f && f.allowOther === true
  switch (f.kind) {
    case 'text': return typeof v === 'string' ? v : undefined
    case 'toggle': return typeof v === 'boolean' ? v : undefined
    case 'choice': return v === null || (typeof v === 'string' && ids.includes(v)) || (other && isOther(v)) ? (v as Value) : undefined
    case 'multi-choice': {
      if (!Array.isArray(v)) return undefined
      const own = v.at(-1)
      const rest = other && isOther(own) ? v.slice(0, -1) : v
      if (!rest.every((x) => typeof x === 'string' && ids.includes(x))) return undefined
      const out: (string | Other)[] = ids.filter((id) => rest.includes(id))
      return rest === v ? out : [...out, { other: (own as Other).other }]
    }
    case 'order':
      if (v === null && f.required) return null
      return Array.isArray(v) && v.length === ids.length && ids.every((id) => v.includes(id)) ? [...(v as string[])] : undefined
    case 'matrix': {
      // Row by row: a row whose answer the model no longer allows falls back to its initial one.
      if (!isObj(v)) return undefined
      const start = matrixOf(f, f.initial)
      const kept = matrixOf(f, v)
      for (const r of f.rows) if (kept[r.id] === null && v[r.id] !== null) kept[r.id] = start[r.id] ?? null
      return kept
    }
    case 'number': return v === null || (typeof v === 'number' && isFinite(v)) ? v : undefined
    case 'date': return v === null || (typeof v === 'string' && DATE.test(v)) ? v : undefined
    case 'scale': {
      const [lo, hi] = scaleRange(f)
      return v === null || (Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi) ? (v as number | null) : undefined
    }
    case 'tags':
      return Array.isArray(v) && v.length <= maxTags(f) && v.every((x, i) => typeof x === 'string' && !blank(x) && v.indexOf(x) === i) ? [...(v as string[])] : undefined
  }
}

/** The model's starting values overlaid with whatever of `draft` still fits the model. */
export function mergeDraft(model: Model, draft: Record<string, unknown> | undefined): Values {
  const out = initialValues(model)
  if (!draft) return out
  for (const f of model.fields) {
    if (!(f.id in draft)) continue
    const v = repairValue(f, draft[f.id])
    if (v !== undefined) out[f.id] = v
  }
  return out
}

/** Whether `s` shows nothing to a reader, exactly as the plugin's model.VisiblyEmpty counts it:
 * only white space, controls, format characters (zero-width spaces and joiners, the word joiner,
 * the byte-order mark, the soft hyphen, ...), other default-ignorable code points (the Hangul
 * fillers, the variation selectors) and U+2800 BRAILLE PATTERN BLANK. */
export const blank = (s: string): boolean => /^[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]*$/u.test(s)

/** An ISO date (YYYY-MM-DD) as the browser's date box shows it, in the user's locale. */
export const localDate = (iso: string): string => new Date(iso + 'T00:00Z').toLocaleDateString(undefined, { timeZone: 'UTC' })

/** UTF-8 length of a string. */
export const utf8Bytes = (s: string): number => new TextEncoder().encode(s).length

/** Whether a value is no answer: null, what a number or date box holds that is not one (NaN), an empty list, text that shows nothing, or a matrix with
 * a row left unanswered. */
export const unanswered = (f: Field, v: Value | undefined): boolean =>
  v === undefined || v === null || Number.isNaN(v) || (Array.isArray(v) && v.length === 0) || (typeof v === 'string' && blank(v))
  || (f.kind === 'matrix' && Object.values(matrixOf(f, v)).includes(null))

/** Whether the user answered `f` in this panel: they set it (typed, chose, flipped, moved or kept
 * it, here or in the draft this browser kept) and its value is an answer. A value the panel starts
 * with is the agent's default, not an answer the user gave. */
export const answered = (f: Field, v: Value | undefined, touched: readonly string[]): boolean =>
  touched.includes(f.id) && !unanswered(f, v)

/** How many characters a text holds, as the plugin counts them (code points). */
export const charCount = (s: string): number => [...s].length

/** The problems of a field the browser sees as the user types, with the contract's codes: text
 * over its `maxLength` (kept as typed, never cut: the count says by how much). */
export function typingProblems(f: Field, v: Value | undefined): Problem[] {
  if (f.kind !== 'text' || f.maxLength === undefined || typeof v !== 'string' || charCount(v) <= f.maxLength) return []
  return [{ code: 'too-long', message: '', pointer: pointerOf(f.id), say: 'too-long', params: { max: f.maxLength, count: charCount(v) } }]
}

/** Checks the browser makes before sending, with the contract's problem codes: what a number or
 * date box holds that is not a number or a date, text over its length limit, required fields
 * answered (text that shows nothing, an empty number, date or scale, no tags, no choice, an order
 * never touched, a matrix row left unanswered are no answer), and the submission size against
 * the host's limit (`maxBytes`, the default when the host named none). Bounds, steps, date
 * windows, minimum lengths, how many options a multi-choice takes and patterns are the plugin's
 * to judge (its check as the user types, or the submit). */
export function localProblems(model: Model, values: Values, note: string, maxBytes = MAX_SUBMISSION_BYTES): Problem[] {
  const out: Problem[] = []
  for (const f of model.fields) {
    const v = values[f.id]
    const pointer = pointerOf(f.id)
    // A number or date box holding what is not one (NaN, see InputField): say so, not "required".
    if (Number.isNaN(v)) out.push(f.kind === 'date' ? { code: 'invalid-value', message: '', pointer, say: 'not-a-date' } : { code: 'wrong-type', message: '', pointer, say: 'not-a-number' })
    else if (typingProblems(f, v).length > 0) out.push(...typingProblems(f, v))
    else if ('required' in f && f.required && unanswered(f, v)) out.push({ code: 'required', message: '', pointer })
  }
  const size = utf8Bytes(JSON.stringify(values)) + utf8Bytes(note)
  if (size > maxBytes) out.push({ code: 'limit-exceeded', message: '', pointer: '', say: 'limit-exceeded', params: { limit: bytesText(maxBytes) } })
  return out
}

/** `/<id>` with JSON Pointer escaping. */
export const pointerOf = (id: string): string => '/' + id.replace(/~/g, '~0').replace(/\//g, '~1')

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
