// The keyed `tool.call.toolview` row of show_task_surface: a compact summary (title, field
// count, outcome) that opens a read-only replay of the logged model and, once submitted, of
// the submitted answers (each under its field's label and help text). The answers are read from
// the user message that submitted them (the outcome's seq): its source carries the values. While
// that message is not loaded in the conversation, the row says so instead of guessing. It is
// never an editor. Anything it cannot read exactly (an error result, meta of another version, a
// block or field kind it does not know, an outcome it does not know) renders the ordinary tool
// result content instead.
import { useId, useMemo, useState } from 'react'
import { PROJECTION_KEY, SOURCE_KEY, SOURCE_VERSION } from '../contract/words.gen.ts'
import type { ConversationNodeLike, ToolResultNode, ToolViewProps } from '../dsh.ts'
import { isObj } from '../host/json.ts'
import { readMeta, type Meta } from '../model.ts'
import { outcomeOf, readProjection, type Outcome, type OutcomeKind } from '../projection.ts'
import { TContext, useT } from '../i18n.ts'
import { withFallback } from '../locales.ts'
import { Section } from '../blocks/Section.tsx'
import { answerOf, initialValues } from '../fields/kinds.ts'
import { shownIds } from '../fields/when.ts'
import type { Values } from '../values.ts'
import { Fallback, resultText } from './Fallback.tsx'
import { FormIcon } from './FormIcon.tsx'

type Status = 'open' | Exclude<OutcomeKind, 'unknown'> | 'closed'

function titleFromArgs(argsRaw: string): string {
  try {
    const args = JSON.parse(argsRaw) as { model?: { title?: unknown } }
    return typeof args.model?.title === 'string' ? args.model.title : ''
  } catch {
    return '' // arguments still streaming
  }
}

/** The values a submission's user message carries: the message at the outcome's seq, when it is
 * loaded and its source's correlation names this call and surface; undefined otherwise. */
export function submittedValues(nodes: readonly ConversationNodeLike[] | undefined, o: Outcome): Record<string, unknown> | undefined {
  const node = o.outcome === 'submitted' ? nodes?.find((n) => n.seq === o.seq && (n.kind === 'user' || n.kind === 'steering')) : undefined
  const c = isObj(node?.source) ? node.source[SOURCE_KEY] : undefined
  return isObj(c) && c.version === SOURCE_VERSION && c.callId === o.callId && c.surfaceId === o.surfaceId && isObj(c.values) ? c.values : undefined
}

function Answers({ meta, values }: { meta: Meta; values: Record<string, unknown> | undefined }) {
  const t = useT()
  // The fields shown for these answers (a field the submission leaves out takes its initial
  // value, as the plugin reads it): a hidden field's question was not asked.
  const shown = values && shownIds(meta.model, { ...initialValues(meta.model), ...values } as Values)
  const list = shown === undefined ? null : meta.model.fields.filter((f) => shown.has(f.id)).map((f) => {
    const a = answerOf(f, values![f.id], t)
    const List = 'list' in a && a.ordered ? 'ol' : 'ul'
    return (
      <div className="tsf-answer" key={f.id} data-field={f.id}>
        <dt>{f.label}{f.help ? <span className="tsf-answer__help">{f.help}</span> : null}</dt>
        <dd>
          {'none' in a ? <span className="tsf-muted">{t('row.noAnswer')}</span>
            : 'text' in a ? <span className="tsf-answer__text">{a.text}</span>
            : <List>{a.list.map((x, i) => <li key={i}>{x}</li>)}</List>}
        </dd>
      </div>
    )
  })
  return (
    <div className="tsf-answers">
      <h4 className="tsf-section__title">{t('row.answers')}</h4>
      {list ? <dl className="tsf-answers__list">{list}</dl> : <p className="tsf-muted" data-not-loaded="">{t('row.answersNotLoaded')}</p>}
    </div>
  )
}

function fieldCount(n: number, t: ReturnType<typeof useT>): string {
  if (n === 0) return t('row.fields.none')
  return n === 1 ? t('row.fields.one') : t('row.fields.other', { count: n })
}

/** A part of the summary after a separator dot, when there is anything to say. */
const part = (className: string, text: string) =>
  text ? <><span className="tsf-row__sep" aria-hidden /><span className={className}>{text}</span></> : null

function Summary({ title, detail, status, expanded, onToggle, controls }: {
  title: string
  detail: string
  status: Status | 'preparing'
  expanded: boolean | null
  onToggle?: () => void
  controls?: string
}) {
  const t = useT()
  const inner = (
    <>
      <FormIcon />
      <span className="tsf-row__label">{t('row.label')}</span>
      {part('tsf-row__title', title)}
      {part('tsf-row__detail', detail)}
      <span className={`tsf-chip tsf-chip--${status}`} data-status={status}>{t(`row.status.${status}`)}</span>
    </>
  )
  if (expanded === null) return <div className="tsf-row__summary">{inner}</div>
  return (
    <button type="button" className="tsf-row__summary tsf-row__summary--button" aria-expanded={expanded} aria-controls={controls} onClick={onToggle}>
      <span className="tsf-chevron" aria-hidden data-open={expanded || undefined} />
      {inner}
      <span className="tsf-sr">{expanded ? t('row.hide') : t('row.show')}</span>
    </button>
  )
}

function SettledRow({ meta, status, values }: { meta: Meta; status: Status; values: Record<string, unknown> | undefined }) {
  const t = useT()
  const id = useId()
  const [open, setOpen] = useState(false)
  return (
    <div className="tsf-row" data-task-surface-row="" data-status={status} data-surface-id={meta.surfaceId}>
      <Summary title={meta.model.title} detail={fieldCount(meta.model.fields.length, t)} status={status} expanded={open}
        onToggle={() => setOpen(!open)} controls={`${id}-replay`} />
      {open ? (
        <div className="tsf-row__replay" id={`${id}-replay`}>
          {meta.model.description ? <p className="tsf-desc">{meta.model.description}</p> : null}
          {meta.model.sections.map((s, i) => <Section key={s.id} section={s} index={i} markdown={meta.markdown} headingLevel={4} />)}
          {status === 'submitted' ? <Answers meta={meta} values={values} /> : null}
        </div>
      ) : null}
    </div>
  )
}

export function TaskSurfaceRow(props: ToolViewProps) {
  const t = useMemo(() => withFallback(props.t), [props.t])
  const raw = props.useProjection(PROJECTION_KEY)
  const view = useMemo(() => readProjection(raw), [raw])
  const { block, callId } = props
  const outcome = outcomeOf(view, 'callId', callId)
  const values = props.useSession((s) => (outcome ? submittedValues(s.nodes, outcome) : undefined))

  let body
  if (block.kind !== 'tool-result') {
    body = (
      <div className="tsf-row" data-task-surface-row="" data-status="preparing">
        <Summary title={titleFromArgs(block.argsRaw)} detail="" status="preparing" expanded={null} />
      </div>
    )
  } else {
    const node = block as ToolResultNode
    const meta = node.isError ? null : readMeta(node.meta)
    const status: Status | null = view?.active?.callId === callId ? 'open'
      : outcome === undefined ? 'closed'
      : outcome.outcome === 'unknown' ? null
      : outcome.outcome
    body = meta === null || status === null
      ? <Fallback text={resultText(node)} isError={node.isError} />
      : <SettledRow meta={meta} status={status} values={values} />
  }
  return <TContext.Provider value={t}>{body}</TContext.Provider>
}
