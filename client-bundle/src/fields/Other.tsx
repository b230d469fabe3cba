// "Other…" for a field of options with `allowOther`: one more radio or checkbox that,
// when chosen, shows a text box for the user's own answer. The text is kept while the user
// tries other options, so choosing "Other…" again brings it back.
import { useState } from 'react'
import { useT } from '../i18n.ts'
import type { Value } from '../values.ts'
import { isOther } from './kind.ts'

export interface OtherProps {
  /** The user's own answer when chosen, {"other": text}: the value of radios, the last item of
   * the checkboxes' array. */
  own: Value | undefined
  /** radio (with the group's name) or checkbox, as the field's other options are. */
  type: 'radio' | 'checkbox'
  name?: string
  invalid: boolean
  /** Called with the text when "Other…" is chosen or its text changes, null when unchosen. */
  onOwn: (text: string | null) => void
  id: string
}

export function OtherOption({ own, type, name, invalid, onOwn, id }: OtherProps) {
  const t = useT()
  const chosen = isOther(own)
  const [text, setText] = useState(chosen ? own.other : '')
  return (
    <>
      <label className="tsf-option">
        <input type={type} name={name} checked={chosen} aria-invalid={invalid || undefined} data-other=""
          tabIndex={type === 'radio' && !chosen ? -1 : undefined}
          onChange={(e) => onOwn(e.target.checked ? text : null)} />
        <span className="tsf-option__label">{t('other.option')}</span>
      </label>
      {chosen ? (
        <input className="tsf-input tsf-other" id={`${id}-other`} type="text" autoComplete="off" value={own.other}
          aria-label={t('other.input')} aria-invalid={invalid || undefined} data-other-text=""
          onChange={(e) => { setText(e.target.value); onOwn(e.target.value) }} />
      ) : null}
    </>
  )
}
