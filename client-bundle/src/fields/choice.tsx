// The choice kind: a radio group (arrow keys move the choice, as browsers do natively; Tab enters
// it on the choice, or on the first option while nothing is chosen); with `allowOther`, a last
// "Other…" radio whose text box holds the user's own answer. Its value is an option id, the
// user's own answer {"other": text}, or null.
import { useT } from '../i18n.ts'
import type { Value } from '../values.ts'
import { FieldSet, OptionList } from './common.tsx'
import { isBool, isStr, keys, opt } from '../host/json.ts'
import { isItems, isOther, labelOf, type FieldProps, type Kind } from './kind.ts'
import type { ChoiceField } from '../contract/model.gen.ts'
import { OtherOption } from './Other.tsx'

function ChoiceControl({ field, value, onChange, disabled, problems, id }: FieldProps<ChoiceField>) {
  const t = useT()
  const invalid = problems.length > 0
  const name = `${id}-${field.id}`
  return (
    <FieldSet field={field} kind="choice" disabled={disabled} problems={problems} id={id}>
      <div className="tsf-options">
        <OptionList options={field.options} type="radio" name={name} id={id} invalid={invalid}
          checked={(o) => value === o} onCheck={(o) => onChange(o)} anyChosen={value !== null} />
        {field.allowOther ? <OtherOption own={value} type="radio" name={name} invalid={invalid} id={id}
          onOwn={(text) => text !== null && onChange({ other: text })} /> : null}
      </div>
      {value === null ? <p className="tsf-hint">{t('field.noChoice')}</p> : null}
    </FieldSet>
  )
}

export const choice: Kind<ChoiceField> = {
  name: 'choice',
  read: (f) => keys(f, { options: isItems, initial: opt(isStr), allowOther: opt(isBool) }),
  start: (f) => f.initial ?? null,
  fits: (f, v) => (v === null || f.options.some((o) => o.id === v) || (f.allowOther && isOther(v)) ? (v as Value) : undefined),
  answer: (f, v, t) => (typeof v === 'string' || isOther(v) ? { text: labelOf(f.options, v, t) } : { none: true }),
  Control: ChoiceControl,
}
