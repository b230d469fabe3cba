// The cue at the foot of a long panel whose first question is below its fold (at 1280×900 the
// compare-options example shows its numbers and table and no question): it says that the panel
// scrolls and brings the first question into view. An IntersectionObserver on the first field,
// inside the panel's scrolling body, shows and hides it; nothing polls, and unmounting
// disconnects it. The button hangs from an anchor of no height stuck to the body's foot
// (.tsf-cue-at), so it takes no space in the body's flow: its coming and going moves nothing
// under the user's pointer.
import { useEffect, useState, type RefObject } from 'react'
import { useT } from '../i18n.ts'
import { focusField } from './focus.ts'

/** The panel's scrolling body and its first field, inside `root`. */
const partsOf = (root: HTMLElement | null) => ({
  body: root?.querySelector<HTMLElement>('.tsf-body') ?? null,
  first: root?.querySelector<HTMLElement>('.tsf-form > .tsf-field') ?? null,
})

/** Shows "Questions below" while the first field of the panel in `root` is below its fold. */
export function QuestionsCue({ root, firstFieldId }: { root: RefObject<HTMLElement>; firstFieldId: string }) {
  const t = useT()
  const [below, setBelow] = useState(false)

  useEffect(() => {
    const { body, first } = partsOf(root.current)
    if (!body || !first || typeof IntersectionObserver === 'undefined') return
    const seen = new IntersectionObserver(([e]) => {
      if (e) setBelow(!e.isIntersecting && e.boundingClientRect.top >= (e.rootBounds?.bottom ?? 0))
    }, { root: body, threshold: 0, rootMargin: '0px 0px -24px 0px' })
    seen.observe(first)
    return () => seen.disconnect()
  }, [root, firstFieldId])

  const show = () => {
    partsOf(root.current).first?.scrollIntoView({ block: 'start' })
    focusField(root.current, firstFieldId)
  }
  return (
    <div className="tsf-cue-at">
      {below ? (
        <button type="button" className="tsf-cue" data-action="to-questions" onClick={show}>
          <span aria-hidden className="tsf-chevron" />{t('dock.toQuestions')}
        </button>
      ) : null}
    </div>
  )
}
