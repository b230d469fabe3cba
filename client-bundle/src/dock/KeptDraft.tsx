// A kept draft read back after a reload: answers of this browser's that were never sent, kept
// because another answer took the surface, it was dismissed or closed elsewhere, or the
// conversation moved on before they were sent (the sentence kept with them). The surface
// is closed, so its model can no longer be read; the draft carries the panel's title and the
// answers as text (storage/drafts.ts `kept`). It says how the surface closed, copies the
// answers and closes; it sends nothing.
import { useState } from 'react'
import type { Translate } from '../dsh.ts'
import { useT } from '../i18n.ts'
import type { Kept } from '../storage/drafts.ts'
import { copyText } from './clipboard.ts'
import { explained, MESSAGES } from './editorState.ts'

export interface KeptDraftProps {
  kept: Kept
  /** The projection's outcome of the draft's surface. */
  outcome: string | undefined
  onClose: () => void
}

export function KeptDraft({ kept, outcome, onClose }: KeptDraftProps) {
  const t = useT()
  const message = kept.why ? { key: kept.why } : explained({ key: MESSAGES.closedElsewhere, tone: 'info' }, outcome)!
  return (
    <section className="tsf-dock tsf-dock--bar tsf-kept" data-state="kept" aria-label={`${t('dock.badge')}: ${kept.title}`}>
      <span className="tsf-kept__text" role="status">
        <strong className="tsf-kept__title">{kept.title}</strong> {t(message.key)}
      </span>
      <CopyDraft text={() => kept.text} t={t} />
      <button type="button" className="tsf-button" onClick={onClose} data-action="close">{t('action.closeDraft')}</button>
    </section>
  )
}

/** The button that copies a draft's answers as text (`text`), and says whether that worked. */
export function CopyDraft({ text, t }: { text: () => string; t: Translate }) {
  const [copied, setCopied] = useState<boolean | null>(null)
  return (
    <button type="button" className="tsf-link-button" onClick={() => void copyText(text()).then(setCopied)} data-action="copy" aria-live="polite">
      {t(copied === true ? 'action.copied' : copied === false ? 'action.copyFailed' : 'action.copyDraft')}
    </button>
  )
}
