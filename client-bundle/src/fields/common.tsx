// What every field shares: its props, and the problems shown under it.
import type { Field } from '../model.ts'
import type { Problem, Value } from '../values.ts'
import { useT } from '../i18n.ts'
import type { Translate } from '../dsh.ts'

export interface FieldProps<F extends Field = Field> {
  field: F
  value: Value
  onChange: (v: Value) => void
  disabled: boolean
  problems: readonly Problem[]
  /** DOM id prefix, unique in the page. */
  id: string
}

const LOCALISED = new Set(['required', 'limit-exceeded'])

/** A problem's message in the chrome's language when the code is one the client knows. */
export function problemText(p: Problem, t: Translate): string {
  if (LOCALISED.has(p.code)) return t(`problem.${p.code}`)
  return p.message || p.code
}

export const problemsId = (id: string): string => `${id}-problems`

export function FieldProblems({ id, problems }: { id: string; problems: readonly Problem[] }) {
  const t = useT()
  if (problems.length === 0) return null
  return (
    <div className="tsf-problems" id={problemsId(id)}>
      {problems.map((p, i) => <p key={i} className="tsf-problem">{problemText(p, t)}</p>)}
    </div>
  )
}

/** aria-describedby for a control: its detail text and its problems, when present. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean)
  return list.length ? list.join(' ') : undefined
}
