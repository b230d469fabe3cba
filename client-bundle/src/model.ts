// The model as the Dock draws it (TaskSurfaceModelV1: its sections, blocks and fields) and the
// presentation metadata, with readers. The plugin already validated and normalised the model;
// the browser reads only what it draws, so that a version, a union arm or a shape it does not
// know falls back to plain content instead of a half-drawn panel. Each field kind reads its own
// keys (fields/kinds.ts).
import { asTaskSurfaceId, type TaskSurfaceId } from './contract/ids.ts'
import { META_KIND, META_VERSION } from './contract/words.gen.ts'
import { readField, type Field } from './fields/kinds.ts'
import type { Cell, Model as SchemaModel } from './contract/model.gen.ts'
import { isObj, isStr, keys, listOf, opt, type Shape } from './host/json.ts'

// Its shape is the schema's (contract/model.gen.ts, generated from plugin/model/schema.json).
export type { Block, Cell, Layout, Section } from './contract/model.gen.ts'

/** The model as the Dock holds it: `fields` always present (readModel fills in []), each field
 * with the defaults the normalised model states (fields/kinds.ts). */
export type Model = Omit<SchemaModel, 'fields'> & { fields: Field[] }

/** Sanitised HTML of each markdown block, keyed by its JSON Pointer into the model. */
export type MarkdownMap = Record<string, string>

export interface Meta { surfaceId: TaskSurfaceId; model: Model; markdown: MarkdownMap }

const optStr = opt(isStr)
const isCell = (v: unknown): v is Cell => v === null || ['string', 'number', 'boolean'].includes(typeof v)

/** The keys each block kind draws, with their shapes. */
const BLOCKS: Record<string, Record<string, Shape>> = {
  markdown: { text: isStr },
  metrics: { items: listOf({ label: isStr, value: isStr, detail: optStr }) },
  table: { columns: listOf({ id: isStr, label: isStr }), rows: (v) => Array.isArray(v) && v.every((r) => isObj(r) && Object.values(r).every(isCell)) },
  diff: { before: (v) => v === null || isStr(v), after: isStr, path: optStr, language: optStr },
  notice: { tone: (v) => v === 'neutral' || v === 'info' || v === 'warning', text: isStr },
}

const isBlock: Shape = (b) => isObj(b) && isStr(b.kind) && Object.hasOwn(BLOCKS, b.kind) && keys(b, BLOCKS[b.kind]!)

const isLayout: Shape = (l) => isObj(l) && (l.kind === 'stack' || (l.kind === 'grid' && (l.columns === 2 || l.columns === 3)))

const isSection: Shape = (s) => isObj(s) && keys(s, { id: isStr, title: optStr, layout: opt(isLayout), blocks: (v) => Array.isArray(v) && v.every(isBlock) })

/** Returns the model when every part of it is something this client knows, else null. */
export function readModel(m: unknown): Model | null {
  if (!isObj(m) || (m.version !== 1 && m.version !== 2) || !isStr(m.title) || !optStr(m.description)) return null
  if (!isObj(m.submit) || !isStr(m.submit.label)) return null
  if (!Array.isArray(m.sections) || !m.sections.every(isSection)) return null
  const fields = m.fields === undefined ? [] : m.fields
  if (!Array.isArray(fields) || !fields.every(readField)) return null
  return { ...(m as unknown as Model), fields }
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
