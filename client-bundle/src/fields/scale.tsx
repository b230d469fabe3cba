// The scale kind: a rating from min to max (the plugin states both) as one radio group, arrow
// keys moving the rating as browsers do natively (Tab enters it on the rating, or on the lowest
// point while there is none), with the model's labels under both ends. The end points carry
// their label in their accessible name ("1 (Poor)"). Its value is a point, or null.
import { FieldSet, radioStop } from './common.tsx'
import { isNum, isStr, keys, opt } from '../host/json.ts'
import { css, type FieldProps, type Kind, type Stated } from './kind.ts'
import type * as Schema from '../contract/model.gen.ts'

/** A scale field as the normalised model writes it: the plugin states `min` and `max`. */
export type ScaleField = Stated<Schema.ScaleField, 'min' | 'max'>

/** A scale's point with its end's label, if it has one: "1 (Poor)". */
const pointText = (f: ScaleField, n: number): string => {
  const label = n === f.min ? f.minLabel : n === f.max ? f.maxLabel : undefined
  return label ? `${n} (${label})` : String(n)
}

function ScaleControl({ field, value, onChange, disabled, problems, id }: FieldProps<ScaleField>) {
  const { min: lo, max: hi } = field
  const invalid = problems.length > 0
  const points = Array.from({ length: Math.max(0, hi - lo + 1) }, (_, i) => lo + i)
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
              aria-label={pointText(field, n) === String(n) ? undefined : pointText(field, n)}
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

export const scale: Kind<ScaleField> = {
  name: 'scale',
  read: (f) => keys(f, { min: isNum, max: isNum, minLabel: opt(isStr), maxLabel: opt(isStr), initial: opt(isNum) }),
  start: (f) => f.initial ?? null,
  fits: (f, v) => (v === null || (Number.isInteger(v) && (v as number) >= f.min && (v as number) <= f.max) ? (v as number | null) : undefined),
  // "4 on a scale of 1 (Poor) to 5 (Great)"
  answer: (f, v, t) => (typeof v === 'number'
    ? { text: t('row.scale', { value: v, range: t('row.scaleRange', { lo: pointText(f, f.min), hi: pointText(f, f.max) }) }) }
    : { none: true }),
  Control: ScaleControl,
  css: css`
.tsf-scale {
  display: flex;
  gap: 2px;
}
.tsf-scale__pt {
  flex: 1 1 0;
  min-width: 0;
  display: flex;
  flex-direction: column-reverse;
  align-items: center;
  padding: 4px 0;
  border-radius: 10px;
  cursor: pointer;
}
.tsf-scale__pt:has(input:checked) {
  background: var(--tsf-accent-soft);
}
.tsf-scale__pt input {
  accent-color: var(--tsf-accent);
}
.tsf-scale__ends {
  display: flex;
  justify-content: space-between;
  gap: 8px;
}
`,
}
