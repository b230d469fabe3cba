// A markdown block: the plugin's sanitised HTML, sanitised once more against the browser's own
// allow-list. Without HTML for the block (an older host), the source shows as plain text.
import { useMemo } from 'react'
import { sanitizeCached } from '../safety/sanitize.ts'

export function Markdown({ html, text }: { html: string | undefined; text: string }) {
  const clean = useMemo(() => (html === undefined ? null : sanitizeCached(html)), [html])
  if (clean === null) return <div className="tsf-md tsf-md--plain">{text}</div>
  return <div className="tsf-md" dangerouslySetInnerHTML={{ __html: clean }} />
}
