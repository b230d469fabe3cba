// A choice field: a radio group (arrow keys move the choice, as browsers do natively).
import type { Field } from '../model.ts'
import { useT } from '../i18n.ts'
import { describedBy, FieldProblems, problemsId, type FieldProps } from './common.tsx'

export function ChoiceField({ field, value, onChange, disabled, problems, id }: FieldProps<Extract<Field, { kind: 'choice' }>>) {
  const t = useT()
  const invalid = problems.length > 0
  return (
    <fieldset className="tsf-field tsf-field--choice" disabled={disabled} aria-describedby={describedBy(invalid && problemsId(id))} data-field={field.id}>
      <legend className="tsf-label">{field.label}</legend>
      <div className="tsf-options">
        {field.options.map((o) => (
          <label key={o.id} className="tsf-option">
            <input
              type="radio"
              name={`${id}-${field.id}`}
              value={o.id}
              checked={value === o.id}
              aria-invalid={invalid || undefined}
              aria-describedby={o.detail ? `${id}-${o.id}-detail` : undefined}
              onChange={() => onChange(o.id)}
            />
            <span className="tsf-option__text">
              <span className="tsf-option__label">{o.label}</span>
              {o.detail ? <span className="tsf-option__detail" id={`${id}-${o.id}-detail`}>{o.detail}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {value === null ? <p className="tsf-hint">{t('field.noChoice')}</p> : null}
      <FieldProblems id={id} problems={problems} />
    </fieldset>
  )
}
