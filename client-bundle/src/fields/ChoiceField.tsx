// A choice field: a radio group (arrow keys move the choice, as browsers do natively; Tab enters
// it on the choice, or on the first option while nothing is chosen); with `allowOther`, a last
// "Other…" radio whose text box holds the user's own answer.
import type { FieldOf } from '../model.ts'
import { useT } from '../i18n.ts'
import { FieldSet, OptionList, type FieldProps } from './common.tsx'
import { OtherOption } from './Other.tsx'

export function ChoiceField({ field, value, onChange, disabled, problems, id }: FieldProps<FieldOf<'choice'>>) {
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
