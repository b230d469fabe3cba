// Benchmarks the projection fold's JavaScript twin over a realistic
// 100k-event session log: mostly events the fold ignores (assistant text,
// step markers, other tools, context injections), some show_task_surface
// calls, and surfaces closed by submission, bypass and dismissal. The Go
// fold's BenchmarkFold* in plugin/fold use the same shape.
//
// Run: node host-shim/bench/fold.bench.mjs
// Goals: <= 50 µs per event, <= 1 s for a cold restore of 100k events.
import { performance } from 'node:perf_hooks'
import { apply, init } from '../src/fold/fold.js'

const TURNS = 2000
const EVENTS_PER_TURN = 50

/** Builds the log: 2000 turns of 50 events each. */
function buildLog () {
  const events = []
  let seq = 0
  const push = (type, data) => events.push({ type, seq: ++seq, data })
  const text = 'The build is green; the flaky test was a race in the cache warm-up. '.repeat(3)
  const fileBody = 'export function add (a, b) {\n  return a + b\n}\n'.repeat(32)
  const model = {
    version: 1,
    title: 'Choose the migration plan',
    sections: [{ id: 'plans', layout: { kind: 'grid', columns: 2 }, blocks: [
      { kind: 'markdown', text: '## Plans\n\nTwo ways to move the data. ' + text },
      { kind: 'table', columns: [{ id: 'plan', label: 'Plan' }, { id: 'cost', label: 'Cost' }], rows: Array.from({ length: 12 }, (_, i) => ({ plan: `plan ${i}`, cost: i * 10 })) }
    ] }],
    fields: [
      { kind: 'choice', id: 'plan', label: 'Plan', options: [{ id: 'a', label: 'Online' }, { id: 'b', label: 'Offline' }] },
      { kind: 'text', id: 'notes', label: 'Notes', multiline: true }
    ],
    submit: { label: 'Send' }
  }
  let open = null
  for (let k = 0; k < TURNS; k++) {
    const start = events.length
    const msg = (id, source) => push('user/message', { id, role: 'user', content: [{ type: 'text', text: 'Please go on.' }], source })
    if (k % 10 === 1 && open) {
      msg(`tsm_${k}`, { kind: 'user', taskSurface: { version: 1, submissionId: `sub-${k}`, callId: open.callId, surfaceId: open.surfaceId, values: { plan: 'a', notes: 'ship it' } } })
    } else if (k % 10 === 7 && open) {
      push('command/run', { commandId: `cmd-${k}`, name: 'task-surface', args: `dismiss ${open.surfaceId} dis-${k}` })
      push('command/done', { commandId: `cmd-${k}`, kind: 'success', text: 'Dismissed.' })
      msg(`u-${k}`, { kind: 'user', rpcId: `rpc-${k}` })
    } else {
      msg(`u-${k}`, { kind: 'user', rpcId: `rpc-${k}` }) // bypasses the surface of turns 3, 13, ...
    }
    open = null
    const opens = k % 10 === 0 || k % 10 === 3 || k % 10 === 6
    const end = start + EVENTS_PER_TURN - (opens ? 2 : 0)
    for (let i = 0; events.length < end; i++) {
      switch (i % 6) {
        case 0: case 2: push('assistant/delta', { turn: k, step: i, text }); break
        case 1: push('agent/step', { turn: k, step: i, usage: { input: 1200, output: 80 } }); break
        case 3: {
          const callId = `call_${k}_${i}`
          push('tool/call', { turn: k, step: i, callId, name: 'read_file', arguments: '{"path":"src/add.js"}' })
          if (events.length < end) {
            push('tool/result', { turn: k, step: i, message: { source: { kind: 'tool', callId }, content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text: fileBody }], isError: false }], role: 'user', id: `r_${k}_${i}` } })
          }
          break
        }
        case 4: push('user/message', { id: `ctx-${k}-${i}`, role: 'user', content: [{ type: 'text', text }], source: { kind: 'plugin', plugin: 'dsh-goal' } }); break
        default: push('agent/inbox/spliced', { target: 'next-turn', start: 0, removedCount: 0, inserted: [] })
      }
    }
    if (opens) {
      const callId = `call_ts_${k}`
      open = { callId, surfaceId: `tsf_${k}` }
      push('tool/call', { turn: k, step: 99, callId, name: 'show_task_surface', arguments: JSON.stringify({ model }) })
      push('tool/result', { turn: k, step: 99, message: { source: { kind: 'tool', callId }, content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text: 'Opened Task Surface.' }], isError: false }], role: 'user', id: `r_ts_${k}` }, meta: { kind: 'dsh/task-surface', version: 1, surfaceId: open.surfaceId, model } })
    }
  }
  return events
}

function foldAll (events) {
  let s = init()
  for (const e of events) s = apply(s, e)
  return s
}

function check (s) {
  const kinds = new Set(s.outcomes.map((o) => o.outcome))
  for (const k of ['submitted', 'bypassed', 'dismissed']) {
    if (!kinds.has(k)) throw new Error(`benchmark log closed no surface as ${k}: ${JSON.stringify(s.outcomes)}`)
  }
}

const events = buildLog()

// Cold: the first fold in a fresh process, before the JIT has seen apply().
let t0 = performance.now()
const cold = foldAll(events)
const coldMs = performance.now() - t0
check(cold)

// Warm: the steady state of a live session.
const rounds = 20
t0 = performance.now()
for (let r = 0; r < rounds; r++) foldAll(events)
const warmUsPerEvent = ((performance.now() - t0) * 1000) / (rounds * events.length)

// A restore from disk also parses the log; that part is the harness's.
const jsonl = events.map((e) => JSON.stringify(e)).join('\n')
t0 = performance.now()
const parsed = jsonl.split('\n').map((l) => JSON.parse(l))
const parseMs = performance.now() - t0
t0 = performance.now()
foldAll(parsed)
const restoreFoldMs = performance.now() - t0

const ok = (v, goal) => (v <= goal ? 'ok' : 'OVER GOAL')
console.log(`log: ${events.length} events, ${(jsonl.length / 1e6).toFixed(1)} MB as JSON lines`)
console.log(`cold restore, fold only:          ${coldMs.toFixed(1)} ms per ${events.length} events (${((coldMs * 1000) / events.length).toFixed(3)} µs/event) [goal 1000 ms: ${ok(coldMs, 1000)}]`)
console.log(`warm fold:                        ${warmUsPerEvent.toFixed(3)} µs/event [goal 50 µs: ${ok(warmUsPerEvent, 50)}]`)
console.log(`restore with JSON.parse (harness): parse ${parseMs.toFixed(1)} ms + fold ${restoreFoldMs.toFixed(1)} ms`)
