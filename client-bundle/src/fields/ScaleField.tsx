// A scale: a rating from min to max (1 to 5 unless the model says otherwise) as one radio group,
// arrow keys moving the rating as browsers do natively (Tab enters it on the rating, or on the
// lowest point while there is none), with the model's labels under both ends.
// The end points carry their label in their accessible name ("1 (Poor)").
import type { FieldOf } from '../model.ts'
import { scaleRange } from '../values.ts'
import { FieldSet, radioStop, type FieldProps } from './common.tsx'

export function ScaleField({ field, value, onChange, disabled, problems, id }: FieldProps<FieldOf<'scale'>>) {
  const [lo, hi] = scaleRange(field)
  const invalid = problems.length > 0
  const points = Array.from({ length: Math.max(0, hi - lo + 1) }, (_, i) => lo + i)
  const end = (n: number) => (n === lo ? field.minLabel : n === hi ? field.maxLabel : undefined)
  return (
    <FieldSet field={field} disabled={disabled} problems={problems} id={id}>
      <div className="tsf-scale">
        {points.map((n) => (
          <label key={n} className="tsf-scale__pt">
            <input
              type="radio"
              name={`${id}-${field.id}`}
              value={n}
              checked={value === n}
              tabIndex={radioStop(value === n, n === lo, typeof value === 'number')}
              aria-label={end(n) ? `${n} (${end(n)})` : undefined}
              aria-invalid={invalid || undefined}
              onChange={() => onChange(n)}
              onClick={() => value === n && onChange(n)}
            />
            <span>{n}</span>
          </label>
        ))}
      </div>
      {field.minLabel || field.maxLabel ? (
        <div className="tsf-scale__ends tsf-hint" aria-hidden><span>{field.minLabel}</span><span>{field.maxLabel}</span></div>
      ) : null}
    </FieldSet>
  )
}
