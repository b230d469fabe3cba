// The field kinds, by name: the one place that lists them. Each kind is one module (kind.ts says
// what it holds); what the rest of the bundle does with a field goes through here: reading it
// from the model, its control, its starting value, a draft's value repaired against it, the
// browser's own checks before sending, its answer in words, and the kinds' stylesheet.
import { createElement } from 'react'
import type { Translate } from '../dsh.ts'
import { isBool, isObj, isStr, keys, opt } from '../host/json.ts'
import type { Model } from '../model.ts'
import type { Problem, Value, Values } from '../values.ts'
import type { Answer, FieldProps, Kind } from './kind.ts'
import type { AllocationField, ChoiceField, DateField, MatrixField, MultiChoiceField, NumberField, OrderField, TextField, ToggleField } from '../contract/model.gen.ts'
import { isWhen } from './when.ts'
import { text } from './text.tsx'
import { choice } from './choice.tsx'
import { multiChoice } from './multi-choice.tsx'
import { toggle } from './toggle.tsx'
import { order } from './order.tsx'
import { number } from './number.tsx'
import { date } from './date.tsx'
import { scale, type ScaleField } from './scale.tsx'
import { tags, type TagsField } from './tags.tsx'
import { matrix } from './matrix.tsx'
import { allocation } from './allocation.tsx'

/** A field of any kind this client knows: the schema's Field (contract/model.gen.ts), with the
 * defaults the normalised model states of a scale and a tags field, and a toggle's `required`
 * absent (the schema has none: a toggle cannot be required), so every field reads it. */
export type Field = TextField | ChoiceField | MultiChoiceField | (ToggleField & { required?: never }) | OrderField | NumberField | DateField | ScaleField | TagsField | MatrixField | AllocationField

/** The kinds, in the order of the plugin's schema. */
const KINDS: readonly Kind<never>[] = [text, choice, multiChoice, toggle, order, number, date, scale, tags, matrix, allocation]

/** The kind of a field. */
const kindOf = (f: Field): Kind<Field> => KINDS.find((k) => k.name === f.kind) as Kind<Field>

/** Whether `f` is a field of a kind this client knows, with every key its control reads in a
 * shape it draws. */
export function readField(f: unknown): f is Field {
  if (!isObj(f) || !keys(f, { id: isStr, label: isStr, help: opt(isStr), required: opt(isBool), when: opt(isWhen) })) return false
  const kind = KINDS.find((k) => k.name === f.kind)
  return kind !== undefined && kind.read(f)
}

/** A field's control. */
export const FieldView = (props: FieldProps<Field>) => createElement(kindOf(props.field).Control, props)

/** The values a panel starts with: each field's from the model. */
export function initialValues(model: Model): Values {
  const out: Values = {}
  for (const f of model.fields) out[f.id] = kindOf(f).start(f)
  return out
}

/** The model's starting values overlaid with whatever of `draft` still fits the model. */
export function mergeDraft(model: Model, draft: Record<string, unknown> | undefined): Values {
  const out = initialValues(model)
  for (const f of model.fields) {
    const v = draft && f.id in draft ? kindOf(f).fits(f, draft[f.id]) : undefined
    if (v !== undefined) out[f.id] = v
  }
  return out
}

/** What the browser finds itself in `values` before sending (each kind's `check`), of the fields
 * they hold (a hidden field's value is not sent). */
export const fieldProblems = (model: Model, values: Values): Problem[] =>
  model.fields.flatMap((f) => (f.id in values && kindOf(f).check?.(f, values[f.id]!)) || [])

/** A field's value in words, for the row and a copied draft. */
export const answerOf = (f: Field, v: unknown, t: Translate): Answer => kindOf(f).answer(f, v, t)

/** The kinds' parts of the stylesheet. */
export const KINDS_CSS = KINDS.map((k) => k.css ?? '').join('')
