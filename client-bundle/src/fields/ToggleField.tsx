// A toggle field: a checkbox with the switch role, drawn as a switch; Space flips it. Its help
// text goes under the switch, beside which its label is.
import type { Field } from '../model.ts'
import { useT } from '../i18n.ts'
import { controlAria, FieldHelp, FieldProblems, helpOf, type FieldProps } from './common.tsx'

export function ToggleField({ field, value, onChange, disabled, problems, id }: FieldProps<Extract<Field, { kind: 'toggle' }>>) {
  const t = useT()
  const on = value === true
  return (
    <div className="tsf-field tsf-field--toggle">
      <label className="tsf-switch">
        <input
          type="checkbox"
          role="switch"
          id={`${id}-input`}
          data-field={field.id}
          checked={on}
          disabled={disabled}
          {...controlAria(id, problems, helpOf(field, id))}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className="tsf-switch__track" aria-hidden><span className="tsf-switch__thumb" /></span>
        <span className="tsf-switch__label">{field.label}</span>
        <span className="tsf-switch__state" aria-hidden>{on ? t('toggle.on') : t('toggle.off')}</span>
      </label>
      <FieldHelp field={field} id={id} />
      <FieldProblems id={id} problems={problems} />
    </div>
  )
}
