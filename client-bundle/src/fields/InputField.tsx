// A number or a date: the browser's own input. A number is <input type="number"
// inputmode="decimal"> with the model's min, max and step (1 for an integer field) and its unit
// as a suffix; a date is <input type="date"> with min and max. An empty input is null. The
// bounds are the plugin's to check: the Dock shows its problem under the field.
import type { FieldOf } from '../model.ts'
import { controlAria, FieldHelp, FieldLabel, FieldProblems, helpOf, type FieldProps } from './common.tsx'

export function InputField({ field, value, onChange, disabled, problems, id }: FieldProps<FieldOf<'number' | 'date'>>) {
  const num = field.kind === 'number'
  const unit = num ? field.unit : undefined
  return (
    <div className="tsf-field">
      <FieldLabel field={field} htmlFor={`${id}-input`} />
      <FieldHelp field={field} id={id} />
      <div className="tsf-inline">
        <input
          id={`${id}-input`}
          name={field.id}
          data-field={field.id}
          className="tsf-input tsf-input--short"
          type={field.kind}
          inputMode={num ? 'decimal' : undefined}
          min={field.min}
          max={field.max}
          step={num ? field.step ?? (field.integer ? 1 : 'any') : undefined}
          // A number stays a number here, so React leaves "1." or "1.0" as typed.
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          disabled={disabled}
          aria-required={field.required || undefined}
          {...controlAria(id, problems, helpOf(field, id), unit && `${id}-unit`)}
          onChange={(e) => {
            const v = e.target
            onChange(v.value === '' ? null : num ? (isNaN(v.valueAsNumber) ? null : v.valueAsNumber) : v.value)
          }}
        />
        {unit ? <span className="tsf-unit" id={`${id}-unit`}>{unit}</span> : null}
      </div>
      <FieldProblems id={id} problems={problems} />
    </div>
  )
}
