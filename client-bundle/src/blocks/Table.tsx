// A table block. A long table shows its first rows and says how many there are, with a button
// for the rest; the table scrolls inside its own box, so 200 rows or 16 columns never push the
// panel wider or taller than its frame.
import { useId, useState } from 'react'
import type { Cell } from '../model.ts'
import type { TableBlock } from '../contract/model.gen.ts'
import { useT } from '../i18n.ts'
import type { Translate } from '../dsh.ts'

/** Tables longer than this start folded to FOLDED_ROWS rows. */
export const FOLD_OVER = 25
export const FOLDED_ROWS = 20

export function cellText(v: Cell | undefined, t: Translate): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'boolean') return v ? t('cell.yes') : t('cell.no')
  return String(v)
}

export function Table({ block }: { block: TableBlock }) {
  const t = useT()
  const id = useId()
  const long = block.rows.length > FOLD_OVER
  const [all, setAll] = useState(false)
  const rows = long && !all ? block.rows.slice(0, FOLDED_ROWS) : block.rows
  const count = block.rows.length
  return (
    <div className="tsf-table">
      <div className="tsf-table__scroll" tabIndex={0} role="region" aria-labelledby={`${id}-caption`}>
        <table>
          <caption id={`${id}-caption`} className="tsf-table__caption">
            {t('table.rows', { count, columns: block.columns.length })}
          </caption>
          <thead>
            <tr>{block.columns.map((c) => <th key={c.id} scope="col">{c.label}</th>)}</tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                {block.columns.map((c) => {
                  const v = row[c.id]
                  const text = cellText(v, t)
                  return (
                    <td key={c.id} className={typeof v === 'number' ? 'tsf-num' : undefined}>
                      {text === '' ? <span className="tsf-muted" aria-label={t('cell.empty')}>—</span> : text}
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {long ? (
        <div className="tsf-table__more">
          {!all ? <span className="tsf-muted">{t('table.showing', { shown: FOLDED_ROWS, count })}</span> : null}
          <button type="button" className="tsf-link-button" aria-expanded={all} onClick={() => setAll(!all)}>
            {all ? t('table.showFewer') : t('table.showAll', { count })}
          </button>
        </div>
      ) : null}
    </div>
  )
}
