// What a field kind is in the browser, and what the kinds share that is not drawn: the
// interface each kind's module implements (kinds.ts lists them), a field's props, the shape
// tests a kind reads its keys with, and the words of an answer.
//
// The plugin validated and normalised the model, stating every default the Dock shows
// (plugin/model README, "Defaults stated"): a kind reads only the keys its control draws, and a
// key of a shape it does not know makes the whole panel fall back (model.ts), never a partial
// one.
import type { ReactNode } from 'react'
import { Code } from '../contract/words.gen.ts'
import type { Translate } from '../dsh.ts'
import { isObj, isStr, listOf, opt, type JsonObject, type Shape } from '../host/json.ts'
import type { Other, Problem, Value } from '../values.ts'
import type { Field, FieldCommon, Option } from '../contract/model.gen.ts'
import type { Bounds } from './when.ts'

export type { Option }

/** What every field carries besides its kind's keys (the keys every arm of the schema's Field
 * has, and `required`, which every kind but the toggle has): `help` is a sentence shown under the
 * label; `when`, the condition under which it is shown (when.ts). */
export type FieldBase = FieldCommon & { kind: Field['kind']; required?: boolean }

/** A field as the normalised model writes it, with the keys K the plugin always states (a
 * default the schema leaves optional: plugin/model README, "Defaults stated"). */
export type Stated<F, K extends keyof F> = F & Required<Pick<F, K>>

export interface FieldProps<F extends FieldBase = FieldBase> {
  field: F
  value: Value
  onChange: (v: Value) => void
  disabled: boolean
  problems: readonly Problem[]
  /** DOM id prefix, unique in the page. */
  id: string
  /** The bounds other fields' answers give it, in force now (a number's or a date's). */
  bounds?: Bounds | undefined
}

/** A value as the row and a copied draft show it: one text, a list (numbered or not), or none. */
export type Answer = { text: string } | { list: string[]; ordered: boolean } | { none: true }

/** One field kind: everything the browser knows about it, in its module. */
export interface Kind<F extends FieldBase = FieldBase> {
  /** Its name in the model. */
  name: string
  /** Whether the keys the control reads (besides every field's) have the shapes it draws. */
  read: (f: JsonObject) => boolean
  /** The value the field starts with: the model's `initial`, else the kind's value for no answer. */
  start: (f: F) => Value
  /** A value kept in a draft, if it still fits the field (the model may be another now). */
  fits: (f: F, v: unknown) => Value | undefined
  /** The value in words, for the transcript row and a copied draft. */
  answer: (f: F, v: unknown, t: Translate) => Answer
  /** What the browser checks itself before sending, with the contract's codes: what the control
   * holds that is no value of the kind (what a typed box holds that it cannot read), a limit its
   * count shows. The plugin judges everything else. */
  check?: (f: F, v: Value | undefined) => Problem | undefined
  /** The control. */
  Control: (props: FieldProps<F>) => ReactNode
  /** The kind's part of the stylesheet (the build minifies it, as it does the .css files). */
  css?: string
}

/** The tag of a kind's stylesheet text: the text as written (build.mjs minifies it). */
export const css = String.raw

/** A non-empty list of {id, label, detail?}: options, or the rows of a field. */
export const isItems: Shape = (v) => Array.isArray(v) && v.length > 0 && listOf({ id: isStr, label: isStr, detail: opt(isStr) })(v)

/** Whether `v` is the user's own answer `{"other": text}`. */
export const isOther = (v: unknown): v is Other => isObj(v) && typeof v.other === 'string'

/** The ids of options. */
export const idsOf = (options: readonly Option[]): string[] => options.map((o) => o.id)

/** An option id as its label, or the user's own words marked as theirs. */
export const labelOf = (options: readonly Option[], v: unknown, t: Translate): string =>
  isOther(v) ? t('row.other', { text: v.other }) : options.find((o) => o.id === v)?.label ?? String(v)

/** A list value as an answer: its items' labels, or none when it is empty. */
export const listAnswer = (v: unknown, label: (x: unknown) => string, ordered = false): Answer =>
  Array.isArray(v) && v.length > 0 ? { list: v.map(label), ordered } : { none: true }

/** A number with the field's unit after it, if it has one: "50 req/s". */
export const withUnit = (n: string | number, unit: string | undefined): string => (unit ? `${n} ${unit}` : String(n))

/** What a number box holds that is no number (NaN), as the field's problem before sending. */
export const notANumber = (f: FieldBase): Problem => ({ code: Code.WrongType, message: '', pointer: pointerOf(f.id), say: 'not-a-number' })

/** `/<id>` with JSON Pointer escaping: a field's place in the values document. */
export const pointerOf = (id: string): string => '/' + id.replace(/~/g, '~0').replace(/\//g, '~1')
