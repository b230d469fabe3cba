// The multi-choice kind: a group of checkboxes; the value keeps the options' declared order.
// With `allowOther`, a last "Other…" checkbox whose text is the value's last item,
// {"other": text}. With `minItems` or `maxItems`, a hint under the options says how many to
// choose; a count outside them is the plugin's to judge (its check as the user chooses, or the
// submit), not a checkbox that stops working.
import { useT } from '../i18n.ts'
import type { Other, Value } from '../values.ts'
import { FieldSet, OptionList } from './common.tsx'
import { isBool, isNum, isStrs, keys, opt } from '../host/json.ts'
import { idsOf, isItems, isOther, labelOf, listAnswer, type FieldProps, type Kind, type Option } from './kind.ts'
import type { MultiChoiceField } from '../contract/model.gen.ts'
import { OtherOption } from './Other.tsx'

// A MultiChoiceField as the normalised model writes it: its `initial`, in the options' declared
// order.

function MultiChoiceControl({ field, value, onChange, disabled, problems, id }: FieldProps<MultiChoiceField>) {
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
    onChange([...idsOf(field.options).filter(chosen), ...(other ? [other] : [])])
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

export const multiChoice: Kind<MultiChoiceField> = {
  name: 'multi-choice',
  read: (f) => keys(f, { options: isItems, initial: opt(isStrs), allowOther: opt(isBool), minItems: opt(isNum), maxItems: opt(isNum) }),
  start: (f) => [...(f.initial ?? [])],
  // Option ids of the field, in its order, and the user's own answer last where it allows one.
  fits: (f, v) => {
    if (!Array.isArray(v)) return undefined
    const own = v.at(-1)
    const rest = f.allowOther && isOther(own) ? v.slice(0, -1) : v
    const ids = idsOf(f.options)
    if (!rest.every((x) => ids.includes(x))) return undefined
    const out: Value = ids.filter((id) => rest.includes(id))
    return rest === v ? out : [...out, { other: (own as Other).other }]
  },
  answer: (f, v, t) => listAnswer(v, (x) => labelOf(f.options, x, t)),
  Control: MultiChoiceControl,
}
