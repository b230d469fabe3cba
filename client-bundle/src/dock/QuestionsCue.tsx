// The cue of a panel with questions below its fold, first or later ones (typed-inputs shows 4
// of its 8 fields at 1280 px, and what it shows ends neatly): "More questions below" brings the first field below the fold into view and focuses it. An
// IntersectionObserver on every field, inside the panel's scrolling body, shows and hides it;
// nothing polls, and unmounting disconnects it. It is the header's progress line ("7 of 8
// answered · 1 required left · More questions below"), made a button while questions are below:
// it covers nothing in the body and takes no room of its own.
import { useEffect, useState, type RefObject } from 'react'
import { useT } from '../i18n.ts'
import { focusField } from './focus.ts'

/** The fields of the panel in `root` that are below its body's fold. */
const below = (root: HTMLElement | null, seen: Map<Element, boolean>): HTMLElement[] =>
  [...root?.querySelectorAll<HTMLElement>('.tsf-form > .tsf-field') ?? []].filter((f) => seen.get(f))

/** The progress line (`progress`), which is also the cue while a field of the panel in `root`
 * (it has `fields`) is below its fold. */
export function QuestionsCue({ root, fields, progress }: { root: RefObject<HTMLElement>; fields: number; progress: string }) {
  const t = useT()
  const [seen] = useState(() => new Map<Element, boolean>())
  const [any, setAny] = useState(false)

  useEffect(() => {
    const body = root.current?.querySelector('.tsf-body')
    if (!body || typeof IntersectionObserver === 'undefined') return
    const watch = new IntersectionObserver((entries) => {
      for (const e of entries) seen.set(e.target, !e.isIntersecting && e.boundingClientRect.top >= (e.rootBounds?.bottom ?? 0))
      setAny([...seen.values()].includes(true))
    }, { root: body, threshold: 0, rootMargin: '0px 0px -24px 0px' })
    for (const f of body.querySelectorAll('.tsf-form > .tsf-field')) watch.observe(f)
    return () => { watch.disconnect(); seen.clear() }
  }, [root, fields, seen])

  const show = () => {
    const first = below(root.current, seen)[0]
    const id = first?.querySelector<HTMLElement>('[data-field]')?.dataset.field ?? first?.dataset.field
    if (!first) return
    first.scrollIntoView({ block: 'start' })
    if (id) focusField(root.current, id)
    else first.querySelector<HTMLElement>('textarea')?.focus()
  }
  return any ? (
    <button type="button" className="tsf-progress tsf-cue tsf-link-button" data-progress="" data-action="to-questions" onClick={show}>
      {progress}<span className="tsf-cue__more"> · {t('dock.toQuestions')}</span><span aria-hidden className="tsf-chevron" />
    </button>
  ) : <span className="tsf-progress" data-progress="">{progress}</span>
}
