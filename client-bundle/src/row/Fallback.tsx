// The ordinary tool result content, shown plainly when the row cannot read the result exactly.
import type { ToolResultNode } from '../dsh.ts'
import { useT } from '../i18n.ts'
import { FormIcon } from './FormIcon.tsx'

/** The text of a result's content, whether it holds text blocks or a wrapped tool-result. */
export function resultText(node: ToolResultNode): string {
  const parts: string[] = []
  for (const c of node.content ?? []) {
    if (c.type === 'text' && typeof c.text === 'string') parts.push(c.text)
    else if (c.type === 'tool-result') for (const inner of c.content ?? []) if (inner.type === 'text' && typeof inner.text === 'string') parts.push(inner.text)
  }
  return parts.join('\n')
}

export function Fallback({ text, isError }: { text: string; isError: boolean }) {
  const t = useT()
  return (
    <div className="tsf-fallback" data-task-surface-fallback="" data-error={isError || undefined}>
      <div className="tsf-row__summary">
        <FormIcon />
        <span className="tsf-row__label">{t('row.fallback')}</span>
      </div>
      <pre className="tsf-fallback__text">{text}</pre>
    </div>
  )
}
