// The number kind: the browser's number box (<input type="number" inputmode="decimal">) with the
// model's min, max and step (the plugin states a whole-number field's step, 1) and its unit as a
// suffix. Under the box a line says its range, step and unit in the user's locale ("From 100 to
// 5,000 req/s, in steps of 50"). Its value is a number, or null for an empty box; what the box
// holds that is not a number ("12e") is NaN, which the Dock says is not one before sending
// (`check`) instead of calling the field empty. A bound may be another number field's answer
// (`{"field": id}`): in force, and said with that field's label ("From 20 (Minimum)"), while that
// field is shown and answered (when.ts `boundsOf`).
import type { Translate } from '../dsh.ts'
import { useT } from '../i18n.ts'
import { InputBox, rangeText } from './common.tsx'
import { isBool, isNum, isStr, keys, opt } from '../host/json.ts'
import { notANumber, withUnit, type FieldProps, type Kind } from './kind.ts'
import type { NumberField } from '../contract/model.gen.ts'
import { isRef, type Bound, type Ref } from './when.ts'

/** A bound in force: the model's number, or another field's answer (`b`). */
export const boundOf = <T,>(x: T | Ref | undefined, b: Bound | undefined): T | undefined => (isRef(x) ? (b?.value as T | undefined) : x)

/** A bound in words: `text` of its value, with the label of the field whose answer it is. */
export const boundText = <T,>(v: T | undefined, b: Bound | undefined, text: (v: T) => string): string =>
  v === undefined ? '' : text(v) + (b ? ` (${b.label})` : '')

/** The field's limits as one line in the user's locale, or '' when it has none. */
function limitsText(f: NumberField, min: number | undefined, max: number | undefined, props: FieldProps, t: Translate): string {
  const text = (n: number) => n.toLocaleString()
  const range = rangeText(t, boundText(min, props.bounds?.min, text), boundText(max, props.bounds?.max, (n) => withUnit(text(n), f.unit)))
  // Whole numbers step by 1 (a log written before the plugin stated the step has none).
  const step = f.integer && (f.step ?? 1) === 1 ? t('limit.whole') : f.step !== undefined ? t('limit.step', { step: f.step.toLocaleString() }) : ''
  return [range, step].filter(Boolean).join(t('limit.and'))
}

const numOrRef = (v: unknown) => isNum(v) || isRef(v)

function NumberControl(props: FieldProps<NumberField>) {
  const t = useT()
  const f = props.field
  const min = boundOf(f.min, props.bounds?.min)
  const max = boundOf(f.max, props.bounds?.max)
  return <InputBox {...props} box={{ type: 'number', inputMode: 'decimal', min, max, step: f.step ?? (f.integer ? 1 : 'any') }}
    parse={(box) => box.valueAsNumber} limits={limitsText(f, min, max, props, t)} unit={f.unit} />
}

export const number: Kind<NumberField> = {
  name: 'number',
  read: (f) => keys(f, { min: opt(numOrRef), max: opt(numOrRef), step: opt(isNum), unit: opt(isStr), integer: opt(isBool), initial: opt(isNum) }),
  start: (f) => f.initial ?? null,
  fits: (_, v) => (v === null || (typeof v === 'number' && isFinite(v)) ? v : undefined),
  answer: (f, v) => (typeof v === 'number' ? { text: withUnit(v, f.unit) } : { none: true }),
  check: (f, v) => (Number.isNaN(v) ? notANumber(f) : undefined),
  Control: NumberControl,
}
