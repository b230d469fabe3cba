// The toggle kind: a checkbox with the switch role, drawn as a switch; Space flips it. Its help
// text goes under the switch, beside which its label is. Its value is true or false once the
// person sets it, and null until then (the model's `initial` is a value set for them): the
// plugin reads null as no answer, in the progress and in the message. A toggle is never required.
import { useT } from '../i18n.ts'
import { controlAria, FieldHelp, FieldProblems, helpOf } from './common.tsx'
import { isBool, keys, opt } from '../host/json.ts'
import { css, type FieldProps, type Kind } from './kind.ts'
import type { ToggleField } from '../contract/model.gen.ts'

function ToggleControl({ field, value, onChange, disabled, problems, id }: FieldProps<ToggleField>) {
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

export const toggle: Kind<ToggleField> = {
  name: 'toggle',
  read: (f) => keys(f, { initial: opt(isBool) }),
  start: (f) => f.initial ?? null,
  fits: (_, v) => (typeof v === 'boolean' || v === null ? v : undefined),
  answer: (_, v, t) => (typeof v === 'boolean' ? { text: v ? t('cell.yes') : t('cell.no') } : { none: true }),
  Control: ToggleControl,
  css: css`
.tsf-field--toggle .tsf-help {
  padding-left: 44px;
}
.tsf-switch {
  display: flex;
  align-items: center;
  gap: 10px;
  cursor: pointer;
  padding: 4px 0;
  position: relative;
}
.tsf-switch input {
  position: absolute;
  opacity: 0;
  width: 34px;
  height: 20px;
  margin: 0;
  cursor: pointer;
}
.tsf-switch__track {
  flex: none;
  width: 34px;
  height: 20px;
  border-radius: 999px;
  background: var(--dsw-alias-border-l4);
  position: relative;
  transition: background .15s;
}
.tsf-switch__thumb {
  position: absolute;
  top: 2px;
  left: 2px;
  width: 16px;
  height: 16px;
  border-radius: 50%;
  background: #fff;
  box-shadow: 0 1px 2px #0003;
  transition: transform .15s;
}
.tsf-switch input:checked+.tsf-switch__track {
  background: var(--tsf-accent);
}
.tsf-switch input:checked+.tsf-switch__track .tsf-switch__thumb {
  transform: translateX(14px);
}
.tsf-switch input:focus-visible+.tsf-switch__track {
  outline: 2px solid var(--tsf-accent);
  outline-offset: 2px;
}
.tsf-switch input:disabled~* {
  opacity: .65;
}
.tsf-switch__label {
  flex: 1;
  min-width: 0;
  overflow-wrap: anywhere;
}
.tsf-switch__state {
  flex: none;
  color: var(--tsf-fg3);
  font: var(--tsf-font-tiny);
}
@media (prefers-reduced-motion:reduce) {
  .tsf-switch__thumb,.tsf-switch__track {
    transition: none;
  }
}
`,
}
