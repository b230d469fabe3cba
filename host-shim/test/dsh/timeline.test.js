// The bench's timeline hook: off unless TASK_SURFACE_TIMELINE names a file; on, every hop of a
// submission through the Remote and the queue is one JSON line, in order,
// written after the marks instead of on the path they measure.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createQueue } from '../../src/dsh/queue.js'
import { createRemoteService } from '../../src/dsh/remote.js'
import { createBufferedWriter, createTimeline, watchLoop } from '../../src/dsh/timeline.js'

/** The JSON lines of `file` once it holds `n` whole ones (an append may be half written when
 * read); fails if that takes seconds. */
async function linesOnce(file, n) {
  const deadline = Date.now() + 5_000
  for (;;) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : ''
    const lines = text.slice(0, text.lastIndexOf('\n') + 1).split('\n').filter(Boolean)
    if (lines.length >= n) return lines.map((l) => JSON.parse(l))
    assert.ok(Date.now() < deadline, `${file} holds ${lines.length} of ${n} lines after 5 s`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

test('without a file the hook is off: no mark function at all', () => {
  assert.equal(createTimeline(undefined), null)
  assert.equal(createTimeline(''), null)
  watchLoop(null, 'ses_1') // nothing to watch with, nothing started
})

test('with a file every mark is one JSON line: hop, session, epoch time and its fields', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tsf-timeline-'))
  try {
    const file = join(dir, 'timeline.jsonl')
    const mark = createTimeline(file)
    const before = Date.now()
    mark('remote.submit', 'ses_1', { submissionId: 'sub_1' })
    mark('queue.followup', 'ses_1')
    assert.equal(existsSync(file), false, 'nothing is written on the path being measured')
    const lines = await linesOnce(file, 2)
    assert.deepEqual(lines.map(({ at, ...rest }) => rest), [
      { hop: 'remote.submit', sessionId: 'ses_1', submissionId: 'sub_1' },
      { hop: 'queue.followup', sessionId: 'ses_1' },
    ])
    for (const { at } of lines) assert.ok(at >= before - 1 && at <= Date.now() + 1, 'epoch milliseconds')
    assert.ok(lines[0].at <= lines[1].at)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('marks that keep coming are written all the same, in order, once the oldest waited long enough', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tsf-timeline-'))
  try {
    const file = join(dir, 'timeline.jsonl')
    const mark = createBufferedWriter(file, { flushMs: 40, maxMs: 100 })
    let i = 0
    const steady = setInterval(() => mark('loop.stall', 'ses_1', { i: i++ }), 1) // never 40 ms quiet
    try {
      const lines = await linesOnce(file, 3)
      assert.deepEqual(lines.slice(0, 3).map((l) => l.i), [0, 1, 2])
    } finally {
      clearInterval(steady)
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a submission passes the Remote and the queue in order, each hop marked', async () => {
  const hops = []
  const mark = (hop, sessionId) => hops.push(`${hop} ${sessionId}`)
  const listeners = []
  const agent = {
    id: 'ses_1', session: { id: 'ses_1', events: [] }, inbox: { nextTurn: [], nextStep: [] },
    followup(message) {
      this.inbox.nextTurn.push(message)
      for (const [name, fn] of listeners) if (name === 'agent/inbox/inserted') fn({ agent: this, message })
    },
  }
  const ctx = { on: (name, fn) => listeners.push([name, fn]) }
  const view = () => ({ active: { callId: 'call_1', surfaceId: 'tsf_a' }, outcomes: [] })
  const queue = createQueue({ ctx, view, log: () => {}, mark })
  queue.observe()
  // The plugin's Submit decides the admission; the Remote carries it out and answers.
  const admit = { message_id: 'msg-1', text: 'Go', source_json: Buffer.from('{"kind":"user"}'), surface_id: 'tsf_a', call_id: 'call_1' }
  const plugin = { call: async (method, req) => ({ accepted: true, message_id: 'msg-1', phase: 'queued', admit: { ...admit, state_token: req.snapshot.state_token } }) }
  class TypertRemoteService {}
  const Remote = createRemoteService(plugin, { TypertRemoteService, Remote: () => {} }, { queue, dismissals: {}, agentFor: async () => agent, mark })
  await new Remote({}).submit(agent.session, 'tsf_a', 'sub_1', {}, '', undefined, AbortSignal.timeout(1_000))
  await new Promise((resolve) => setImmediate(resolve))
  assert.deepEqual(hops, [
    'remote.submit ses_1', 'remote.decided ses_1', 'queue.followup ses_1', 'inbox.inserted ses_1', 'queue.followed ses_1',
    'remote.answered ses_1',
  ])
})

test('a stall of the event loop after a message is queued is marked with how long it lasted', async () => {
  const stalls = []
  const done = new Promise((resolve) => {
    watchLoop((hop, sessionId, fields) => {
      stalls.push({ hop, sessionId, ...fields })
      resolve()
    }, 'ses_1', { forMs: 1_000, overMs: 4 })
  })
  const until = performance.now() + 30
  while (performance.now() < until) { /* keep the loop busy */ }
  await done
  assert.equal(stalls[0].hop, 'loop.stall')
  assert.equal(stalls[0].sessionId, 'ses_1')
  assert.ok(stalls[0].ms >= 30, `the stall covers the busy 30 ms (${stalls[0].ms})`)
})
