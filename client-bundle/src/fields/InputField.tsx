// A number or a date: the browser's own input. A number is <input type="number"
// inputmode="decimal"> with the model's min, max and step (1 for an integer field) and its unit
// as a suffix; a date is <input type="date"> with min and max. An empty input is null. Under the
// box a line says the limits before anyone breaks them, in the user's locale: a number's range,
// step and unit ("From 100 to 5,000 req/s, in steps of 50"), a date's window. Judging a value
// against them is the plugin's: the Dock shows its problem under the field, as the user types
// (the check) or after Submit. What the box holds that is not a number or a date ("12e",
// "02/30/2026") is NaN, which the Dock says is not one (values.ts localProblems) instead of
// calling the field empty.
import type { Translate } from '../dsh.ts'
import { useT } from '../i18n.ts'
import type { FieldOf } from '../model.ts'
import { controlAria, FieldHelp, FieldLabel, FieldProblems, helpOf, localDate, type FieldProps } from './common.tsx'

/** The limits of a number or date field as one line in the user's locale, or '' when it has none:
 * its range ("From 100 to 5,000 req/s", "From 12/1/2026 to 12/31/2026") and a number's step. */
export function limitsText(field: FieldOf<'number' | 'date'>, t: Translate): string {
  const num = field.kind === 'number'
  const shown = (x: number | string | undefined) => x === undefined ? '' : typeof x === 'number' ? x.toLocaleString() : localDate(x)
  const [min, max] = [shown(field.min), shown(field.max) + (num && field.unit && field.max !== undefined ? ` ${field.unit}` : '')]
  const range = min && max ? t('limit.range', { min, max }) : min ? t('limit.min', { min }) : max ? t('limit.max', { max }) : ''
  const step = !num ? '' : field.step !== undefined ? t('limit.step', { step: field.step.toLocaleString() }) : field.integer ? t('limit.whole') : ''
  return [range, step].filter(Boolean).join(t('limit.and'))
}

export function InputField({ field, value, onChange, disabled, problems: given, id }: FieldProps<FieldOf<'number' | 'date'>>) {
  const t = useT()
  const num = field.kind === 'number'
  const limits = limitsText(field, t)
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
          {...controlAria(id, problems, helpOf(field, id), unit && `${id}-unit`, limits && `${id}-limits`)}
          // A date box fires no input event while what it holds is not a date: read it as keys go
          // up and when it is left, too.
          onChange={read}
          onKeyUp={read}
          onBlur={read}
        />
        {unit ? <span className="tsf-unit" id={`${id}-unit`}>{unit}</span> : null}
      </div>
      {limits ? <p className="tsf-hint" id={`${id}-limits`} data-limits="">{limits}</p> : null}
      <FieldProblems id={id} problems={problems} />
    </div>
  )
}
