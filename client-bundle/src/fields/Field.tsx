// Dispatches a field to the control of its kind.
import type { ReactNode } from 'react'
import type { Field, FieldOf } from '../model.ts'
import type { FieldProps } from './common.tsx'
import { TextField } from './TextField.tsx'
import { ChoiceField } from './ChoiceField.tsx'
import { MultiChoiceField } from './MultiChoiceField.tsx'
import { ToggleField } from './ToggleField.tsx'
import { OrderField } from './OrderField.tsx'
import { MatrixField } from './MatrixField.tsx'
import { InputField } from './InputField.tsx'
import { ScaleField } from './ScaleField.tsx'
import { TagsField } from './TagsField.tsx'

/** Each field kind's control (number and date share the browser's typed input box). */
const CONTROLS: { [K in Field['kind']]: (props: FieldProps<FieldOf<K>>) => ReactNode } = {
  text: TextField,
  choice: ChoiceField,
  'multi-choice': MultiChoiceField,
  toggle: ToggleField,
  order: OrderField,
  matrix: MatrixField,
  number: InputField,
  date: InputField,
  scale: ScaleField,
  tags: TagsField,
}

export function FieldView(props: FieldProps) {
  const Control = CONTROLS[props.field.kind] as (props: FieldProps) => ReactNode
  return <Control {...props} />
}
