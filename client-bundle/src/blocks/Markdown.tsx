// A markdown block: the plugin's sanitised HTML, sanitised once more against the browser's own
// allow-list. Without HTML for the block (an older host), the source shows as plain text. A table
// scrolls sideways when it is wider than the block, so it is a tab stop (tabindex 0): a keyboard
// user reaches it and scrolls it with the arrow keys.
import { useMemo } from 'react'
import { sanitizeCached } from '../safety/sanitize.ts'

export function Markdown({ html, text }: { html: string | undefined; text: string }) {
  const clean = useMemo(() => (html === undefined ? null : sanitizeCached(html).replace(/<table/g, '$& tabindex=0')), [html])
  if (clean === null) return <div className="tsf-md tsf-md--plain">{text}</div>
  return <div className="tsf-md" dangerouslySetInnerHTML={{ __html: clean }} />
}
