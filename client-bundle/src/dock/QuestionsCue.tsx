// The cue of a panel with questions below its fold, first or later ones (typed-inputs shows 4
// of its 8 fields at 1280 px, and what it shows ends neatly): "More questions below" brings a
// question into view and focuses it: the first required one without an answer (`target`), also
// when part of it is in view, else the first field whose end is below the fold. An
// IntersectionObserver on every field, inside the panel's scrolling body, shows and hides it;
// nothing polls, and unmounting disconnects it. It is the header's progress line ("7 of 8
// answered · 1 required left · More questions below"), made a button while questions are below:
// it covers nothing in the body and takes no room of its own.
import { useEffect, useState, type ReactNode, type RefObject } from 'react'
import { useT } from '../i18n.ts'
import { focusField } from './focus.ts'

/** The fields of the panel in `root` whose end is below its body's fold. */
const below = (root: HTMLElement | null, seen: Map<Element, boolean>): HTMLElement[] =>
  [...root?.querySelectorAll<HTMLElement>('.tsf-form > .tsf-field') ?? []].filter((f) => seen.get(f))

/** The field id of a field's box: its own, or its control's. */
const idOf = (box: HTMLElement): string | undefined => box.dataset.field ?? box.querySelector<HTMLElement>('[data-field]')?.dataset.field

/** The progress line (`progress`), which is also the cue while a field of the panel in `root`
 * (it has `fields`) is below its fold; `target` is the first required field without an answer. */
export function QuestionsCue({ root, fields, progress, target }: { root: RefObject<HTMLElement>; fields: number; progress: ReactNode; target?: string }) {
  const t = useT()
  const [seen] = useState(() => new Map<Element, boolean>())
  const [any, setAny] = useState(false)

  useEffect(() => {
    const body = root.current?.querySelector('.tsf-body')
    if (!body) return
    const watch = new IntersectionObserver((entries) => {
      for (const e of entries) seen.set(e.target, e.intersectionRatio < 1 && e.boundingClientRect.bottom > (e.rootBounds?.bottom ?? 0))
      setAny([...seen.values()].includes(true))
    }, { root: body, threshold: [0, 1], rootMargin: '0px 0px -24px' })
    for (const f of body.querySelectorAll('.tsf-form > .tsf-field')) watch.observe(f)
    return () => { watch.disconnect(); seen.clear() }
  }, [root, fields, seen])

  const show = () => {
    const boxes = [...root.current?.querySelectorAll<HTMLElement>('.tsf-form > .tsf-field') ?? []]
    const first = boxes.find((b) => target !== undefined && idOf(b) === target) ?? below(root.current, seen)[0]
    if (!first) return
    // Into view and focused (the note, which has no field id, by focusing its box).
    const id = idOf(first)
    if (id) focusField(root.current, id)
    else first.querySelector<HTMLElement>('textarea')?.focus()
  }
  return any ? (
    <button type="button" className="tsf-progress tsf-cue tsf-link-button" data-progress="" data-action="to-questions" onClick={show}>
      <span className="tsf-cue__text">{progress}<span className="tsf-cue__more"> · {t('dock.toQuestions')}</span></span><span aria-hidden className="tsf-chevron" />
    </button>
  ) : <span className="tsf-progress" data-progress="">{progress}</span>
}
