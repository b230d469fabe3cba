// Restart policy after a plugin crash: exponential backoff with jitter, capped, reset once a
// launch has stayed up long enough to count as healthy. The defaults are the Go SDK's
// (sdk/tshost SuperviseOptions): 100 ms doubling to a 10 s cap, so a plugin in a crash loop is
// tried again at most every 10 s and at least every 5 s, for as long as the harness runs.

/**
 * @typedef {object} BackoffOptions
 * @property {number} [initialMs] - delay before the first restart (default 100).
 * @property {number} [maxMs] - the cap on the delay (default DEFAULT_MAX_BACKOFF_MS).
 * @property {number} [factor] - growth per consecutive crash (default 2).
 * @property {number} [healthyAfterMs] - a launch that lived this long resets the count (default 60 000).
 * @property {() => number} [random] - a number in [0, 1); jitter source.
 */

/** The longest wait between two launches of a crashing plugin, as in the Go SDK. */
export const DEFAULT_MAX_BACKOFF_MS = 10_000

export class Backoff {
  /** @param {BackoffOptions} [options] */
  constructor(options = {}) {
    this.initialMs = options.initialMs ?? 100
    this.maxMs = options.maxMs ?? DEFAULT_MAX_BACKOFF_MS
    this.factor = options.factor ?? 2
    this.healthyAfterMs = options.healthyAfterMs ?? 60_000
    this.random = options.random ?? Math.random
    this.failures = 0
  }

  /**
   * Record a crash of a launch that had been up for upMs and return the delay before the
   * next launch. The ceiling grows as initial * factor^(n-1) up to maxMs; the delay is drawn
   * from [ceiling/2, ceiling] so a crash loop never spins and restarts do not synchronise.
   * @param {number} upMs - how long the crashed launch had been running.
   * @returns {number} milliseconds to wait.
   */
  next(upMs) {
    if (upMs >= this.healthyAfterMs) this.failures = 0
    this.failures += 1
    const ceiling = Math.min(this.maxMs, this.initialMs * this.factor ** (this.failures - 1))
    return Math.round(ceiling / 2 + this.random() * (ceiling / 2))
  }

  /** Forget earlier crashes (after an intentional stop). */
  reset() {
    this.failures = 0
  }
}
