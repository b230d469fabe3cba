// Dispatches a field to the control of its kind.
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

export function FieldView(props: FieldProps) {
  const f = props.field
  switch (f.kind) {
    case 'text': return <TextField {...props} field={f} />
    case 'choice': return <ChoiceField {...props} field={f} />
    case 'multi-choice': return <MultiChoiceField {...props} field={f} />
    case 'toggle': return <ToggleField {...props} field={f} />
    case 'order': return <OrderField {...props} field={f} />
    case 'matrix': return <MatrixField {...props} field={f} />
    case 'number':
    case 'date': return <InputField {...props} field={f} />
    case 'scale': return <ScaleField {...props} field={f} />
    case 'tags': return <TagsField {...props} field={f} />
  }
}
