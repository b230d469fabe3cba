// The session log is the only durable authority: `dsh web` is killed with SIGKILL 0, 1, 5, 20 and
// 100 ms after the answer to a submit said accepted, and started again on the same home. rc.8
// writes its log out a moment after it queues a message, so the answer may be in the log, or
// restored into the queue, or gone. Each run must end in one of two ways, never both, never
// neither:
//   - the answer is in the log exactly once (and the surface closed as submitted); or
//   - the answer is not in the log, and getActive says the surface is open with nothing pending:
//     the Dock then shows the answers from its draft and says they did not reach the
//     conversation (tests/browser/dock-harness-death.test.mjs walks that in Chromium).
// And nothing is sent after the restart that the person did not send again: a submission dsh
// restored into its queue is taken out, not delivered (a message typed afterwards is answered
// alone).
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
const DELAYS = [0, 1, 5, 20, 100]

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

/** The submissions of a surface in a session's log. */
async function submissionsInLog(sessionId, surfaceId) {
  return (await dsh.events(sessionId)).filter((e) => e.type === 'user/message' && e.data.source?.taskSurface?.surfaceId === surfaceId)
}

test(`dsh killed 0, 1, 5, 20 and 100 ms after accepting, ${RUNS} times each: the answer is in the log once, or given back, never both, never neither`, { timeout: DELAYS.length * RUNS * 60_000 }, async (t) => {
  const tally = Object.fromEntries(DELAYS.map((d) => [d, { runs: 0, delivered: 0, givenBack: 0, both: 0, neither: 0, sentLater: 0 }]))
  const wrong = []
  for (const delay of DELAYS) {
    for (let run = 0; run < RUNS; run++) {
      llm.reset()
      const { sessionId, surfaceId } = await openSurface()
      llm.reply({ text: 'Redis it is.' })
      const answer = await dsh.taskSurface('submit', {
        sessionId, surfaceId, submissionId: `tss_kill_${delay}_${run}`, values: { cache: 'redis', constraints: `killed ${delay} ms after` },
      })
      assert.equal(answer.accepted, true, JSON.stringify(answer))
      if (delay === 0) await new Promise((r) => setImmediate(r))
      else await sleep(delay)
      dsh.child.kill('SIGKILL')
      await dsh.exited
      dsh = await start()
      // What a Dock reading its surface again sees (this also resumes the session, as the page does).
      const active = await dsh.taskSurface('getActive', { sessionId, surfaceId })
      await dsh.waitIdle(sessionId)
      const delivered = (await submissionsInLog(sessionId, surfaceId)).length
      const givenBack = active.active === true && active.pending === null
      // Nothing goes out by itself afterwards: a message typed now is the next turn's only input.
      llm.reply({ text: 'Hello again.' })
      const before = llm.requests.length
      assert.equal((await dsh.prompt(sessionId, `typed after the restart ${delay}/${run}`)).ok, true)
      await llm.waitForRequests(before + 1)
      await dsh.waitIdle(sessionId)
      const after = (await submissionsInLog(sessionId, surfaceId)).length
      const row = tally[delay]
      row.runs++
      if (delivered === 1 && !givenBack) row.delivered++
      else if (delivered === 0 && givenBack) row.givenBack++
      else if (delivered > 0 && givenBack) row.both++
      else row.neither++
      if (after !== delivered) row.sentLater++
      if (delivered > 1 || (delivered === 1) === givenBack || after !== delivered) wrong.push({ delay, run, delivered, active, after })
    }
    const r = tally[delay]
    t.diagnostic(`killed ${delay} ms after the accept: runs ${r.runs}, in the log once ${r.delivered}, given back ${r.givenBack}, both ${r.both}, neither ${r.neither}, sent by itself later ${r.sentLater}`)
  }
  assert.deepEqual(wrong, [], 'every run: in the log once, or given back; never both, never neither, nothing sent later')
})
