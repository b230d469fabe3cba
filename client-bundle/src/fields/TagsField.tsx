// A tags field: the chosen tags as chips, then a text box. Enter or a comma (also "，") adds
// what was typed, leaving the box adds it too, Backspace in the empty box removes the last tag,
// and each chip's × button ("Remove “x”") removes that one. The model's suggestions are buttons
// ("Add “x”") for the ones not chosen yet. At maxItems the box takes no more (the hint says so).
// Tags are trimmed, non-empty and distinct; everything else is the plugin's to check.
import { useRef, useState, type KeyboardEvent } from 'react'
import type { FieldOf } from '../model.ts'
import { useT } from '../i18n.ts'
import { blank, maxTags, strings } from '../values.ts'
import { controlAria, FieldHelp, FieldLabel, FieldProblems, helpOf, type FieldProps } from './common.tsx'

const COMMA = /[,，]/

export function TagsField({ field, value, onChange, disabled, problems, id }: FieldProps<FieldOf<'tags'>>) {
  const t = useT()
  const box = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const tags = strings(value)
  const max = maxTags(field)
  const full = tags.length >= max
  const aria = controlAria(id, problems, helpOf(field, id), `${id}-hint`)
  const add = (words: string[]) => {
    const next = [...tags]
    for (const w of words.map((w) => w.trim())) if (!blank(w) && !next.includes(w) && next.length < max) next.push(w)
    if (next.length > tags.length) onChange(next)
  }
  const remove = (i: number) => {
    onChange(tags.filter((_, j) => j !== i))
    box.current?.focus()
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'Enter' && !e.ctrlKey && !e.metaKey) || COMMA.test(e.key)) {
      e.preventDefault()
      add([text])
      setText('')
    } else if (e.key === 'Backspace' && text === '' && tags.length > 0) {
      e.preventDefault()
      remove(tags.length - 1)
    }
  }
  const suggestions = full ? [] : (field.suggestions ?? []).filter((s) => !tags.includes(s))
  return (
    <div className="tsf-field" role="group" aria-labelledby={`${id}-label`} data-field={field.id}>
      <FieldLabel field={field} htmlFor={`${id}-input`} id={`${id}-label`} />
      <FieldHelp field={field} id={id} />
      <div className="tsf-input tsf-tags" aria-invalid={aria['aria-invalid']}>
        {tags.map((tag, i) => (
          <span key={tag} className="tsf-chip tsf-tag" data-tag={tag}>
            {tag}
            <button type="button" className="tsf-icon-button tsf-tag__x" disabled={disabled} aria-label={t('tags.remove', { tag })} onClick={() => remove(i)}>×</button>
          </span>
        ))}
        <input
          ref={box}
          id={`${id}-input`}
          type="text"
          autoComplete="off"
          className="tsf-tags__input"
          value={text}
          disabled={disabled}
          readOnly={full}
          {...aria}
          onKeyDown={onKeyDown}
          onChange={(e) => {
            // A paste of "a, b, c" adds a and b; c stays in the box.
            const parts = e.target.value.split(COMMA)
            add(parts.slice(0, -1))
            setText(parts.at(-1) ?? '')
          }}
          onBlur={() => {
            add([text])
            setText('')
          }}
        />
      </div>
      <p className="tsf-hint" id={`${id}-hint`} aria-live="polite">{t('tags.help', { count: tags.length, max })}{full ? ' ' + t('tags.full', { max }) : ''}</p>
      {suggestions.length > 0 ? (
        <div className="tsf-tags__suggest" role="group" aria-label={t('tags.suggestions')}>
          {suggestions.map((s) => (
            <button key={s} type="button" className="tsf-link-button" disabled={disabled} aria-label={t('tags.add', { tag: s })} onClick={() => add([s])}>+ {s}</button>
          ))}
        </div>
      ) : null}
      <FieldProblems id={id} problems={problems} />
    </div>
  )
}
