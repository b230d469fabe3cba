// The tags kind: the chosen tags as chips, then a text box. Enter or a comma (also "，") adds
// what was typed, leaving the box adds it too, Backspace in the empty box removes the last tag,
// and each chip's × button ("Remove “x”") removes that one. The model's suggestions are buttons
// ("Add “x”") for the ones not chosen yet. At maxItems (the plugin states it) the box takes no
// more tags (the hint says so): what does not fit stays in the box as typed, never dropped. Tags
// are trimmed, non-empty and distinct; everything else is the plugin's to check. Its value is the
// list of tags.
import { useRef, useState, type KeyboardEvent } from 'react'
import { useT } from '../i18n.ts'
import { controlAria, FieldHelp, FieldLabel, FieldProblems, helpOf } from './common.tsx'
import { isNum, isStrs, keys, opt, strings } from '../host/json.ts'
import { css, listAnswer, type FieldProps, type Kind, type Stated } from './kind.ts'
import type * as Schema from '../contract/model.gen.ts'

/** A tags field as the normalised model writes it: the plugin states `maxItems`. */
export type TagsField = Stated<Schema.TagsField, 'maxItems'>

const COMMA = /[,，]/

function TagsControl({ field, value, onChange, disabled, problems, id }: FieldProps<TagsField>) {
  const t = useT()
  const box = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const tags = strings(value)
  const max = field.maxItems
  const full = tags.length >= max
  const aria = controlAria(id, problems, helpOf(field, id), `${id}-hint`)
  /** Adds `words` as tags while there is room; returns the ones that did not fit. */
  const add = (words: string[]): string[] => {
    const next = [...tags]
    const left: string[] = []
    for (const w of words.map((w) => w.trim())) {
      if (!w || next.includes(w)) continue
      if (next.length < max) next.push(w)
      else left.push(w)
    }
    if (next.length > tags.length) onChange(next)
    return left
  }
  /** Adds `words`; the box keeps what did not fit, and `rest` (what is still being typed). */
  const take = (words: string[], rest = '') => setText([...add(words), rest].filter(Boolean).join(','))
  const remove = (i: number) => {
    onChange(tags.filter((_, j) => j !== i))
    box.current?.focus()
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'Enter' && !e.ctrlKey && !e.metaKey) || COMMA.test(e.key)) {
      e.preventDefault()
      if (!full) take([text])
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
          {...aria}
          onKeyDown={onKeyDown}
          onChange={(e) => {
            // A paste of "a, b, c" adds a and b; c stays in the box, as does what has no room.
            const parts = e.target.value.split(COMMA)
            if (full) setText(e.target.value)
            else take(parts.slice(0, -1), parts.at(-1))
          }}
          onBlur={() => { if (!full) take([text]) }}
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

export const tags: Kind<TagsField> = {
  name: 'tags',
  read: (f) => keys(f, { maxItems: isNum, suggestions: opt(isStrs), initial: opt(isStrs) }),
  start: (f) => [...(f.initial ?? [])],
  fits: (f, v) => (Array.isArray(v) && v.length <= f.maxItems && v.every((x, i) => typeof x === 'string' && x !== '' && v.indexOf(x) === i) ? [...(v as string[])] : undefined),
  answer: (_, v) => listAnswer(v, String),
  Control: TagsControl,
  css: css`
.tsf-tags {
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  padding: 4px 6px;
}
.tsf-tag {
  max-width: 100%;
  padding-right: 0;
  color: var(--tsf-fg);
  font: var(--tsf-font);
  overflow-wrap: anywhere;
}
.tsf-tag .tsf-icon-button {
  width: 24px;
  height: 24px;
}
.tsf-tags__input {
  flex: 1 0 6em;
  min-width: 0;
  border: 0;
  outline: 0;
  background: none;
  color: var(--tsf-fg);
  font: var(--tsf-font);
  padding: 3px 2px;
}
.tsf-tags__suggest {
  display: flex;
  flex-wrap: wrap;
  gap: 2px;
}
`,
}
