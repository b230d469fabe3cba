// Field values: the starting values of a model, the repair of a restored draft against the
// model, the checks the browser can make before sending, and the mapping of the server's
// problems (JSON Pointers into the values document) back onto fields.
import type { Field, Model } from './model.ts'

export type Value = string | boolean | string[] | null
export type Values = Record<string, Value>

/** A problem as the host returns it: a code, a message and a pointer into the values. */
export interface Problem { code: string; message: string; pointer?: string }

/** The default submission limit (manifest `limits.maxSubmissionBytes`). */
export const MAX_SUBMISSION_BYTES = 32 * 1024

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
    case 'order': {
      const ids = f.options.map((o) => o.id)
      const init = f.initial
      return init && init.length === ids.length && ids.every((id) => init.includes(id)) ? [...init] : ids
    }
  }
}

export function initialValues(model: Model): Values {
  const out: Values = {}
  for (const f of model.fields) out[f.id] = initialValue(f)
  return out
}

/** Returns `v` when it is a value `f` accepts, else null (so a stale draft cannot break a field). */
export function repairValue(f: Field, v: unknown): Value | undefined {
  const ids = 'options' in f ? f.options.map((o) => o.id) : []
  switch (f.kind) {
    case 'text': return typeof v === 'string' ? v : undefined
    case 'toggle': return typeof v === 'boolean' ? v : undefined
    case 'choice': return v === null || (typeof v === 'string' && ids.includes(v)) ? (v as string | null) : undefined
    case 'multi-choice':
      return Array.isArray(v) && v.every((x) => typeof x === 'string' && ids.includes(x)) ? ids.filter((id) => v.includes(id)) : undefined
    case 'order':
      return Array.isArray(v) && v.length === ids.length && ids.every((id) => v.includes(id)) ? [...(v as string[])] : undefined
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

const blank = (s: string): boolean => s.trim() === ''

/** UTF-8 length of a string. */
export const utf8Bytes = (s: string): number => new TextEncoder().encode(s).length

/** Checks the browser makes before sending: required text and the submission size. */
export function localProblems(model: Model, values: Values, note: string): Problem[] {
  const out: Problem[] = []
  for (const f of model.fields) {
    if (f.kind === 'text' && f.required && blank(String(values[f.id] ?? ''))) {
      out.push({ code: 'required', message: '', pointer: pointerOf(f.id) })
    }
  }
  const size = utf8Bytes(JSON.stringify(values)) + utf8Bytes(note)
  if (size > MAX_SUBMISSION_BYTES) out.push({ code: 'limit-exceeded', message: '', pointer: '' })
  return out
}

/** `/<id>` with JSON Pointer escaping. */
export const pointerOf = (id: string): string => '/' + id.replace(/~/g, '~0').replace(/\//g, '~1')

/** The field id a problem's pointer names (its first reference token), or '' for the document. */
export function fieldOfPointer(pointer: string | undefined): string {
  if (!pointer || pointer[0] !== '/') return ''
  const token = pointer.slice(1).split('/')[0] ?? ''
  return token.replace(/~1/g, '/').replace(/~0/g, '~')
}

/** Groups problems by field id; '' holds the ones about the whole submission, '/note' the note's. */
export function problemsByField(model: Model, problems: readonly Problem[]): Map<string, Problem[]> {
  const ids = new Set(model.fields.map((f) => f.id))
  const out = new Map<string, Problem[]>()
  for (const p of problems) {
    let key = fieldOfPointer(p.pointer)
    if (p.pointer === '/note' && !ids.has('note')) key = '/note'
    else if (!ids.has(key)) key = ''
    const list = out.get(key) ?? []
    list.push(p)
    out.set(key, list)
  }
  return out
}
