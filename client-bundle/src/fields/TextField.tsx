// A text field: one line, or a text area when multiline; required ones say so in the label.
// `maxLength` is counted in the hint and never cuts what is typed or pasted: text over it is kept
// as it is, the count marked, and the Dock says so under the field (values.ts typingProblems)
// and sends nothing until it is shortened. `minLength` is said in the hint. The model's
// `pattern` never runs here: the plugin checks it and the Dock shows its problem, in words,
// never the expression.
import type { FieldOf } from '../model.ts'
import { useT } from '../i18n.ts'
import { charCount } from '../values.ts'
import { controlAria, FieldHelp, FieldLabel, FieldProblems, helpOf, type FieldProps } from './common.tsx'

export function TextField({ field, value, onChange, disabled, problems: given, id }: FieldProps<FieldOf<'text'>>) {
  const t = useT()
  const text = typeof value === 'string' ? value : ''
  const { minLength: min, maxLength: max } = field
  const count = charCount(text)
  const over = max !== undefined && count > max
  const hint = [min ? t('text.min', { min }) : '', max ? t('text.count', { count, max }) : ''].filter(Boolean).join(' · ')
  // The plugin's pattern problem names the raw expression: say it in words, with the field's
  // help (shown under the label) or its initial value as an example.
  const example = !field.help && field.initial ? t('problem.example', { example: field.initial }) : ''
  const problems = given.map((p) => (p.message.includes('match the pattern') ? { ...p, message: '', say: 'pattern', params: { example } } : p))
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
