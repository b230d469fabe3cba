// What a field's place in the panel depends on in the other fields' answers, as the browser
// draws it at once (the plugin judges the submission): which fields are shown (a field's `when`)
// and the bounds another field's answer gives a number or a date (`min`/`max` as
// `{"field": id}`). `shownIds` is the twin of the plugin's `Model.Shown`, held equal to it by
// the shared vectors of tests/conformance/conditions/.
import type { Model } from '../model.ts'
import type { Value, Values } from '../values.ts'
import { isObj, isStr, type Shape } from '../host/json.ts'
import type { FieldBase } from './kind.ts'
import type { Ref, When } from '../contract/model.gen.ts'

// When (a field's condition: a multi-choice matches when it holds any of `is`) and Ref (a bound
// that is another field's answer) are the schema's (contract/model.gen.ts).
export type { When, Ref }

export const isRef = (v: unknown): v is Ref => isObj(v) && isStr(v.field)

export const isWhen: Shape = (v) => isRef(v) && Array.isArray((v as When).is) && (v as When).is.every((x) => isStr(x) || typeof x === 'boolean')

/** The ids of the fields shown for `values` (every field's value, as the Dock keeps them): a
 * field with no `when`, or whose `when` names a field shown whose value matches. An "Other"
 * answer or no answer never matches; a field hidden hides the fields that depend on it. */
export function shownIds(model: Model, values: Values): Set<string> {
  const shown = new Set<string>()
  for (const { id, when: w } of model.fields) {
    const v = w && values[w.field]
    if (!w || (shown.has(w.field) && (Array.isArray(v) ? v : [v]).some((x) => w.is.includes(x as string)))) shown.add(id)
  }
  return shown
}

/** The values of the fields shown: what is sent, to check and to submit. */
export const shownValues = (model: Model, values: Values): Values => {
  const shown = shownIds(model, values)
  return Object.fromEntries(Object.entries(values).filter(([id]) => shown.has(id)))
}

/** The bound another field gives: its answer, and its label to say whose it is. */
export interface Bound { value: string | number; label: string }
export type Bounds = { min?: Bound; max?: Bound }

/** The bounds of `f` that are other fields' answers, in force while that field is shown and
 * answered; undefined when `f` has none. */
export function boundsOf(model: Model, f: FieldBase & { min?: unknown; max?: unknown }, values: Values, shown: Set<string>): Bounds | undefined {
  let out: Bounds | undefined
  for (const k of ['min', 'max'] as const) {
    const ref = f[k]
    if (!isRef(ref)) continue
    out ??= {}
    const v: Value | undefined = values[ref.field]
    if (shown.has(ref.field) && ((typeof v === 'number' && isFinite(v)) || (isStr(v) && v !== ''))) {
      out[k] = { value: v, label: model.fields.find((o) => o.id === ref.field)!.label }
    }
  }
  return out
}
