// TaskSurfaceModelV1 and the presentation metadata, with strict readers. The plugin already
// parsed and normalised the model; the browser re-checks the shape only so that a version or a
// union arm it does not know falls back to plain content instead of a half-drawn panel.
import { asTaskSurfaceId, type TaskSurfaceId } from './contract/ids.ts'
import { META_KIND, META_VERSION } from './contract/words.gen.ts'
import { isObj } from './host/json.ts'

export type Cell = string | number | boolean | null

export type Block =
  | { kind: 'markdown'; text: string }
  | { kind: 'metrics'; items: { label: string; value: string; detail?: string }[] }
  | { kind: 'table'; columns: { id: string; label: string }[]; rows: Record<string, Cell>[] }
  | { kind: 'diff'; path?: string; before: string | null; after: string; language?: string }
  | { kind: 'notice'; tone: 'neutral' | 'info' | 'warning'; text: string }

export interface Option { id: string; label: string; detail?: string }

/** What every field may carry besides its kind, id and label: `help`, a sentence shown under the
 * label (plain text). */
interface Base { id: string; label: string; help?: string }

/** One row of a matrix: its id (a key of the value) and its label. */
export interface MatrixRow { id: string; label: string }

export type Field = Base & (
  | { kind: 'text'; multiline?: boolean; required?: boolean; initial?: string; minLength?: number; maxLength?: number; pattern?: string }
  | { kind: 'choice'; required?: boolean; options: Option[]; initial?: string; allowOther?: boolean }
  | { kind: 'multi-choice'; required?: boolean; options: Option[]; initial?: string[]; allowOther?: boolean; minItems?: number; maxItems?: number }
  | { kind: 'toggle'; initial?: boolean }
  | { kind: 'order'; required?: boolean; options: Option[]; initial?: string[] }
  | { kind: 'matrix'; required?: boolean; rows: MatrixRow[]; options: Option[]; initial?: Record<string, string> }
  | { kind: 'number'; required?: boolean; min?: number; max?: number; step?: number; unit?: string; integer?: boolean; initial?: number }
  | { kind: 'date'; required?: boolean; min?: string; max?: string; initial?: string }
  | { kind: 'scale'; required?: boolean; min?: number; max?: number; minLabel?: string; maxLabel?: string; initial?: number }
  | { kind: 'tags'; required?: boolean; maxItems?: number; suggestions?: string[]; initial?: string[] })

/** A field of one kind. */
export type FieldOf<K extends Field['kind']> = Extract<Field, { kind: K }>

export type Layout = { kind: 'stack' } | { kind: 'grid'; columns: 2 | 3 }

export interface Section { id: string; title?: string; layout?: Layout; blocks: Block[] }

export interface Model {
  version: 1
  title: string
  description?: string
  sections: Section[]
  fields: Field[]
  submit: { label: string }
}

/** Sanitised HTML of each markdown block, keyed by its JSON Pointer into the model. */
export type MarkdownMap = Record<string, string>

export interface Meta { surfaceId: TaskSurfaceId; model: Model; markdown: MarkdownMap }

const isStr = (v: unknown): v is string => typeof v === 'string'
const optStr = (v: unknown): boolean => v === undefined || typeof v === 'string'
const optBool = (v: unknown): boolean => v === undefined || typeof v === 'boolean'
const isStrArr = (v: unknown): v is string[] => Array.isArray(v) && v.every(isStr)
const optStrArr = (v: unknown): boolean => v === undefined || isStrArr(v)
const optNum = (v: unknown): boolean => v === undefined || (typeof v === 'number' && isFinite(v))
/** Whether every key of `f` named in `keys` is absent or passes `ok`. */
const all = (f: Record<string, unknown>, ok: (v: unknown) => boolean, ...keys: string[]): boolean => keys.every((k) => ok(f[k]))
const isCell = (v: unknown): v is Cell => v === null || ['string', 'number', 'boolean'].includes(typeof v)

/** Options: a non-empty list of {id, label, detail?}. */
const readOptions = (v: unknown): boolean =>
  Array.isArray(v) && v.length > 0 && v.every((o) => isObj(o) && isStr(o.id) && isStr(o.label) && optStr(o.detail))

