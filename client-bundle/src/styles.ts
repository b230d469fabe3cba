// Installs the stylesheet into the page. Each folder keeps its styles beside its components, and
// each field kind in its module; they are joined here in cascade order (the shared base first,
// then blocks, fields, the kinds, the Dock and the row). build.mjs loads each .css file, and
// each kind's `css` text, minified, and then shortens the private custom properties over the
// whole bundle.
import BASE from './base.css'
import BLOCKS from './blocks/blocks.css'
import FIELDS from './fields/fields.css'
import DOCK from './dock/dock.css'
import ROW from './row/row.css'
import { KINDS_CSS } from './fields/kinds.ts'

/** The whole stylesheet, as one string. */
export const CSS = BASE + BLOCKS + FIELDS + KINDS_CSS + DOCK + ROW

/** Adds the stylesheet to the page once; the returned function removes it again. */
export function installStyles(owner: string): () => void {
  const tagId = `${owner}/task-surface.css`
  if (document.querySelector(`style[data-plugin-css="${CSS_ESCAPE(tagId)}"]`)) return () => {}
  const tag = document.createElement('style')
  tag.dataset.plugin = owner
  tag.dataset.pluginCss = tagId
  tag.textContent = CSS
  document.head.appendChild(tag)
  return () => tag.remove()
}

const CSS_ESCAPE = (s: string): string => s.replace(/["\\]/g, '\\$&')
