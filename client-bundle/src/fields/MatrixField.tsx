// A matrix: rows that share one list of options, one answer per row, drawn as a radio grid. Each
// row is a radio group named by its row label, so the arrow keys move the row's answer and Tab
// moves on to the next row, as browsers do for radio groups; Tab and Shift+Tab enter a row on its
// answer, or on its first option while it has none (the WAI-ARIA radio group pattern). Wide, the option labels head the
// columns (each radio is still named by its option); in a narrow panel the rows stack, each
// row's options listed under its label. A line under the grid counts the rows answered.
import type { CSSProperties } from 'react'
import type { FieldOf } from '../model.ts'
import { useT } from '../i18n.ts'
import { matrixOf } from '../values.ts'
import { FieldSet, radioStop, type FieldProps } from './common.tsx'

export function MatrixField({ field, value, onChange, disabled, problems, id }: FieldProps<FieldOf<'matrix'>>) {
  const t = useT()
  const answers = matrixOf(field, value)
  const answered = field.rows.filter((r) => answers[r.id] !== null).length
  return (
    <FieldSet field={field} kind="matrix" disabled={disabled} problems={problems} id={id} hints={[`${id}-count`]}>
      <div className="tsf-matrix" style={{ '--tsf-cols': field.options.length } as CSSProperties}>
        <div className="tsf-matrix__head" aria-hidden>
          <span />
          {field.options.map((o) => <span key={o.id}>{o.label}</span>)}
        </div>
        {field.rows.map((r, i) => {
          // A row left unanswered is what a problem of the field is about (a required matrix).
          const invalid = (problems.length > 0 && answers[r.id] === null) || undefined
          return (
            <div key={r.id} className="tsf-matrix__row" role="radiogroup" aria-labelledby={`${id}-r${i}`} aria-required={field.required || undefined} aria-invalid={invalid}
              data-row={r.id} data-unanswered={answers[r.id] === null || undefined}>
              <span className="tsf-matrix__label" id={`${id}-r${i}`}>{r.label}</span>
              {field.options.map((o, j) => (
                <label key={o.id} className="tsf-matrix__cell">
                  <input type="radio" name={`${id}-r${i}`} value={o.id} checked={answers[r.id] === o.id} aria-invalid={invalid}
                    tabIndex={radioStop(answers[r.id] === o.id, j === 0, answers[r.id] !== null)}
                    onChange={() => onChange({ ...answers, [r.id]: o.id })} onClick={() => answers[r.id] === o.id && onChange({ ...answers })} />
                  <span className="tsf-matrix__option">{o.label}</span>
                </label>
              ))}
            </div>
          )
        })}
      </div>
      <p className="tsf-hint" id={`${id}-count`}>{t('matrix.count', { answered, count: field.rows.length })}</p>
    </FieldSet>
  )
}
