// A kept draft as plain text, for the clipboard: the panel's title, then one line per answered
// field shown ("Label: answer", a list as indented lines, numbered where its order is the answer) and
// the note. The answers read as the transcript row reads them (each kind's `answer`).
import type { Translate } from '../dsh.ts'
import { answerOf } from '../fields/kinds.ts'
import type { Model } from '../model.ts'
import type { Values } from '../values.ts'
import { shownIds } from '../fields/when.ts'

/** The user's answers to `model` as text they can paste elsewhere. */
export function draftText(model: Model, values: Values, note: string, t: Translate): string {
  const lines = [model.title]
  const shown = shownIds(model, values)
  for (const f of model.fields) {
    const a = answerOf(f, values[f.id], t)
    if ('none' in a || !shown.has(f.id)) continue
    if ('text' in a) lines.push(`${f.label}: ${a.text}`)
    else lines.push(`${f.label}:`, ...a.list.map((x, i) => (a.ordered ? `  ${i + 1}. ${x}` : `  - ${x}`)))
  }
  if (note !== '') lines.push(`${t('field.note')}: ${note}`)
  return lines.join('\n')
}
