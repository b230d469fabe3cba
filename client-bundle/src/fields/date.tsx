// The date kind: the browser's date box (<input type="date">) with the model's min and max, and
// under it a line with the window in the user's locale ("From 12/1/2026 to 12/31/2026"). The
// plugin speaks ISO dates (YYYY-MM-DD); the box and the field's problems show the user's locale.
// Its value is the ISO date, or null for an empty box; a date that does not exist ("02/30/2026")
// is NaN, which the Dock says is not a date before sending (`check`). A bound may be another date
// field's answer (`{"field": id}`), as a number's may (number.tsx).
import { Code } from '../contract/words.gen.ts'
import { useT } from '../i18n.ts'
import { InputBox, rangeText } from './common.tsx'
import { isStr, keys, opt } from '../host/json.ts'
import { pointerOf, type FieldProps, type Kind } from './kind.ts'
import type { DateField } from '../contract/model.gen.ts'
import { boundOf, boundText } from './number.tsx'
import { isRef, type Ref } from './when.ts'

/** An ISO date as the browser's date box shows it, in the user's locale. */
const localDate = (iso: string): string => new Date(iso + 'T00:00Z').toLocaleDateString(undefined, { timeZone: 'UTC' })

/** How the date box asks for a date in the user's locale ("MM/DD/YYYY"). */
const dateFormat = (): string => new Intl.DateTimeFormat().formatToParts(new Date(2026, 11, 24))
  .map((p) => ({ year: 'YYYY', month: 'MM', day: 'DD' } as Record<string, string>)[p.type] ?? p.value).join('')

const strOrRef = (v: unknown) => isStr(v) || isRef(v)

function DateControl(props: FieldProps<DateField>) {
  const t = useT()
  const f = props.field
  const problems = props.problems.map((p) => ({ ...p, message: p.message.replace(/\d{4}-\d\d-\d\d/g, localDate) }))
  const { min: bMin, max: bMax } = props.bounds ?? {}
  const min = boundOf(f.min, bMin)
  const max = boundOf(f.max, bMax)
  return <InputBox {...props} problems={problems} box={{ type: 'date', min, max }} parse={(box) => box.value}
    limits={rangeText(t, boundText(min, bMin, localDate), boundText(max, bMax, localDate))} />
}

export const date: Kind<DateField> = {
  name: 'date',
  read: (f) => keys(f, { min: opt(strOrRef), max: opt(strOrRef), initial: opt(isStr) }),
  start: (f) => f.initial ?? null,
  fits: (_, v) => (v === null || (typeof v === 'string' && /^\d{4}-\d\d-\d\d$/.test(v)) ? v : undefined),
  answer: (_, v) => (typeof v === 'string' ? { text: v } : { none: true }),
  check: (f, v) => (Number.isNaN(v) ? { code: Code.InvalidValue, message: '', pointer: pointerOf(f.id), say: 'not-a-date', params: { format: dateFormat() } } : undefined),
  Control: DateControl,
}
