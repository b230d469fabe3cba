// Small statistics the browser benches share: quantiles, a seeded bootstrap interval of a median
// (or of any statistic of resampled groups), and a verdict against a limit.

/** The q-quantile of xs, interpolated between the two nearest ranks. */
export function quantile(xs, q) {
  const sorted = [...xs].sort((a, b) => a - b)
  const i = (sorted.length - 1) * q
  const lo = Math.floor(i)
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (i - lo)
}
export const median = (xs) => quantile(xs, 0.5)
export const iqr = (xs, f = (x) => x.toFixed(1)) => `IQR ${f(quantile(xs, 0.25))}–${f(quantile(xs, 0.75))}`
export const stats = (xs) => `median ${median(xs).toFixed(1)} ms  (${iqr(xs)}, min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)}, n=${xs.length})`
export const times = (x) => `${x.toFixed(2)}x`

/** A generator of uniform numbers in [0, 1) from a fixed seed (mulberry32): the same figures give the same interval. */
function seeded() {
  let seed = 0x9e3779b9
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * A bootstrap 95% interval of statistic(resample) over 2,000 resamples of `items` (with
 * replacement, as many as there are), drawn by a seeded generator.
 */
export function bootstrapInterval(items, statistic) {
  const random = seeded()
  const values = []
  for (let b = 0; b < 2000; b++) values.push(statistic(items.map(() => items[Math.floor(random() * items.length)])))
  return [quantile(values, 0.025), quantile(values, 0.975)]
}

/** A bootstrap 95% interval of the median of xs. */
export const medianInterval = (xs) => bootstrapInterval(xs, median)

/**
 * The verdict on `m` against `limit` (at most), given the 95% interval [lo, hi] of it: met or
 * not, and whether the interval is clear of the limit or straddles it.
 */
export function verdictOf(m, [lo, hi], limit, f) {
  const clear = m <= limit ? hi <= limit : lo > limit
  return { met: m <= limit, clear, lo, hi, text: `${m <= limit ? 'met' : 'NOT met'} (95% interval ${f(lo)}–${f(hi)}, ${clear ? 'clear of' : 'straddles'} the limit)` }
}

/** The verdict on the median of xs against `limit` (at most). */
export function verdict(xs, limit, f) {
  const v = verdictOf(median(xs), medianInterval(xs), limit, f)
  return { ...v, text: v.text.replace('95% interval', '95% interval of the median') }
}
