// Defence in depth for the plugin's Markdown HTML: rebuild it element by element from an
// allow-list in an inert document, so that even a bug in the plugin's policy cannot put a
// script, a style, a fetching element or a dangerous URL into the page. The plugin's output
// passes through unchanged; anything else is dropped (with its content when the content is
// not text a reader needs) or unwrapped to its text.

/** Allowed elements and the attributes each may keep. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  p: [], br: [], hr: [], blockquote: [], pre: [], code: ['class'],
  h1: [], h2: [], h3: [], h4: [], h5: [], h6: [],
  strong: [], em: [], del: [],
  ul: [], ol: ['start'], li: [],
  a: ['href', 'title'],
  table: [], thead: [], tbody: [], tr: [], th: ['align'], td: ['align'],
  input: ['type', 'checked', 'disabled'],
}

/** Elements dropped together with everything inside them. SVG and MathML are dropped as any
 * element outside the HTML namespace is; empty (void) elements outside the allow-list, such as
 * img, source, track, embed, link, meta or base, leave nothing behind when they are unwrapped. */
const DROP_WITH_CONTENT = new Set([
  'script', 'style', 'template', 'iframe', 'frameset', 'object', 'applet', 'noscript', 'noembed',
  'picture', 'video', 'audio', 'canvas', 'title', 'head', 'form', 'textarea', 'select', 'option', 'button',
  'portal', 'xmp', 'plaintext',
])

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])
const LANGUAGE_CLASS = /^language-[A-Za-z0-9][A-Za-z0-9_+#.-]{0,31}$/
const ALIGN = new Set(['left', 'right', 'center'])

/**
 * The href itself when it is an absolute http(s) or mailto URL, else null (relative URLs are
 * refused too). It must both start with the scheme and parse to it, so no whitespace or
 * control character trick can make the browser read another scheme.
 */
export function safeHref(href: string): string | null {
  const trimmed = href.trim()
  if (!/^(https?:\/\/|mailto:)/i.test(trimmed)) return null
  try {
    return LINK_PROTOCOLS.has(new URL(trimmed).protocol) ? trimmed : null
  } catch {
    return null
  }
}

function cleanAttributes(from: Element, to: Element, tag: string): boolean {
  for (const name of ALLOWED[tag] ?? []) {
    const value = from.getAttribute(name)
    if (value === null) continue
    switch (name) {
      case 'href': {
        const href = safeHref(value)
        if (href === null) return false // unwrap the link to its text
        to.setAttribute('href', href)
        break
      }
      case 'class':
        if (LANGUAGE_CLASS.test(value)) to.setAttribute('class', value)
        break
      case 'start':
        if (/^\d{1,9}$/.test(value)) to.setAttribute('start', value)
        break
      case 'align':
        if (ALIGN.has(value)) to.setAttribute('align', value)
        break
      case 'type':
        if (value !== 'checkbox') return false
        to.setAttribute('type', 'checkbox')
        break
      default:
        to.setAttribute(name, value.slice(0, 500))
    }
  }
  if (tag === 'a') {
    if (!to.hasAttribute('href')) return false
    to.setAttribute('rel', 'noopener noreferrer nofollow')
    to.setAttribute('target', '_blank')
  }
  if (tag === 'input') {
    if (to.getAttribute('type') !== 'checkbox') return false
    to.setAttribute('disabled', '')
  }
  return true
}

function copyChildren(from: Node, to: Node, doc: Document, depth: number): void {
  if (depth > 64) return
  for (let n = from.firstChild; n !== null; n = n.nextSibling) {
    if (n.nodeType === 3) {
      to.appendChild(doc.createTextNode(n.nodeValue ?? ''))
      continue
    }
    if (n.nodeType !== 1) continue // comments, processing instructions
    const el = n as Element
    const tag = el.localName
    if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml' || DROP_WITH_CONTENT.has(tag)) continue
    if (!(tag in ALLOWED)) {
      copyChildren(el, to, doc, depth + 1) // unwrap an unknown element to its content
      continue
    }
    const out = doc.createElement(tag)
    if (!cleanAttributes(el, out, tag)) {
      if (tag !== 'input') copyChildren(el, to, doc, depth + 1)
      continue
    }
    copyChildren(el, out, doc, depth + 1)
    to.appendChild(out)
  }
}

/** The document the clean copies are built in: made once, like the page's own, with no browsing context. */
let target: Document | undefined

/**
 * Returns `html` with every element and attribute outside the allow-list removed. Parsing
 * happens in a DOMParser document, which has no browsing context: nothing in it runs or loads.
 */
export function sanitizeHtml(html: string): string {
  const source = new DOMParser().parseFromString(html, 'text/html')
  target ??= document.implementation.createHTMLDocument('')
  const root = target.createElement('div')
  copyChildren(source.body, root, target, 0)
  return root.innerHTML
}

const cache = new Map<string, string>()

/** sanitizeHtml with a small cache: the same block renders many times while a user edits. */
export function sanitizeCached(html: string): string {
  let out = cache.get(html)
  if (out === undefined) {
    out = sanitizeHtml(html)
    if (cache.size > 256) cache.clear()
    cache.set(html, out)
  }
  return out
}
