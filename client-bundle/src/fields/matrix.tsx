// The matrix kind: rows that share one list of options, one answer per row, drawn as a radio
// grid. Each row is a radio group named by its row label, so the arrow keys move the row's
// answer and Tab moves on to the next row, as browsers do for radio groups; Tab and Shift+Tab
// enter a row on its answer, or on its first option while it has none (the WAI-ARIA radio group
// pattern). Wide, the option labels head the columns (each radio is still named by its option);
// in a narrow panel the rows stack, each row's options listed under its label. A line under the
// grid counts the rows answered. Its value has every row id, each with an option id or null.
import type { CSSProperties } from 'react'
import { useT } from '../i18n.ts'
import { isObj, isStr, keys, opt } from '../host/json.ts'
import { FieldSet, radioStop } from './common.tsx'
import { css, isItems, labelOf, type FieldProps, type Kind, type Option } from './kind.ts'
import type { MatrixField } from '../contract/model.gen.ts'

/** The answers `v` gives: every row of `f`, with its option id when that is one of the options,
 * else null. */
function answersOf(f: MatrixField, v: unknown): Record<string, string | null> {
  const given = isObj(v) ? v : {}
  const out: Record<string, string | null> = {}
  for (const r of f.rows) {
    const x = given[r.id]
    out[r.id] = f.options.some((o) => o.id === x) ? (x as string) : null
  }
  return out
}

function MatrixControl({ field, value, onChange, disabled, problems, id }: FieldProps<MatrixField>) {
  const t = useT()
  const answers = answersOf(field, value)
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
                  <span className="tsf-sr">{o.label}</span>
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

export const matrix: Kind<MatrixField> = {
  name: 'matrix',
  read: (f) => keys(f, { rows: isItems, options: isItems, initial: opt((v) => isObj(v) && Object.values(v).every(isStr)) }),
  start: (f) => answersOf(f, f.initial),
  // Row by row: a row whose answer the model no longer allows falls back to its initial one.
  fits: (f, v) => {
    if (!isObj(v)) return undefined
    const start = answersOf(f, f.initial)
    const kept = answersOf(f, v)
    for (const r of f.rows) if (kept[r.id] === null && v[r.id] !== null) kept[r.id] = start[r.id] ?? null
    return kept
  },
  // One line per row: "Row: Option", or the row with no answer said so.
  answer: (f, v, t) => (isObj(v)
    ? { list: f.rows.map((r) => `${r.label}: ${typeof v[r.id] === 'string' ? labelOf(f.options, v[r.id], t) : t('row.noAnswer')}`), ordered: false }
    : { none: true }),
  Control: MatrixControl,
  css: css`
/* A grid whose first column holds the row labels and whose other columns, one per option, are
   headed by the option labels (wrapping between words, never inside one); the option label of
   each radio is for screen readers only. One row is one line of radios at any width, so a phone
   shows several rows at once. A row label wraps between words, and inside a word only when that
   word alone is wider than its column (a long test name at 360 px), so the matrix fits its panel;
   a matrix whose option columns alone are wider than its panel scrolls sideways, only sideways
   (its rows grow in the panel's body, no scroll box in a scroll box), with the shadow of base.css
   at the edge with more. The head and the rows share the columns (subgrid); the control sets
   their count. */
.tsf-matrix {
  display: grid;
  grid-template-columns: minmax(6em,2fr) repeat(var(--tsf-cols),minmax(min-content,1fr));
  overflow: auto hidden;
}
.tsf-matrix__head,.tsf-matrix__row {
  grid-column: 1/-1;
  display: grid;
  grid-template-columns: subgrid;
  align-items: center;
  gap: 4px;
}
.tsf-matrix__head {
  padding: 0 0 4px;
  color: var(--tsf-fg2);
  font: var(--tsf-font-tiny-strong);
  text-align: center;
  align-items: end;
}
.tsf-matrix__row {
  padding: 4px 0;
  border-top: 1px solid var(--tsf-border-soft);
}
.tsf-matrix__row[aria-invalid="true"] .tsf-matrix__label {
  color: var(--tsf-error);
}
.tsf-matrix__label {
  min-width: 0;
  overflow-wrap: break-word;
}
.tsf-matrix__cell {
  display: flex;
  justify-content: center;
  align-items: center;
  gap: 10px;
  min-height: 32px;
  border-radius: 10px;
  cursor: pointer;
  position: relative;
}
.tsf-matrix__cell:hover {
  background: var(--tsf-hover);
}
.tsf-matrix__cell:has(input:checked) {
  background: var(--tsf-accent-soft);
}
.tsf-matrix__cell input {
  flex: none;
  margin: 0;
  width: 16px;
  height: 16px;
  accent-color: var(--tsf-accent);
}
/* A narrow panel (a phone): the rows closer together. */
@container tsf (max-width:420px) {
  .tsf-matrix__row {
    padding: 0;
  }
  .tsf-matrix__label {
    font: var(--tsf-font-small);
  }
  .tsf-matrix__head {
    white-space: nowrap;
  }
  .tsf-matrix__cell {
    min-height: 28px;
  }
}
`,
}
