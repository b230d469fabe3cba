// A bench hook: the moment a submission (or any user message, for the composer reference) passes
// each hop in the host, one JSON line per hop appended to the file TASK_SURFACE_TIMELINE names.
// tests/browser/bench.mjs reads it beside the page's own performance marks; both clocks are
// epoch milliseconds with sub-millisecond resolution (timeOrigin + now) on the same machine.
// Unset (always, outside the bench), there is no mark function and callers skip the call
// (`mark?.(...)`).
//
// A mark only records the time and keeps the hop in memory; the hops are written together,
// asynchronously, once the process has been quiet of marks for a moment (FLUSH_MS), so the hook
// adds no file write to the path it measures (a synchronous append per hop did, on the shim's
// event loop). The bench waits for the hops it needs to appear in the file.
import { appendFile } from 'node:fs'
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
  return createBufferedWriter(file)
}

/** How long after the last mark the kept hops are written, in milliseconds. */
export const FLUSH_MS = 50
/** The longest a kept hop waits for its write while marks keep coming, in milliseconds. */
export const FLUSH_MAX_MS = 1_000

/**
 * A mark function that keeps the hops in memory and appends them to `file` in one asynchronous
 * write once no mark came for `flushMs` (or the oldest waited `maxMs`); one write at a time, in
 * the order marked.
 * @param {string} file
 * @param {{flushMs?: number, maxMs?: number}} [options]
 * @returns {Mark}
 */
export function createBufferedWriter(file, { flushMs = FLUSH_MS, maxMs = FLUSH_MAX_MS } = {}) {
  let pending = []
  let oldest = 0 // performance.now() of the first hop in pending
  let last = 0 // performance.now() of the latest mark
  let timer
  let writing = false

  const schedule = (ms) => {
    timer = setTimeout(tick, ms)
    timer.unref?.()
  }

  function tick() {
    timer = undefined
    if (pending.length === 0) return
    const now = performance.now()
    if (now - last < flushMs && now - oldest < maxMs) return schedule(flushMs - (now - last))
    if (writing) return schedule(flushMs)
    const text = pending.map((hop) => `${JSON.stringify(hop)}\n`).join('')
    pending = []
    writing = true
    appendFile(file, text, () => { // a bench hook must never break the harness: errors dropped
      writing = false
    })
  }

  return (hop, sessionId, fields) => {
    const now = performance.now()
    if (pending.length === 0) oldest = now
    last = now
    pending.push({ hop, sessionId, at: performance.timeOrigin + now, ...fields })
    if (timer === undefined) schedule(flushMs)
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
