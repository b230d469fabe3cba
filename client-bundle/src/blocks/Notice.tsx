// A notice block: a short message with a tone; the tone is spoken as well as coloured.
import type { NoticeBlock } from '../contract/model.gen.ts'
import { useT } from '../i18n.ts'

export function Notice({ block }: { block: NoticeBlock }) {
  const t = useT()
  return (
    <div className={`tsf-notice tsf-notice--${block.tone}`} role="note">
      <span className="tsf-notice__tone" aria-hidden>{block.tone === 'warning' ? '!' : 'i'}</span>
      <p className="tsf-notice__text">
        <span className="tsf-sr">{t(`notice.${block.tone}`)}: </span>
        {block.text}
      </p>
    </div>
  )
}
