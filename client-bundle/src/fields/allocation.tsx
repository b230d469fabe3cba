// The allocation kind: a `total` to share among the options, one number box per option (named by
// its label, with the model's step, the unit after it), and under them a live line of what is
// left ("20 h left to place", "10 h over", "All 100 h placed"): the arithmetic of what was typed,
// said politely as it changes (marked when over), which every box names as its description. Whether the amounts
// sum to the total and sit on the step is the plugin's to judge (its check as the user types,
// and the submit). Its value has every option id, each with its amount (null for an empty box,
// NaN for a box that holds no number, which the Dock says is not one before sending).
import { useT } from '../i18n.ts'
import { isNum, isObj, isStr, keys, opt } from '../host/json.ts'
import { describedBy, FieldSet } from './common.tsx'
import { css, isItems, notANumber, withUnit, type FieldProps, type Kind } from './kind.ts'
import type { AllocationField } from '../contract/model.gen.ts'

// An AllocationField as the normalised model writes it: the plugin states its `step` (1 by default;
// the box steps by it) and its `initial`, amounts by option id (an option it leaves out starts at
// 0).

type Amounts = Record<string, number | null>

/** Every option's amount in `v` (a number or null), 0 where it names none. */
const amountsOf = (f: AllocationField, v: unknown): Amounts =>
  Object.fromEntries(f.options.map((o) => {
    const x = isObj(v) ? v[o.id] : undefined
    return [o.id, typeof x === 'number' || x === null ? x : 0]
  }))

function AllocationControl({ field: f, value, onChange, disabled, problems, id }: FieldProps<AllocationField>) {
  const t = useT()
  const amounts = amountsOf(f, value)
  const say = (n: number) => withUnit(n.toLocaleString(), f.unit)
  // Rounded to undo binary fractions (0.1 + 0.2): what is left, as the user reads the numbers.
  const left = Math.round((f.total - Object.values(amounts).reduce<number>((n, x) => n + (x || 0), 0)) * 1e6) / 1e6
  const invalid = problems.length > 0 || undefined
  return (
    <FieldSet field={f} kind="allocation" disabled={disabled} problems={problems} id={id}>
      {f.options.map((o) => {
        const x = amounts[o.id]
        return (
          <label key={o.id} className="tsf-inline tsf-alloc">
            <span className="tsf-option__text">
              <span className="tsf-option__label">{o.label}</span>
              {o.detail ? <span className="tsf-option__detail" id={`${id}-${o.id}-detail`}>{o.detail}</span> : null}
            </span>
            <input type="number" inputMode="decimal" className="tsf-input tsf-input--short" min={0} step={f.step}
              value={typeof x === 'number' && !Number.isNaN(x) ? x : ''} aria-invalid={invalid}
              aria-describedby={describedBy(o.detail && `${id}-${o.id}-detail`, `${id}-left`)}
              onChange={({ currentTarget: b }) => onChange({ ...amounts, [o.id]: b.validity.badInput ? NaN : b.value === '' ? null : b.valueAsNumber })} />
            {f.unit ? <span className="tsf-unit" aria-hidden>{f.unit}</span> : null}
          </label>
        )
      })}
      <p className="tsf-hint" id={`${id}-left`} aria-live="polite" data-over={left < 0 || undefined}>
        {left > 0 ? t('alloc.left', { n: say(left) }) : left < 0 ? t('alloc.over', { n: say(-left) }) : t('alloc.all', { n: say(f.total) })}
      </p>
    </FieldSet>
  )
}

export const allocation: Kind<AllocationField> = {
  name: 'allocation',
  read: (f) => isNum(f.total) && keys(f, { options: isItems, unit: opt(isStr), step: opt(isNum), initial: opt((v) => isObj(v) && Object.values(v).every(isNum)) }),
  start: (f) => amountsOf(f, f.initial),
  fits: (f, v) => (isObj(v) && f.options.every((o) => v[o.id] === null || isNum(v[o.id])) ? amountsOf(f, v) : undefined),
  // Every option's amount; all at 0 (an optional one left alone) is no answer.
  answer: (f, v) => {
    const a = amountsOf(f, v)
    return f.options.some((o) => a[o.id]) ? { list: f.options.map((o) => `${o.label}: ${withUnit(a[o.id] ?? 0, f.unit)}`), ordered: false } : { none: true }
  },
  check: (f, v) => (Object.values(amountsOf(f, v)).some(Number.isNaN) ? notANumber(f) : undefined),
  Control: AllocationControl,
  css: css`
/* One row per option: its label, the box, the unit. The label takes at least 30 % and whatever
   the box and the unit leave; the unit its own width up to 30 %, so a long unit
   ("engineer-weeks") wraps (at its hyphen) rather than squeeze the labels until they break
   inside a word ("dashboard/s" at 360 px). The unit breaks inside a word only when the row has
   no room for even that (320 px). */
.tsf-alloc {
  display: grid;
  grid-template-columns: minmax(30%,1fr) 5em fit-content(30%);
}
.tsf-alloc .tsf-unit {
  overflow-wrap: anywhere;
}
`,
}
