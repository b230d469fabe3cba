// The text kind: one line, or a text area when multiline; required ones say so in the label.
// `maxLength` is counted in the hint and never cuts what is typed or pasted: text over it is kept
// as it is, the count marked, the problem said under the field as it is typed (`overLength`),
// and nothing is sent until it is shortened (`check`), in the plugin's words for the same problem.
// `minLength` is said in the hint. The model's `pattern` never runs here: the plugin checks it and
// words its problem, never the expression, with the field's initial text as an example.
import { Code } from '../contract/words.gen.ts'
import { useT } from '../i18n.ts'
import { controlAria, FieldHelp, FieldLabel, FieldProblems, helpOf } from './common.tsx'
import type { Problem } from '../values.ts'
import { isBool, isNum, isStr, keys, opt } from '../host/json.ts'
import { pointerOf, type FieldProps, type Kind } from './kind.ts'
import type { TextField } from '../contract/model.gen.ts'

/** How many characters a text holds, as the plugin counts them (code points). */
const charCount = (s: string): number => [...s].length

/** Text over the field's `maxLength`, with the count. */
const overLength = (f: TextField, v: unknown): Problem | undefined => (f.maxLength !== undefined && typeof v === 'string' && charCount(v) > f.maxLength
  ? { code: Code.TooLong, message: '', pointer: pointerOf(f.id), say: Code.TooLong, params: { max: f.maxLength, count: charCount(v) } }
  : undefined)

function TextControl({ field, value, onChange, disabled, problems: given, id }: FieldProps<TextField>) {
  const t = useT()
  const text = typeof value === 'string' ? value : ''
  const { minLength: min, maxLength: max } = field
  const count = charCount(text)
  const over = max !== undefined && count > max
  const hint = [min ? t('text.min', { min }) : '', max ? t('text.count', { count, max }) : ''].filter(Boolean).join(' · ')
  const own = overLength(field, value)
  const problems = own && !given.some((p) => p.code === own.code) ? [...given, own] : given
  const common = {
    id: `${id}-input`,
    name: field.id,
    value: text,
    disabled,
    'aria-required': field.required || undefined,
    ...controlAria(id, problems, helpOf(field, id), hint && `${id}-hint`),
    'data-field': field.id,
    className: 'tsf-input',
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  }
  return (
    <div className="tsf-field tsf-field--text">
      <FieldLabel field={field} htmlFor={`${id}-input`} />
      <FieldHelp field={field} id={id} />
      {field.multiline ? <textarea {...common} rows={3} /> : <input {...common} type="text" autoComplete="off" />}
      {hint ? <p className="tsf-hint" id={`${id}-hint`} data-over={over || undefined}>{hint}</p> : null}
      <FieldProblems id={id} problems={problems} />
    </div>
  )
}

export const text: Kind<TextField> = {
  name: 'text',
  read: (f) => keys(f, { multiline: opt(isBool), initial: opt(isStr), minLength: opt(isNum), maxLength: opt(isNum) }),
  start: (f) => f.initial ?? '',
  fits: (_, v) => (typeof v === 'string' ? v : undefined),
  // Text of white space only reads as no answer; what else shows nothing is the plugin's to say.
  answer: (_, v) => (typeof v === 'string' && v.trim() ? { text: v } : { none: true }),
  check: overLength,
  Control: TextControl,
}
