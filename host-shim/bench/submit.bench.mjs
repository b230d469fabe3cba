// Node -> plugin Submit -> the decision back in Node, outside dsh: the plugin's share of the
// browser timeline's row "Remote.submit -> queue.followup" (tests/browser/bench.mjs), measured
// without the harness around it. Each submission goes to a fresh session that first opened
// compare-options (Show) and read it once (GetActive, as the Dock does when it mounts), then
// submits with the session's snapshot, as the shim's Remote sends it: the plugin validates and
// formats the answers and answers the admission the host carries out.
//
// The reference is the plugin's Echo of a small payload on the same connection: one round trip
// Node -> plugin -> Node with no domain work. Submit is one such trip plus the plugin's
// validation and formatting; the rest of the browser row is dsh's event loop and the machine's
// other processes (the page, its compositor) around it.
//
// Run: node host-shim/bench/submit.bench.mjs   (ITERATIONS=n to change the sample size)
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { BUNDLE_ROOT } from '../src/dsh/manifest.js'
import { launchPlugin } from '../src/goplugin/plugin-process.js'
import { buildPlugin, EMPTY_VIEW, fmt, manifest, median, percentile } from './common.mjs'

const ITERATIONS = Number(process.env.ITERATIONS ?? 300)
const WARMUP = 30
const MODEL = JSON.parse(readFileSync(join(BUNDLE_ROOT, 'examples', 'surfaces', 'compare-options.json'), 'utf8'))
const ARGUMENTS = Buffer.from(JSON.stringify({ model: MODEL }))
const VALUES = Buffer.from(JSON.stringify({ cache: 'redis', constraints: 'Must fit in one node.\nNo new service to run.' }))
const CALL_ID = 'call_1'
const viewOf = (surfaceId) => Buffer.from(JSON.stringify({ active: { callId: CALL_ID, surfaceId }, outcomes: [] }))

const binary = await buildPlugin()
const proc = await launchPlugin({ path: binary.path, handshake: manifest.handshake, log: () => {} })
const snapshotOf = (surfaceId) => ({ projection_json: viewOf(surfaceId), queue: [], log_seq: 3 })

/** One submission in a fresh session: submit -> the decision, in milliseconds. */
async function submitOnce(i) {
  const sessionId = `bench-${i}`
  const shown = await proc.call('Show', {
    session_id: sessionId, call_id: CALL_ID, arguments_json: ARGUMENTS, projection_json: EMPTY_VIEW, mode: 'native', omit_meta: true,
  })
  if (!shown.ok) throw new Error(`show refused: ${shown.error_text}`)
  const value = JSON.parse(shown.value_json.toString())
  const active = await proc.call('GetActive', { session_id: sessionId, surface_id: value.surfaceId, snapshot: snapshotOf(value.surfaceId) })
  if (!active.active) throw new Error(`getActive: not open (${active.reason})`)
  const start = performance.now()
  const res = await proc.call('Submit', {
    session_id: sessionId, surface_id: value.surfaceId, submission_id: `sub-${i}`, values_json: VALUES, note: '', snapshot: snapshotOf(value.surfaceId),
  })
  const ms = performance.now() - start
  if (!res.accepted || !res.admit) throw new Error(`submit not decided: ${JSON.stringify(res)}`)
  return ms
}

try {
  const toDecision = []
  const echo = []
  const payload = Buffer.from(VALUES)
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    const decided = await submitOnce(i)
    const t = performance.now()
    await proc.call('Echo', { payload })
    const e = performance.now() - t
    if (i < WARMUP) continue
    toDecision.push(decided)
    echo.push(e)
  }
  console.log(`Submit, Node -> plugin -> the admission decided, outside dsh (compare-options, ${ITERATIONS} submissions, each in a fresh session opened and read once; medians, p95 in brackets)`)
  console.log(`  Submit -> the plugin's decision      ${fmt(median(toDecision))} [${fmt(percentile(toDecision, 0.95))}]`)
  console.log(`  reference: plugin Echo, ${payload.length} bytes    ${fmt(median(echo))} [${fmt(percentile(echo, 0.95))}]`)
  console.log(`  Submit, beyond one Echo round trip: ${fmt(median(toDecision) - median(echo))} (the plugin's validation and formatting)`)
} finally {
  await proc.shutdown()
}
