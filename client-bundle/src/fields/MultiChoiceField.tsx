// A multi-choice field: a group of checkboxes; the value keeps the options' declared order. With
// `allowOther`, a last "Other…" checkbox whose text is the value's last item, {"other": text}.
import type { FieldOf } from '../model.ts'
import { isOther, type Other } from '../values.ts'
import { FieldSet, OptionList, type FieldProps } from './common.tsx'
import { OtherOption } from './Other.tsx'

export function MultiChoiceField({ field, value, onChange, disabled, problems, id }: FieldProps<FieldOf<'multi-choice'>>) {
  const list = Array.isArray(value) ? value : []
  const own = list.find(isOther)
  const invalid = problems.length > 0
  const set = (chosen: (o: string) => boolean, other: Other | undefined) =>
    onChange([...field.options.map((o) => o.id).filter(chosen), ...(other ? [other] : [])])
  return (
    <FieldSet field={field} kind="multi" disabled={disabled} problems={problems} id={id}>
      <div className="tsf-options">
        <OptionList options={field.options} type="checkbox" id={id} invalid={invalid}
          checked={(o) => list.includes(o)} onCheck={(o, on) => set((x) => (x === o ? on : list.includes(x)), own)} />
        {field.allowOther ? <OtherOption own={own} type="checkbox" invalid={invalid} id={id}
          onOwn={(text) => set((x) => list.includes(x), text === null ? undefined : { other: text })} /> : null}
      </div>
    </FieldSet>
  )
}
