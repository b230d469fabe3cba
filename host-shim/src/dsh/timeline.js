// A bench hook: the moment a submission (or any user message, for the composer reference) passes
// each hop in the host, one JSON line per hop appended to the file TASK_SURFACE_TIMELINE names.
// tests/browser/bench.mjs reads it beside the page's own performance marks; both clocks are
// epoch milliseconds with sub-millisecond resolution (timeOrigin + now) on the same machine.
// Unset (always, outside the bench), a mark is a call to a function that does nothing.
import { appendFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'

/**
 * @callback Mark
 * @param {string} hop - the hop's name, e.g. `remote.submit`.
 * @param {string} sessionId - the session the message belongs to (the bench's correlation key).
 * @param {Record<string, unknown>} [fields] - anything else worth keeping (message id, ...).
 * @returns {void}
 */

/** @type {Mark} */
const off = () => {}

/** Whether the hook writes anywhere: the bench sets it, nothing else does. */
export const timelineOn = (file = process.env.TASK_SURFACE_TIMELINE) => Boolean(file)

/**
 * The mark function for this process: a writer to `file`, or a no-op when there is none.
 * @param {string|undefined} [file]
 * @returns {Mark}
 */
export function createTimeline(file = process.env.TASK_SURFACE_TIMELINE) {
  if (!file) return off
  return (hop, sessionId, fields) => {
    const at = performance.timeOrigin + performance.now()
    try {
      appendFileSync(file, `${JSON.stringify({ hop, sessionId, at, ...fields })}\n`)
    } catch { /* a bench hook must never break the harness */ }
  }
}