function readBlock(b: unknown): Block | null {
  if (!isObj(b)) return null
  switch (b.kind) {
    case 'markdown':
      return isStr(b.text) ? (b as Block) : null
    case 'metrics':
      return Array.isArray(b.items) && b.items.every((i) => isObj(i) && isStr(i.label) && isStr(i.value) && optStr(i.detail)) ? (b as Block) : null
    case 'table':
      if (!Array.isArray(b.columns) || !b.columns.every((c) => isObj(c) && isStr(c.id) && isStr(c.label))) return null
      if (!Array.isArray(b.rows) || !b.rows.every((r) => isObj(r) && Object.values(r).every(isCell))) return null
      return b as Block
    case 'diff':
      return (b.before === null || isStr(b.before)) && isStr(b.after) && optStr(b.path) && optStr(b.language) ? (b as Block) : null
    case 'notice':
      return (b.tone === 'neutral' || b.tone === 'info' || b.tone === 'warning') && isStr(b.text) ? (b as Block) : null
    default:
      return null
  }
}

/** The rows of a matrix: a non-empty list of {id, label}. */
const readRows = (v: unknown): boolean => Array.isArray(v) && v.length > 0 && v.every((r) => isObj(r) && isStr(r.id) && isStr(r.label))

/** A matrix's initial answers: absent, or an object of option ids by row id. */
const optStrMap = (v: unknown): boolean => v === undefined || (isObj(v) && Object.values(v).every(isStr))

/** Whether `f` is a field of a kind this client knows, with every member it reads well formed. */
function knownField(f: unknown): boolean {
  if (!isObj(f) || !isStr(f.id) || !isStr(f.label) || !optStr(f.help)) return false
  switch (f.kind) {
    case 'text':
      return all(f, optBool, 'multiline', 'required') && all(f, optStr, 'initial', 'pattern') && all(f, optNum, 'minLength', 'maxLength')
    case 'toggle':
      return optBool(f.initial)
    case 'choice':
      return readOptions(f.options) && optStr(f.initial) && all(f, optBool, 'allowOther', 'required')
    case 'multi-choice':
    case 'order':
      return readOptions(f.options) && optStrArr(f.initial) && all(f, optBool, 'allowOther', 'required') && all(f, optNum, 'minItems', 'maxItems')
    case 'matrix':
      return readRows(f.rows) && readOptions(f.options) && optStrMap(f.initial) && optBool(f.required)
    case 'number':
    case 'scale':
      return all(f, optNum, 'min', 'max', 'step', 'initial') && all(f, optStr, 'unit', 'minLabel', 'maxLabel') && all(f, optBool, 'required', 'integer')
    case 'date':
      return all(f, optStr, 'min', 'max', 'initial') && optBool(f.required)
    case 'tags':
      return optNum(f.maxItems) && optStrArr(f.suggestions) && optStrArr(f.initial) && optBool(f.required)
    default:
      return false
  }
}

function readLayout(l: unknown): boolean {
  if (l === undefined) return true
  if (!isObj(l)) return false
  if (l.kind === 'stack') return true
  return l.kind === 'grid' && (l.columns === 2 || l.columns === 3)
}

/** Returns the model when every part of it is something this client knows, else null. */
export function readModel(m: unknown): Model | null {
  if (!isObj(m) || m.version !== 1 || !isStr(m.title) || !optStr(m.description)) return null
  if (!isObj(m.submit) || !isStr(m.submit.label)) return null
  if (!Array.isArray(m.sections)) return null
  for (const s of m.sections) {
    if (!isObj(s) || !isStr(s.id) || !optStr(s.title) || !readLayout(s.layout) || !Array.isArray(s.blocks)) return null
    if (!s.blocks.every((b) => readBlock(b) !== null)) return null
  }
  const fields = m.fields === undefined ? [] : m.fields
  if (!Array.isArray(fields) || !fields.every(knownField)) return null
  return { ...(m as unknown as Model), fields: fields as Field[] }
}

/** Reads the map of a surface's Markdown HTML by block pointer; null when it is not one. */
export function readMarkdown(v: unknown): MarkdownMap | null {
  if (v === undefined || v === null) return {}
  if (!isObj(v)) return null
  for (const html of Object.values(v)) if (!isStr(html)) return null
  return v as MarkdownMap
}

/** Reads a tool result's presentation metadata; null means "render the ordinary content". */
export function readMeta(meta: unknown): Meta | null {
  if (!isObj(meta) || meta.kind !== META_KIND || meta.version !== META_VERSION) return null
  if (!isStr(meta.surfaceId) || meta.surfaceId === '') return null
  const model = readModel(meta.model)
  const markdown = readMarkdown(meta.markdown)
  if (model === null || markdown === null) return null
  return { surfaceId: asTaskSurfaceId(meta.surfaceId), model, markdown }
}

/** The JSON Pointer of a block, the key of its HTML in the markdown map. */
export const blockPointer = (section: number, block: number): string => `/sections/${section}/blocks/${block}`
