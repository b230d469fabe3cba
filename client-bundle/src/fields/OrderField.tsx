// An order field: a list the user puts in order. One tab stop for the whole list (a roving
// tabindex); ↑/↓ move focus between items, Alt+↑/Alt+↓ (and Alt+Home/End) move the focused
// item, the ↑/↓ buttons do the same for a pointer, and the grip drags. Every move is announced
// through a polite live region. A required order is no answer (null) until the user moves an
// item or presses "Keep this order", which takes the order shown as it is.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import type { FieldOf } from '../model.ts'
import { useT } from '../i18n.ts'
import { orderOf } from '../values.ts'
import { controlAria, FieldHelp, FieldLabel, FieldProblems, helpOf, type FieldProps } from './common.tsx'

/** Moves one element of `list` from index `from` to index `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  const [x] = next.splice(from, 1)
  next.splice(to, 0, x as T)
  return next
}

export function OrderField({ field, value, onChange, disabled, problems, id }: FieldProps<FieldOf<'order'>>) {
  const t = useT()
  const labelId = useId()
  const helpId = useId()
  const order = orderOf(field, value)
  const untouched = value === null
  const labels = new Map(field.options.map((o) => [o.id, o]))
  const [active, setActive] = useState(0)
  const [announcement, setAnnouncement] = useState('')
  const items = useRef<(HTMLLIElement | null)[]>([])
  const focusNext = useRef<number | null>(null)
  const drag = useRef<{ index: number; pointerId: number } | null>(null)
  const count = order.length

  useEffect(() => {
    if (focusNext.current !== null) {
      items.current[focusNext.current]?.focus()
      focusNext.current = null
    }
  })

  const labelOf = (optionId: string) => labels.get(optionId)?.label ?? optionId

  const move = (from: number, to: number, keepFocus: boolean) => {
    if (disabled || to < 0 || to >= count || from === to) return
    const optionId = order[from]!
    onChange(moved(order, from, to))
    setActive(to)
    if (keepFocus) focusNext.current = to
    // A trailing no-break space alternates so that the same sentence twice is still announced.
    setAnnouncement((prev) => t('order.moved', { label: labelOf(optionId), position: to + 1, count }) + (prev.endsWith('\u00a0') ? '' : '\u00a0'))
  }

  const keep = () => {
    if (disabled) return
    onChange([...order])
    focusNext.current = Math.min(active, count - 1)
    setAnnouncement(t('order.kept'))
  }

  const focusItem = (i: number) => {
    const to = Math.max(0, Math.min(count - 1, i))
    setActive(to)
    items.current[to]?.focus()
  }

  // The position each key goes to from item i: with Alt the item moves there, else focus does.
  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>, i: number) => {
    const to: unknown = ({ ArrowUp: i - 1, ArrowDown: i + 1, Home: 0, End: count - 1 } as Record<string, number>)[e.key]
    if (typeof to !== 'number') return
    e.preventDefault()
    if (e.altKey) move(i, to, true)
    else focusItem(to)
  }

  const onGripDown = (e: PointerEvent<HTMLSpanElement>, i: number) => {
    if (disabled || e.button !== 0) return
    e.preventDefault()
    e.currentTarget.setPointerCapture(e.pointerId)
    drag.current = { index: i, pointerId: e.pointerId }
    setActive(i)
    items.current[i]?.focus()
  }

  const onGripMove = (e: PointerEvent<HTMLSpanElement>) => {
    const d = drag.current
    if (!d || d.pointerId !== e.pointerId) return
    // The item whose box holds the pointer (clamped to the ends) is where the dragged one goes.
    let to = d.index
    for (let j = 0; j < count; j++) {
      const box = items.current[j]?.getBoundingClientRect()
      if (!box) continue
      if (e.clientY < box.top + box.height / 2) { to = j > d.index ? j - 1 : j; break }
      to = j
    }
    if (to !== d.index) {
      move(d.index, to, true)
      d.index = to
    }
  }

  const onGripUp = (e: PointerEvent<HTMLSpanElement>) => {
    if (drag.current?.pointerId === e.pointerId) drag.current = null
  }

  return (
    <div className="tsf-field tsf-field--order" role="group" aria-labelledby={labelId} data-field={field.id}>
      <FieldLabel field={field} id={labelId} tag="div" />
      <FieldHelp field={field} id={id} />
      <p className="tsf-hint tsf-order__help" id={helpId}>{t('order.help')}</p>
      <ol className="tsf-order" aria-labelledby={labelId} aria-describedby={controlAria(id, problems, helpOf(field, id), untouched && `${id}-keep`)['aria-describedby']}>
        {order.map((optionId, i) => {
          const option = labels.get(optionId)
          const label = labelOf(optionId)
          return (
            <li
              key={optionId}
              ref={(el) => { items.current[i] = el }}
              className="tsf-order__item"
              tabIndex={i === Math.min(active, count - 1) ? 0 : -1}
              aria-label={t('order.item', { label, position: i + 1, count })}
              aria-describedby={helpId}
              aria-disabled={disabled || undefined}
              data-option={optionId}
              onKeyDown={(e) => onKeyDown(e, i)}
              onFocus={() => setActive(i)}
            >
              <span
                className="tsf-order__grip"
                aria-hidden
                onPointerDown={(e) => onGripDown(e, i)}
                onPointerMove={onGripMove}
                onPointerUp={onGripUp}
                onPointerCancel={onGripUp}
              >⋮⋮</span>
              <span className="tsf-order__pos" aria-hidden>{i + 1}</span>
              <span className="tsf-order__text" aria-hidden>
                <span className="tsf-option__label">{label}</span>
                {option?.detail ? <span className="tsf-option__detail">{option.detail}</span> : null}
              </span>
              <span className="tsf-order__buttons">
                <button type="button" tabIndex={-1} className="tsf-icon-button" disabled={disabled || i === 0}
                  aria-label={t('order.moveUp', { label })} onClick={() => move(i, i - 1, true)}>↑</button>
                <button type="button" tabIndex={-1} className="tsf-icon-button" disabled={disabled || i === count - 1}
                  aria-label={t('order.moveDown', { label })} onClick={() => move(i, i + 1, true)}>↓</button>
              </span>
            </li>
          )
        })}
      </ol>
      {untouched ? (
        <div className="tsf-inline tsf-order__keep">
          <span className="tsf-hint" id={`${id}-keep`}>{t('order.untouched')}</span>
          <button type="button" className="tsf-link-button" disabled={disabled} data-action="keep-order" onClick={keep}>{t('order.keep')}</button>
        </div>
      ) : null}
      <div className="tsf-sr" aria-live="polite" aria-atomic="true" data-order-live={field.id}>{announcement}</div>
      <FieldProblems id={id} problems={problems} />
    </div>
  )
}
