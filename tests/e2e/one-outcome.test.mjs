// One outcome per surface in the real dsh: two clients (two tabs) race a dismiss against a
// submit of the same open surface, many times, with the submit sent from a little before to
// 100 ms after the dismiss. Each time the log must hold exactly one outcome (the dismissal's
// command record or the submission's user message, never both, never neither), the other
// request must be refused with the reason that names the winner, and the projection (what the
// transcript row shows) must name the outcome the log holds.
//
// TASK_SURFACE_RACE_ROUNDS sets the number of rounds (default 100).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeLlm } from './support/fake-llm.mjs'
import { Dsh, REPO, makeHome, packBundle, sleep, waitFor } from './support/harness.mjs'

const MODEL = JSON.parse(readFileSync(join(REPO, 'examples', 'surfaces', 'compare-options.json'), 'utf8'))
const ROUNDS = Number(process.env.TASK_SURFACE_RACE_ROUNDS ?? 100)
/** When the submit leaves, in ms after the dismiss (negative: before it). */
const OFFSETS = [-10, -2, 0, 2, 5, 10, 20, 40, 70, 100]

let llm
let home
let dsh

before(async () => {
  llm = await startFakeLlm()
  home = await makeHome(await packBundle())
  dsh = await Dsh.start({ home: home.home, workspace: home.workspace, llmUrl: llm.url })
})

after(async () => {
  await dsh?.stop()
  await llm?.close()
  home?.cleanup()
})

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

/** The outcomes the log holds for a surface: its successful dismissal records and its messages. */
function outcomesInLog(events, surfaceId) {
  const runs = new Set(events
    .filter((e) => e.type === 'command/run' && e.data.name === 'task-surface' && e.data.args.includes(surfaceId))
    .map((e) => e.data.commandId))
  const dismissals = events.filter((e) => e.type === 'command/done' && runs.has(e.data.commandId) && e.data.kind === 'success').length
  const messages = events.filter((e) => e.type === 'user/message' && e.data.source?.taskSurface?.surfaceId === surfaceId).length
  return { dismissals, messages }
}

test(`dismiss against submit from two clients, ${ROUNDS} times: one outcome each time, the row tells it`, { timeout: ROUNDS * 15_000 }, async (t) => {
  const tally = { runs: 0, submitted: 0, dismissed: 0, both: 0, neither: 0 }
  const wrong = []
  for (let round = 0; round < ROUNDS; round++) {
    const { sessionId, surfaceId } = await openSurface()
    const offset = OFFSETS[round % OFFSETS.length]
    const dismiss = () => dsh.taskSurface('dismiss', { sessionId, surfaceId, dismissalId: `tsd_race_${round}` })
    const submit = () => dsh.taskSurface('submit', {
      sessionId, surfaceId, submissionId: `tss_race_${round}`, values: { cache: 'redis', constraints: `round ${round}` },
    })
    const [dismissed, submitted] = offset >= 0
      ? await Promise.all([dismiss(), sleep(offset).then(submit)])
      : await Promise.all([sleep(-offset).then(dismiss), submit()])
    await waitFor(async () => !(await dsh.projection(sessionId))?.active, { what: `round ${round}: the surface to close` })
    await dsh.waitIdle(sessionId)
    const { events, projections } = await dsh.history(sessionId)
    const log = outcomesInLog(events, surfaceId)
    const row = projections.taskSurface.outcomes.find((o) => o.surfaceId === surfaceId)?.outcome
    tally.runs++
    if (log.dismissals + log.messages === 1) tally[log.messages === 1 ? 'submitted' : 'dismissed']++
    else tally[log.dismissals + log.messages === 0 ? 'neither' : 'both']++
    const won = submitted.accepted ? 'submitted' : dismissed.dismissed ? 'dismissed' : 'neither'
    const expected = won === 'submitted'
      ? { dismissals: 0, messages: 1, row: 'submitted', loser: ['submission-pending', 'submitted'].includes(dismissed.reason) && !dismissed.dismissed }
      : { dismissals: 1, messages: 0, row: 'dismissed', loser: submitted.reason === 'dismissed' }
    if (log.dismissals !== expected.dismissals || log.messages !== expected.messages || row !== expected.row || !expected.loser) {
      wrong.push({ round, offset, submitted, dismissed, log, row })
    }
  }
  t.diagnostic(`runs ${tally.runs}: submitted ${tally.submitted}, dismissed ${tally.dismissed}, both ${tally.both}, neither ${tally.neither}`)
  assert.deepEqual(wrong, [], 'every round: one outcome in the log, the loser refused with the winner\'s reason, the row names the outcome')
  assert.equal(tally.both + tally.neither, 0)
})
