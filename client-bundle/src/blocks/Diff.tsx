// A diff block: a line diff with +/- markers and old/new line numbers; `before: null` is a new
// file. The markers are visual; each changed line also carries a spoken "Added"/"Removed".
import { useId, useMemo } from 'react'
import type { DiffBlock } from '../contract/model.gen.ts'
import { diffStats, lineDiff } from './lineDiff.ts'
import { useT } from '../i18n.ts'

export function Diff({ block }: { block: DiffBlock }) {
  const t = useT()
  const id = useId()
  const lines = useMemo(() => lineDiff(block.before, block.after), [block.before, block.after])
  const stats = diffStats(lines)
  return (
    <figure className="tsf-diff" aria-labelledby={`${id}-head`}>
      <figcaption className="tsf-diff__head" id={`${id}-head`}>
        <span className="tsf-diff__path">{block.path ?? ''}</span>
        {block.before === null ? <span className="tsf-chip tsf-chip--info">{t('diff.newFile')}</span> : null}
        <span className="tsf-diff__stats">
          <span className="tsf-diff__add" aria-hidden>+{stats.added}</span>{' '}
          <span className="tsf-diff__del" aria-hidden>−{stats.removed}</span>
          <span className="tsf-sr">{t('diff.stats', stats)}</span>
        </span>
      </figcaption>
      <div className="tsf-diff__body" tabIndex={0} role="region" aria-labelledby={`${id}-head`}>
        <table className="tsf-diff__table">
          <tbody>
            {lines.map((l, i) => (
              <tr key={i} className={l.op === '+' ? 'tsf-diff__line--add' : l.op === '-' ? 'tsf-diff__line--del' : undefined}>
                <td className="tsf-diff__no" aria-hidden>{l.oldNo ?? ''}</td>
                <td className="tsf-diff__no" aria-hidden>{l.newNo ?? ''}</td>
                <td className="tsf-diff__marker" aria-hidden>{l.op === ' ' ? '' : l.op}</td>
                <td className="tsf-diff__text">
                  {l.op !== ' ' ? <span className="tsf-sr">{t(l.op === '+' ? 'diff.added' : 'diff.removed')}: </span> : null}
                  {l.text === '' ? '\u00a0' : l.text}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}
