// A number or a date: the browser's own input. A number is <input type="number"
// inputmode="decimal"> with the model's min, max and step (1 for an integer field) and its unit
// as a suffix; a date is <input type="date"> with min and max. An empty input is null. The
// bounds are the plugin's to check: the Dock shows its problem under the field. What the box
// holds that is not a number or a date ("12e", "02/30/2026") is NaN, which the Dock says is not
// one (values.ts localProblems) instead of calling the field empty.
import type { FieldOf } from '../model.ts'
import { controlAria, FieldHelp, FieldLabel, FieldProblems, helpOf, localDate, type FieldProps } from './common.tsx'

export function InputField({ field, value, onChange, disabled, problems: given, id }: FieldProps<FieldOf<'number' | 'date'>>) {
  const num = field.kind === 'number'
  // The plugin speaks ISO dates; the box shows the user's locale: its problems say them so too.
  const problems = num ? given : given.map((p) => ({ ...p, message: p.message.replace(/\d{4}-\d\d-\d\d/g, localDate) }))
  const unit = num ? field.unit : undefined
  const read = ({ currentTarget: v }: { currentTarget: HTMLInputElement }) => {
    const next = v.validity.badInput ? NaN : v.value === '' ? null : num ? v.valueAsNumber : v.value
    if (!Object.is(next, value)) onChange(next)
  }
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
          // A number stays a number here, so React leaves "1." or "1.0" as typed; what is not a
          // number or a date (NaN) stays in the box as typed.
          value={typeof value === 'string' || (typeof value === 'number' && !Number.isNaN(value)) ? value : ''}
          disabled={disabled}
          aria-required={field.required || undefined}
          {...controlAria(id, problems, helpOf(field, id), unit && `${id}-unit`)}
          // A date box fires no input event while what it holds is not a date: read it as keys go
          // up and when it is left, too.
          onChange={read}
          onKeyUp={read}
          onBlur={read}
        />
        {unit ? <span className="tsf-unit" id={`${id}-unit`}>{unit}</span> : null}
      </div>
      <FieldProblems id={id} problems={problems} />
    </div>
  )
}
