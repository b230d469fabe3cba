// A multi-choice field: a group of checkboxes; the value keeps the options' declared order.
import type { Field } from '../model.ts'
import { describedBy, FieldProblems, problemsId, type FieldProps } from './common.tsx'

export function MultiChoiceField({ field, value, onChange, disabled, problems, id }: FieldProps<Extract<Field, { kind: 'multi-choice' }>>) {
  const chosen = new Set(Array.isArray(value) ? value : [])
  const invalid = problems.length > 0
  const toggle = (optionId: string, on: boolean) => {
    const next = new Set(chosen)
    if (on) next.add(optionId)
    else next.delete(optionId)
    onChange(field.options.filter((o) => next.has(o.id)).map((o) => o.id))
  }
  return (
    <fieldset className="tsf-field tsf-field--multi" disabled={disabled} aria-describedby={describedBy(invalid && problemsId(id))} data-field={field.id}>
      <legend className="tsf-label">{field.label}</legend>
      <div className="tsf-options">
        {field.options.map((o) => (
          <label key={o.id} className="tsf-option">
            <input
              type="checkbox"
              value={o.id}
              checked={chosen.has(o.id)}
              aria-invalid={invalid || undefined}
              aria-describedby={o.detail ? `${id}-${o.id}-detail` : undefined}
              onChange={(e) => toggle(o.id, e.target.checked)}
            />
            <span className="tsf-option__text">
              <span className="tsf-option__label">{o.label}</span>
              {o.detail ? <span className="tsf-option__detail" id={`${id}-${o.id}-detail`}>{o.detail}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <FieldProblems id={id} problems={problems} />
    </fieldset>
  )
}
