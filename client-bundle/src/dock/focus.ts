// Where focus goes when the Dock closes: the composer's text box, found as the nearest
// editable text control around the Dock that is not inside it.

const COMPOSER = 'textarea:not([disabled]):not([readonly]), [contenteditable="true"]'

/** Focuses the composer near `anchor`; returns whether it found one. */
export function focusComposer(anchor: Element | null): boolean {
  for (let el = anchor?.parentElement ?? null; el !== null && el !== document.documentElement; el = el.parentElement) {
    for (const candidate of el.querySelectorAll<HTMLElement>(COMPOSER)) {
      if (anchor?.contains(candidate)) continue
      candidate.focus()
      return document.activeElement === candidate
    }
  }
  return false
}

/** Whether the document's focus is inside `root`, or nowhere (on the body). */
export function focusIsWithinOrLost(root: Element | null): boolean {
  const active = document.activeElement
  return active === null || active === document.body || !!root?.contains(active)
}

/** The element that names a field (`data-field`) inside `root`. */
const fieldElement = (root: Element | null, fieldId: string): HTMLElement | undefined =>
  [...root?.querySelectorAll<HTMLElement>('[data-field]') ?? []].find((el) => el.dataset.field === fieldId)

/** Scrolls a field into view inside the panel, without moving focus. */
export function revealField(root: Element | null, fieldId: string): void {
  // (Called a frame after the change that moved it, once the page has laid it out.)
  fieldElement(root, fieldId)?.closest('.tsf-field')?.scrollIntoView({ block: 'nearest' })
}

/** Focuses the control of a field: its input, the first radio or checkbox (in a field of parts,
 * of the first part left unanswered: `data-unanswered`), or its list. */
export function focusField(root: Element | null, fieldId: string): void {
  const el = fieldElement(root, fieldId)
  const target = el?.matches('input, textarea') ? el
    : el?.querySelector<HTMLElement>('[data-unanswered] input:not([disabled])') ?? el?.querySelector<HTMLElement>('input:not([disabled]), textarea, li[tabindex="0"]')
  // Into view first: focus alone may leave a field under the panel's fold.
  target?.scrollIntoView({ block: 'center' })
  target?.focus()
}
