// A multi-choice field: a group of checkboxes; the value keeps the options' declared order. With
// `allowOther`, a last "Other…" checkbox whose text is the value's last item, {"other": text}.
// With `minItems` or `maxItems`, a hint under the options says how many to choose; a count
// outside them is the plugin's to judge (its check as the user chooses, or the submit), not a
// checkbox that stops working.
import type { FieldOf } from '../model.ts'
import { useT } from '../i18n.ts'
import { isOther, type Other } from '../values.ts'
import { FieldSet, OptionList, type FieldProps } from './common.tsx'
import { OtherOption } from './Other.tsx'

export function MultiChoiceField({ field, value, onChange, disabled, problems, id }: FieldProps<FieldOf<'multi-choice'>>) {
  const t = useT()
  const list = Array.isArray(value) ? value : []
  const own = list.find(isOther)
  const invalid = problems.length > 0
  const { minItems: min, maxItems: max } = field
  const hint = min !== undefined && max !== undefined ? (min === max ? t('multi.exactly', { count: min }) : t('multi.between', { min, max }))
    : min !== undefined ? t('multi.atLeast', { min })
    : max !== undefined ? t('multi.atMost', { max })
    : ''
  const set = (chosen: (o: string) => boolean, other: Other | undefined) =>
    onChange([...field.options.map((o) => o.id).filter(chosen), ...(other ? [other] : [])])
  return (
    <FieldSet field={field} kind="multi" disabled={disabled} problems={problems} id={id} hints={[hint !== '' && `${id}-hint`]}>
      <div className="tsf-options">
        <OptionList options={field.options} type="checkbox" id={id} invalid={invalid}
          checked={(o) => list.includes(o)} onCheck={(o, on) => set((x) => (x === o ? on : list.includes(x)), own)} />
        {field.allowOther ? <OtherOption own={own} type="checkbox" invalid={invalid} id={id}
          onOwn={(text) => set((x) => list.includes(x), text === null ? undefined : { other: text })} /> : null}
      </div>
      {hint ? <p className="tsf-hint" id={`${id}-hint`}>{hint}</p> : null}
    </FieldSet>
  )
}
