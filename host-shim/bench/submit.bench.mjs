// Node -> plugin Submit up to the plugin's call back to Host.AdmitUserMessage, outside dsh: the
// plugin's share of the browser timeline's row "Remote.submit → Host.AdmitUserMessage"
// (tests/browser/bench.mjs), measured without the harness around it. Each submission goes to a
// fresh session that first opened compare-options (Show) and read it once (GetActive, as the Dock
// does when it mounts, which confirms the model against the tool result), then submits with the
// session's projection view, as the shim's Remote sends it. The host handlers answer at once, as
// the shim's do from memory; AdmitUserMessage notes when it was entered (the shim's `host.admit`
// hop).
//
// The reference is the plugin's Echo of a small payload on the same connection: one round trip
// Node -> plugin -> Node with no domain work. Submit -> admit is one such trip plus the plugin's
// validation and formatting; the rest of the browser row is dsh's event loop and the machine's
// other processes (the page, its compositor) around it.
//
// Run: node host-shim/bench/submit.bench.mjs   (ITERATIONS=n to change the sample size)
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { BUNDLE_ROOT } from '../src/dsh/manifest.js'
import { launchPlugin } from '../src/goplugin/plugin-process.js'
import { metaOf } from '../src/wire/meta.js'
import { buildPlugin, EMPTY_VIEW, fmt, manifest, median, percentile } from './common.mjs'

const ITERATIONS = Number(process.env.ITERATIONS ?? 300)
const WARMUP = 30
const MODEL = JSON.parse(readFileSync(join(BUNDLE_ROOT, 'examples', 'surfaces', 'compare-options.json'), 'utf8'))
const ARGUMENTS = Buffer.from(JSON.stringify({ model: MODEL }))
const VALUES = Buffer.from(JSON.stringify({ cache: 'redis', constraints: 'Must fit in one node.\nNo new service to run.' }))
const CALL_ID = 'call_1'
const viewOf = (surfaceId) => Buffer.from(JSON.stringify({ active: { callId: CALL_ID, surfaceId }, outcomes: [] }))

/** The tool result's metadata of each session's open call, as the log would hold it. */
const metas = new Map()
let admittedAt = 0
const binary = await buildPlugin()
const proc = await launchPlugin({
  path: binary.path,
  handshake: manifest.handshake,
  log: () => {},
  hostHandlers: {
    ReadProjection: async () => ({ found: false }),
    ReadToolResult: async (req) => {
      const meta = metas.get(req.session_id)
      if (!meta) return { found: false }
      return { found: true, tool_name: 'show_task_surface', meta_json: Buffer.from(JSON.stringify(meta)), is_error: false }
    },
    ListInFlight: async () => ({ messages: [] }),
    AdmitUserMessage: async (req) => {
      admittedAt = performance.now()
      return { admitted: true, message_id: req.message_id, duplicate: false }
    },
  },
})

/** One submission in a fresh session: [submit -> admit, submit -> answer] in milliseconds. */
async function submitOnce(i) {
  const sessionId = `bench-${i}`
  const shown = await proc.call('Show', {
    session_id: sessionId, call_id: CALL_ID, arguments_json: ARGUMENTS, projection_json: EMPTY_VIEW, mode: 'native', omit_meta: true,
  })
  if (!shown.ok) throw new Error(`show refused: ${shown.error_text}`)
  const value = JSON.parse(shown.value_json.toString())
  metas.set(sessionId, metaOf(value))
  const active = await proc.call('GetActive', { session_id: sessionId, surface_id: value.surfaceId, projection_json: viewOf(value.surfaceId), model_held: false })
  if (!active.active) throw new Error(`getActive: not open (${active.reason})`)
  admittedAt = 0
  const start = performance.now()
  const res = await proc.call('Submit', {
    session_id: sessionId, surface_id: value.surfaceId, submission_id: `sub-${i}`, values_json: VALUES, note: '', projection_json: viewOf(value.surfaceId),
  })
  const end = performance.now()
  metas.delete(sessionId)
  if (!res.accepted || admittedAt === 0) throw new Error(`submit not admitted: ${JSON.stringify(res)}`)
  return [admittedAt - start, end - start]
}

try {
  const toAdmit = []
  const toAnswer = []
  const echo = []
  const payload = Buffer.from(VALUES)
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    const [admit, answer] = await submitOnce(i)
    const t = performance.now()
    await proc.call('Echo', { payload })
    const e = performance.now() - t
    if (i < WARMUP) continue
    toAdmit.push(admit)
    toAnswer.push(answer)
    echo.push(e)
  }
  console.log(`Submit, Node -> plugin -> Host.AdmitUserMessage, outside dsh (compare-options, ${ITERATIONS} submissions, each in a fresh session opened and read once; medians, p95 in brackets)`)
  console.log(`  Submit -> AdmitUserMessage entered   ${fmt(median(toAdmit))} [${fmt(percentile(toAdmit, 0.95))}]`)
  console.log(`  Submit -> the plugin's answer        ${fmt(median(toAnswer))} [${fmt(percentile(toAnswer, 0.95))}]`)
  console.log(`  reference: plugin Echo, ${payload.length} bytes    ${fmt(median(echo))} [${fmt(percentile(echo, 0.95))}]`)
  console.log(`  Submit -> admit, beyond one Echo round trip: ${fmt(median(toAdmit) - median(echo))} (the plugin's validation, formatting and its call back)`)
} finally {
  await proc.shutdown()
}
