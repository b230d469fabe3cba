// Accepted means durable: `dsh web` is killed with SIGKILL 0, 1, 5 and 20 ms after the answer to a
// submit said accepted, and started again on the same home. rc.8 holds a queued message in memory
// for a moment before it writes it to the log, so without more the answer could be gone; the
// plugin keeps each accepted submission in its journal before the admission (plugin/coord
// journal.go) and, once restarted, admits again what dsh lost. Each time the answer must reach
// the conversation exactly once, with nobody sending it again.
//
// TASK_SURFACE_KILL_RUNS sets the runs per delay (default 20).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeLlm } from './support/fake-llm.mjs'
import { Dsh, REPO, makeHome, packBundle, sleep, waitFor } from './support/harness.mjs'

const MODEL = JSON.parse(readFileSync(join(REPO, 'examples', 'surfaces', 'compare-options.json'), 'utf8'))
const RUNS = Number(process.env.TASK_SURFACE_KILL_RUNS ?? 20)
const DELAYS = [0, 1, 5, 20]
/** How long after the restart the answer has to reach the conversation. */
const DELIVERY_MS = 20_000

let llm
let home
let dsh

before(async () => {
  llm = await startFakeLlm()
  home = await makeHome(await packBundle())
  dsh = await start()
})

after(async () => {
  await dsh?.stop()
  await llm?.close()
  home?.cleanup()
})

const start = () => Dsh.start({ home: home.home, workspace: home.workspace, llmUrl: llm.url })

/** A new session whose model opens the example surface, idle; resolves with its ids. */
async function openSurface() {
  const sessionId = await dsh.createSession(home.workspace)
  llm.reply({ toolCalls: [{ name: 'show_task_surface', arguments: { model: MODEL } }] })
  const prompted = await dsh.prompt(sessionId, 'Help me pick a cache for the session store.')
  assert.equal(prompted.ok, true, JSON.stringify(prompted))
  const active = await waitFor(async () => (await dsh.projection(sessionId))?.active, { what: 'the surface to open' })
  await dsh.waitIdle(sessionId)
  return { sessionId, surfaceId: active.surfaceId }
}

/** The copies of a message in a session's log. */
async function copiesInLog(sessionId, messageId) {
  return (await dsh.events(sessionId)).filter((e) => e.type === 'user/message' && e.data.id === messageId).length
}

test(`dsh killed 0, 1, 5 and 20 ms after accepting, ${RUNS} times each: every answer reaches the conversation once`, { timeout: DELAYS.length * RUNS * 60_000 }, async (t) => {
  const tally = Object.fromEntries(DELAYS.map((d) => [d, { runs: 0, once: 0, lost: 0, doubled: 0, queuedOnly: 0 }]))
  for (const delay of DELAYS) {
    for (let run = 0; run < RUNS; run++) {
      const { sessionId, surfaceId } = await openSurface()
      const answer = await dsh.taskSurface('submit', {
        sessionId, surfaceId, submissionId: `tss_kill_${delay}_${run}`, values: { cache: 'redis', constraints: `killed ${delay} ms after` },
      })
      assert.equal(answer.accepted, true, JSON.stringify(answer))
      if (delay === 0) await new Promise((r) => setImmediate(r))
      else await sleep(delay)
      dsh.child.kill('SIGKILL')
      await dsh.exited
      dsh = await start()
      let copies = 0
      try {
        copies = await waitFor(async () => copiesInLog(sessionId, answer.messageId), { timeoutMs: DELIVERY_MS, what: 'the answer in the log' })
        await dsh.waitIdle(sessionId)
        copies = await copiesInLog(sessionId, answer.messageId)
      } catch {
        // not in the log in time: queued only, or lost
      }
      const row = tally[delay]
      row.runs++
      if (copies === 1) row.once++
      else if (copies > 1) row.doubled++
      else if ((await dsh.taskSurface('getActive', { sessionId })).pending?.messageId === answer.messageId) row.queuedOnly++
      else row.lost++
    }
    const r = tally[delay]
    t.diagnostic(`killed ${delay} ms after the accept: runs ${r.runs}, delivered once ${r.once}, queued but not delivered ${r.queuedOnly}, lost ${r.lost}, doubled ${r.doubled}`)
  }
  for (const delay of DELAYS) {
    assert.deepEqual(tally[delay], { runs: RUNS, once: RUNS, lost: 0, doubled: 0, queuedOnly: 0 }, `killed ${delay} ms after the accept`)
  }
})
