// The parts the controls of the field kinds share: the problems shown under a field, its label
// and help text, the ARIA state of its control, the frame of a field that is a group of inputs,
// a list of options (radios or checkboxes) with their tab stops, and the browser's own typed
// input box with the limits line under it.
import { useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { Code } from '../contract/words.gen.ts'
import type { Problem } from '../values.ts'
import { useT } from '../i18n.ts'
import type { Translate } from '../dsh.ts'
import type { FieldBase, FieldProps, Option } from './kind.ts'

/** A problem's message: `required` in the chrome's language (the plugin words it by its code
 * alone); one the browser found itself (no message, the key of its text in `say`: not a number,
 * not a date, over a text's maxLength, over the size limit) in the chrome's language with its
 * parameters; otherwise the plugin's, which Check and Submit word alike in the Dock's locale. */
export function problemText(p: Problem, t: Translate): string {
  if (p.code === Code.Required || (!p.message && p.say)) return t(`problem.${p.say ?? p.code}`, p.params)
  return p.message || p.code
}

export const problemsId = (id: string): string => `${id}-problems`

export function FieldProblems({ id, problems }: { id: string; problems: readonly Problem[] }) {
  const t = useT()
  if (problems.length === 0) return null
  return (
    <div className="tsf-problems" id={problemsId(id)}>
      {problems.map((p, i) => <p key={i} className="tsf-problem">{problemText(p, t)}</p>)}
    </div>
  )
}

/** A field's label (the legend of a group, or a plain box that names a group through
 * aria-labelledby), with "(required)" after it when the model says so. */
export function FieldLabel({ field, htmlFor, id, tag: Tag = 'label' }: { field: FieldBase; htmlFor?: string; id?: string; tag?: 'label' | 'legend' | 'div' }) {
  const t = useT()
  return (
    <Tag className="tsf-label" htmlFor={htmlFor} id={id}>
      {field.label}
      {field.required ? <span className="tsf-required"> {t('field.required')}</span> : null}
    </Tag>
  )
}

/** The DOM id of a field's help text, when the model gives it one. */
export const helpOf = (field: FieldBase, id: string): string | undefined => (field.help ? `${id}-help` : undefined)

/** A field's help text (the model's `help`), under its label. In a narrow panel it shows one
 * line until the field has focus or the help is tapped (dock.css); it is read out whole. */
export function FieldHelp({ field, id }: { field: FieldBase; id: string }) {
  const [open, setOpen] = useState(false)
  return field.help ? <p className="tsf-help" id={helpOf(field, id)} data-open={open || undefined} onClick={() => setOpen(true)}>{field.help}</p> : null
}

/** aria-describedby for a control: its detail text and its problems, when present. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean)
  return list.length ? list.join(' ') : undefined
}

/** The ARIA state of a field's control: invalid while the field has problems, and described by
 * its detail texts (`details`, when present: its help first) and then its problems. */
export function controlAria(id: string, problems: readonly Problem[], ...details: (string | false | undefined)[]) {
  const invalid = problems.length > 0
  return { 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy(...details, invalid && problemsId(id)) }
}

/** A field that is a group of inputs (options, points, rows of options): a fieldset,
 * locked with `disabled`, named by its legend and described by its help, its hints (`hints`,
 * the ids of texts inside it) and its problems, listed under it. */
export function FieldSet({ field, kind, disabled, problems, id, hints = [], children }: {
  field: FieldBase
  kind?: string
  disabled: boolean
  problems: readonly Problem[]
  id: string
  hints?: (string | false | undefined)[]
  children: ReactNode
}) {
  return (
    <fieldset className={kind ? `tsf-field tsf-field--${kind}` : 'tsf-field'} disabled={disabled}
      aria-describedby={controlAria(id, problems, helpOf(field, id), ...hints)['aria-describedby']} data-field={field.id}>
      <FieldLabel field={field} tag="legend" />
      <FieldHelp field={field} id={id} />
      {children}
      <FieldProblems id={id} problems={problems} />
    </fieldset>
  )
}

/** The tab stop of one radio of a group, as the WAI-ARIA radio group pattern has it: the chosen
 * one, or the first while none is chosen (Tab and Shift+Tab both enter the group there); the
 * arrow keys move within the group. */
export const radioStop = (chosen: boolean, first: boolean, anyChosen: boolean): number | undefined =>
  chosen || (first && !anyChosen) ? undefined : -1

/** A field's options as radios (`anyChosen` says whether the group has an answer, for its tab
 * stop) or as checkboxes, each with its detail line. */
export function OptionList({ options, type, name, id, invalid, checked, onCheck, anyChosen }: {
  options: Option[]
  type: 'radio' | 'checkbox'
  name?: string
  id: string
  invalid: boolean
  checked: (optionId: string) => boolean
  onCheck: (optionId: string, on: boolean) => void
  anyChosen?: boolean
}) {
  return options.map((o, i) => (
    <label key={o.id} className="tsf-option">
      <input
        type={type}
        name={name}
        value={o.id}
        checked={checked(o.id)}
        tabIndex={type === 'radio' ? radioStop(checked(o.id), i === 0, anyChosen === true) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={o.detail ? `${id}-${o.id}-detail` : undefined}
        onChange={(e) => onCheck(o.id, e.target.checked)}
        // A click on the radio already chosen confirms it: the user's answer from then on.
        onClick={() => type === 'radio' && checked(o.id) && onCheck(o.id, true)}
      />
      <span className="tsf-option__text">
        <span className="tsf-option__label">{o.label}</span>
        {o.detail ? <span className="tsf-option__detail" id={`${id}-${o.id}-detail`}>{o.detail}</span> : null}
      </span>
    </label>
  ))
}

/** A range as the limits line says it ("From 100 to 5,000", "From 100", "Up to 5,000"), or ''. */
export const rangeText = (t: Translate, min: string, max: string): string =>
  min && max ? t('limit.range', { min, max }) : min ? t('limit.min', { min }) : max ? t('limit.max', { max }) : ''

/** A field drawn as the browser's own typed input box (`box`: its type and bounds), with, under
 * it, a line that says its limits before anyone breaks them (`limits`, in the user's locale).
 * Judging a value against them is the plugin's: its problem shows under the field. What the box
 * holds that is not a value of its type is NaN (the kind says so, kind.ts `check`); an empty box
 * is null; `parse` reads what it holds. */
export function InputBox({ field, value, onChange, disabled, problems, id, box, parse, limits, unit }: FieldProps & {
  box: InputHTMLAttributes<HTMLInputElement>
  parse: (box: HTMLInputElement) => string | number
  limits: string
  unit?: string | undefined
}) {
  const read = ({ currentTarget: v }: { currentTarget: HTMLInputElement }) => {
    const next = v.validity.badInput ? NaN : v.value === '' ? null : parse(v)
    if (!Object.is(next, value)) onChange(next)
  }
  return (
    <div className="tsf-field">
      <FieldLabel field={field} htmlFor={`${id}-input`} />
      <FieldHelp field={field} id={id} />
      <div className="tsf-inline">
        <input
          id={`${id}-input`}
          name={field.id}
          data-field={field.id}
          className="tsf-input tsf-input--short"
          {...box}
          // A number stays a number here, so React leaves "1." or "1.0" as typed; what is not a
          // value of the box's type (NaN) stays in the box as typed.
          value={typeof value === 'string' || (typeof value === 'number' && !Number.isNaN(value)) ? value : ''}
          disabled={disabled}
          aria-required={field.required || undefined}
          {...controlAria(id, problems, helpOf(field, id), unit && `${id}-unit`, limits && `${id}-limits`)}
          // Some boxes fire no input event while what they hold is not a value: read them as keys
          // go up and when they are left, too.
          onChange={read}
          onKeyUp={read}
          onBlur={read}
        />
        {unit ? <span className="tsf-unit" id={`${id}-unit`}>{unit}</span> : null}
      </div>
      {limits ? <p className="tsf-hint" id={`${id}-limits`} data-limits="">{limits}</p> : null}
      <FieldProblems id={id} problems={problems} />
    </div>
  )
}
