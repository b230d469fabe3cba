// Installs the stylesheet (styles.css, minified into the bundle by build.mjs) into the page.
import CSS from './styles.css'

export { CSS }
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
