// A bench hook: the moment a submission (or any user message, for the composer reference) passes
// each hop in the host, one JSON line per hop appended to the file TASK_SURFACE_TIMELINE names.
// tests/browser/bench.mjs reads it beside the page's own performance marks; both clocks are
// epoch milliseconds with sub-millisecond resolution (timeOrigin + now) on the same machine.
// Unset (always, outside the bench), there is no mark function and callers skip the call
// (`mark?.(...)`).
import { appendFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'

/**
 * @callback Mark
 * @param {string} hop - the hop's name, e.g. `remote.submit`.
 * @param {string} sessionId - the session the message belongs to (the bench's correlation key).
 * @param {Record<string, unknown>} [fields] - anything else worth keeping (message id, ...).
 * @returns {void}
 */

/**
 * The mark function for this process: a writer to `file`, or null when there is none (the hook
 * is off).
 * @param {string|undefined} [file]
 * @returns {Mark|null}
 */
export function createTimeline(file = process.env.TASK_SURFACE_TIMELINE) {
  if (!file) return null
  return (hop, sessionId, fields) => {
    const at = performance.timeOrigin + performance.now()
    try {
      appendFileSync(file, `${JSON.stringify({ hop, sessionId, at, ...fields })}\n`)
    } catch { /* a bench hook must never break the harness */ }
  }
}

/**
 * While the hook is on, watch the event loop for `forMs` after a message was queued: every
 * stall of the loop longer than `overMs` becomes a `loop.stall` mark (its end, with `ms`), so
 * the bench can tell "Node was busy" from "Node was waiting for the plugin".
 * @param {Mark|null} mark
 * @param {string} sessionId
 * @param {{forMs?: number, overMs?: number}} [options]
 */
export function watchLoop(mark, sessionId, { forMs = 250, overMs = 4 } = {}) {
  if (!mark) return
  const start = performance.now()
  let last = start
  const timer = setInterval(() => {
    const now = performance.now()
    if (now - last > overMs) mark('loop.stall', sessionId, { ms: now - last, sinceQueued: now - start })
    last = now
    if (now - start > forMs) clearInterval(timer)
  }, 1)
}
