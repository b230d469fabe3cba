// A metrics block: labelled values as a description list of small cards.
import type { MetricsBlock } from '../contract/model.gen.ts'

export function Metrics({ block }: { block: MetricsBlock }) {
  return (
    <dl className="tsf-metrics">
      {block.items.map((item, i) => (
        <div className="tsf-metric" key={i}>
          <dt className="tsf-metric__label">{item.label}</dt>
          <dd className="tsf-metric__value">{item.value}</dd>
          {item.detail ? <dd className="tsf-metric__detail">{item.detail}</dd> : null}
        </div>
      ))}
    </dl>
  )
}
