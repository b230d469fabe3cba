// What every field shares: its props, the problems shown under it, its label, the ARIA state
// of its control, and the frame of the fields that are a group of inputs.
import type { ReactNode } from 'react'
import type { Field, Option } from '../model.ts'
import type { Problem, Value } from '../values.ts'
import { useT } from '../i18n.ts'
import type { Translate } from '../dsh.ts'

export interface FieldProps<F extends Field = Field> {
  field: F
  value: Value
  onChange: (v: Value) => void
  disabled: boolean
  problems: readonly Problem[]
  /** DOM id prefix, unique in the page. */
  id: string
}

/** A problem's message: `required` in the chrome's language; a limit the browser found itself
 * (no message) in the chrome's language with the host's limit; the host's own text otherwise. */
export function problemText(p: Problem, t: Translate): string {
  if (p.code === 'required' || (p.code === 'limit-exceeded' && !p.message)) return t(`problem.${p.code}`, p.params)
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

/** A field's label (the legend of a group), with "(required)" after it when the model says so. */
export function FieldLabel({ field, htmlFor, id, legend }: { field: Field; htmlFor?: string; id?: string; legend?: boolean }) {
  const t = useT()
  const Tag = legend ? 'legend' : 'label'
  return (
    <Tag className="tsf-label" htmlFor={htmlFor} id={id}>
      {field.label}
      {'required' in field && field.required ? <span className="tsf-required"> ({t('field.required')})</span> : null}
    </Tag>
  )
}

/** aria-describedby for a control: its detail text and its problems, when present. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean)
  return list.length ? list.join(' ') : undefined
}

/** The ARIA state of a field's control: invalid while the field has problems, and described by
 * its detail texts (`details`, when present) and then its problems. */
export function controlAria(id: string, problems: readonly Problem[], ...details: (string | false | undefined)[]) {
  const invalid = problems.length > 0
  return { 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy(...details, invalid && problemsId(id)) }
}

/** A field that is a group of inputs (a choice, a multi-choice, a scale): a fieldset, locked
 * with `disabled`, named by its legend and described by its problems, listed under it. */
export function FieldSet({ field, kind, disabled, problems, id, children }: {
  field: Field
  kind?: string
  disabled: boolean
  problems: readonly Problem[]
  id: string
  children: ReactNode
}) {
  return (
    <fieldset className={kind ? `tsf-field tsf-field--${kind}` : 'tsf-field'} disabled={disabled}
      aria-describedby={controlAria(id, problems)['aria-describedby']} data-field={field.id}>
      <FieldLabel field={field} legend />
      {children}
      <FieldProblems id={id} problems={problems} />
    </fieldset>
  )
}

/** The options of a choice (radios) or a multi-choice (checkboxes), each with its detail line. */
export function OptionList({ options, type, name, id, invalid, checked, onCheck }: {
  options: Option[]
  type: 'radio' | 'checkbox'
  name?: string
  id: string
  invalid: boolean
  checked: (optionId: string) => boolean
  onCheck: (optionId: string, on: boolean) => void
}) {
  return options.map((o) => (
    <label key={o.id} className="tsf-option">
      <input
        type={type}
        name={name}
        value={o.id}
        checked={checked(o.id)}
        aria-invalid={invalid || undefined}
        aria-describedby={o.detail ? `${id}-${o.id}-detail` : undefined}
        onChange={(e) => onCheck(o.id, e.target.checked)}
      />
      <span className="tsf-option__text">
        <span className="tsf-option__label">{o.label}</span>
        {o.detail ? <span className="tsf-option__detail" id={`${id}-${o.id}-detail`}>{o.detail}</span> : null}
      </span>
    </label>
  ))
}
