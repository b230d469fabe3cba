// The fields a panel shows as the answers change (fields/when.ts), drawn at once without waiting
// for the plugin: which are shown; a sentence for a polite live region when questions appear
// ("1 more question: Canary percent"); and focus, lost with a field that hid while it had it,
// moved to the field whose answer hid it (the nearest one shown up its chain of conditions).
import { useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { Translate } from '../dsh.ts'
import type { Model } from '../model.ts'
import type { Values } from '../values.ts'
import { shownIds } from '../fields/when.ts'
import { focusField } from './focus.ts'

const NONE = new Set<string>()

export function useShown(root: { current: HTMLElement | null }, model: Model | null, values: Values, t: Translate) {
  const shown = useMemo(() => (model ? shownIds(model, values) : NONE), [model, values])
  const last = useRef<Set<string> | null>(null)
  const [said, setSaid] = useState('')
  useLayoutEffect(() => {
    if (!model) return
    const before = last.current
    last.current = shown
    if (!before || before === shown) return
    /** The fields in `a` and not in `b`. */
    const only = (a: Set<string>, b: Set<string>) => model.fields.filter((f) => a.has(f.id) && !b.has(f.id))
    const came = only(shown, before)
    setSaid(came.length ? t(`dock.shown.${came.length > 1 ? 'other' : 'one'}`, { count: came.length, labels: came.map((f) => f.label).join(', ') }) : '')
    let f = only(before, shown)[0]
    if (document.activeElement !== document.body) return
    while (f && !shown.has(f.id)) f = model.fields.find((x) => x.id === f!.when?.field)
    if (f) focusField(root.current, f.id)
  }, [model, shown, root, t])
  return { shown, said }
}
