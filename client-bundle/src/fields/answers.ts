// Submitted values as read-only text for the transcript row: option labels instead of ids,
// Yes/No for toggles, a numbered order.
import type { Field } from '../model.ts'
import type { Translate } from '../dsh.ts'

export type Answer = { text: string } | { list: string[]; ordered: boolean } | { none: true }

export function answerOf(field: Field, v: unknown, t: Translate): Answer {
  const label = (id: unknown) => ('options' in field ? field.options.find((o) => o.id === id)?.label : undefined) ?? String(id)
  switch (field.kind) {
    case 'text':
      return typeof v === 'string' && v.trim() !== '' ? { text: v } : { none: true }
    case 'toggle':
      return typeof v === 'boolean' ? { text: v ? t('cell.yes') : t('cell.no') } : { none: true }
    case 'choice':
      return typeof v === 'string' ? { text: label(v) } : { none: true }
    case 'multi-choice':
      return Array.isArray(v) && v.length > 0 ? { list: v.map(label), ordered: false } : { none: true }
    case 'order':
      return Array.isArray(v) && v.length > 0 ? { list: v.map(label), ordered: true } : { none: true }
  }
}
