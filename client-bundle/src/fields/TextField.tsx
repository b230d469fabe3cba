// A text field: one line, or a text area when multiline; required ones say so in the label.
import type { Field } from '../model.ts'
import { useT } from '../i18n.ts'
import { describedBy, FieldProblems, problemsId, type FieldProps } from './common.tsx'

export function TextField({ field, value, onChange, disabled, problems, id }: FieldProps<Extract<Field, { kind: 'text' }>>) {
  const t = useT()
  const invalid = problems.length > 0
  const common = {
    id: `${id}-input`,
    name: field.id,
    value: typeof value === 'string' ? value : '',
    disabled,
    'aria-required': field.required || undefined,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy(invalid && problemsId(id)),
    'data-field': field.id,
    className: 'tsf-input',
  }
  return (
    <div className="tsf-field tsf-field--text">
      <label className="tsf-label" htmlFor={`${id}-input`}>
        {field.label}
        {field.required ? <span className="tsf-required"> ({t('field.required')})</span> : null}
      </label>
      {field.multiline
        ? <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
        : <input {...common} type="text" autoComplete="off" onChange={(e) => onChange(e.target.value)} />}
      <FieldProblems id={id} problems={problems} />
    </div>
  )
}
