// The order kind: a list the user puts in order. One tab stop for the whole list (a roving
// tabindex); ↑/↓ move focus between items, Alt+↑/Alt+↓ (and Alt+Home/End) move the focused
// item, the ↑/↓ buttons do the same for a pointer, and the grip drags. Every move is announced
// through a polite live region. Its value lists every option id once. A required one is no
// answer (null) until the user moves an item or presses "Keep this order", which takes the order
// shown as it is; an optional one starts as the order shown.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { useT } from '../i18n.ts'
import { controlAria, FieldHelp, FieldLabel, FieldProblems, helpOf } from './common.tsx'
import { isStrs, keys, opt, strings } from '../host/json.ts'
import { css, idsOf, isItems, labelOf, listAnswer, type FieldProps, type Kind } from './kind.ts'
import type { OrderField } from '../contract/model.gen.ts'

// An OrderField as the normalised model writes it: `initial` is the order shown before the user
// moves anything (the plugin states it; a log written before it did has none: then the options'
// declared order).

/** The order the field shows before the user moves anything. */
const shown = (f: OrderField): string[] => f.initial ?? idsOf(f.options)

/** Moves one element of `list` from index `from` to index `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  const [x] = next.splice(from, 1)
  next.splice(to, 0, x as T)
  return next
}

function OrderControl({ field, value, onChange, disabled, problems, id }: FieldProps<OrderField>) {
  const t = useT()
  const labelId = useId()
  const helpId = useId()
  const order = Array.isArray(value) ? strings(value) : shown(field)
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

  const nameOf = (optionId: string) => labels.get(optionId)?.label ?? optionId

  const move = (from: number, to: number, keepFocus: boolean) => {
    if (disabled || to < 0 || to >= count || from === to) return
    const optionId = order[from]!
    onChange(moved(order, from, to))
    setActive(to)
    if (keepFocus) focusNext.current = to
    // A trailing no-break space alternates so that the same sentence twice is still announced.
    setAnnouncement((prev) => t('order.moved', { label: nameOf(optionId), position: to + 1, count }) + (prev.endsWith('\u00a0') ? '' : '\u00a0'))
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
          const label = nameOf(optionId)
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

export const order: Kind<OrderField> = {
  name: 'order',
  read: (f) => keys(f, { options: isItems, initial: opt(isStrs) }),
  start: (f) => (f.required ? null : shown(f)),
  // Every option once; a required one may still be untouched (null).
  fits: (f, v) => {
    if (v === null && f.required) return null
    const ids = idsOf(f.options)
    return Array.isArray(v) && v.length === ids.length && ids.every((id) => v.includes(id)) ? [...(v as string[])] : undefined
  },
  answer: (f, v, t) => listAnswer(v, (x) => labelOf(f.options, x, t), true),
  Control: OrderControl,
  css: css`
.tsf-order,.tsf-order__text {
  display: flex;
  flex-direction: column;
}
.tsf-order {
  list-style: none;
  margin: 0;
  padding: 0;
  gap: 4px;
}
.tsf-order__item {
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 6px 6px 6px 4px;
  border: 1px solid var(--tsf-border);
  border-radius: 10px;
  background: var(--tsf-bg);
  min-width: 0;
}
.tsf-order__item:focus {
  outline: 2px solid var(--tsf-accent);
  outline-offset: 1px;
}
.tsf-order__item[aria-disabled="true"] {
  opacity: .65;
}
.tsf-order__grip {
  flex: none;
  cursor: grab;
  color: var(--tsf-caption);
  padding: 0 4px;
  touch-action: none;
  user-select: none;
  letter-spacing: -3px;
}
.tsf-order__pos {
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 20px;
  height: 20px;
  border-radius: 999px;
  background: var(--tsf-tip);
  color: var(--tsf-fg2);
  font: var(--tsf-font-tiny-strong);
}
.tsf-order__text {
  flex: 1;
  min-width: 0;
}
.tsf-order__text>* {
  overflow-wrap: break-word;
}
/* A narrow panel (a phone): the grip goes (the buttons and the keyboard still move an item),
   and so do the keyboard's instructions, which stay for screen readers. */
@container tsf (max-width:420px) {
  .tsf-order__grip,.tsf-order__help {
    display: none;
  }
  .tsf-order__item {
    padding: 2px 2px 2px 4px;
  }
}
.tsf-order__buttons {
  flex: none;
  display: flex;
  gap: 2px;
}
.tsf-order__keep {
  flex-wrap: wrap;
  gap: 4px 8px;
}
`,
}
