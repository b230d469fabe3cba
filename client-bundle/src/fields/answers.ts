// Submitted values as read-only text for the transcript row: option labels instead of ids,
// Yes/No for toggles, a numbered order, a number with its unit, a scale point with its range
// ("4 on a scale of 1 to 5"), tags as a list, a matrix as one "Row: Option" line per row, and the user's own
// "Other" text marked as theirs.
import type { Field } from '../model.ts'
import type { Translate } from '../dsh.ts'
import { blank, isOther, scaleRange } from '../values.ts'
import { isObj } from '../host/json.ts'

export type Answer = { text: string } | { list: string[]; ordered: boolean } | { none: true }

export function answerOf(field: Field, v: unknown, t: Translate): Answer {
  const label = (id: unknown) => isOther(id) ? t('row.other', { text: id.other })
    : ('options' in field ? field.options.find((o) => o.id === id)?.label : undefined) ?? String(id)
  const list = (ordered: boolean): Answer => Array.isArray(v) && v.length > 0 ? { list: v.map(label), ordered } : { none: true }
  switch (field.kind) {
    case 'text':
      return typeof v === 'string' && !blank(v) ? { text: v } : { none: true }
    case 'toggle':
      return typeof v === 'boolean' ? { text: v ? t('cell.yes') : t('cell.no') } : { none: true }
    case 'choice':
      return typeof v === 'string' || isOther(v) ? { text: label(v) } : { none: true }
    case 'multi-choice':
    case 'tags':
      return list(false)
    case 'order':
      return list(true)
    case 'matrix': {
      // One line per row: "Row: Option", or the row with no answer said so.
      if (!isObj(v)) return { none: true }
      return { list: field.rows.map((r) => `${r.label}: ${typeof v[r.id] === 'string' ? label(v[r.id]) : t('row.noAnswer')}`), ordered: false }
    }
    case 'number':
      return typeof v === 'number' ? { text: field.unit ? `${v} ${field.unit}` : String(v) } : { none: true }
    case 'date':
      return typeof v === 'string' ? { text: v } : { none: true }
    case 'scale': {
      if (typeof v !== 'number') return { none: true }
      const [lo, hi] = scaleRange(field)
      const end = (n: number, l?: string) => (l ? `${n} (${l})` : String(n))
      return { text: t('row.scale', { value: v, range: t('row.scaleRange', { lo: end(lo, field.minLabel), hi: end(hi, field.maxLabel) }) }) }
    }
  }
}
