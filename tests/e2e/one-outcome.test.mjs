// One outcome per surface in the real dsh, decided at the moment of admission: two clients (two
// tabs) race, many times, on an open surface, with the second request sent from a little before
// to 100 ms after the first:
//   - a submit against an ordinary message typed into the composer (session.prompt);
//   - a dismiss against a submit;
//   - two submits with different submission ids.
// Each time the log must hold exactly one outcome for the surface (the submission's user message,
// the dismissal's command record, or the ordinary message that bypassed it: never two, never
// none), the refused request must name the winner (moved-on, dismissed, submission-pending,
// submitted), and the projection (what the transcript row shows) must name the outcome the log
// holds.
//
// TASK_SURFACE_RACE_ROUNDS sets the rounds of each race (default 100).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeLlm } from './support/fake-llm.mjs'
import { Dsh, REPO, makeHome, packBundle, sleep, waitFor } from './support/harness.mjs'

const MODEL = JSON.parse(readFileSync(join(REPO, 'examples', 'surfaces', 'compare-options.json'), 'utf8'))
const ROUNDS = Number(process.env.TASK_SURFACE_RACE_ROUNDS ?? 100)
/** When the second request leaves, in ms after the first (negative: before it). */
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

/** The outcomes the log holds for a surface: its successful dismissal records, its submissions,
 * and the ordinary messages that bypassed it. */
function outcomesInLog(events, surfaceId, openedAt) {
  const runs = new Set(events
    .filter((e) => e.type === 'command/run' && e.data.name === 'task-surface' && e.data.args.includes(surfaceId))
    .map((e) => e.data.commandId))
  const dismissals = events.filter((e) => e.type === 'command/done' && runs.has(e.data.commandId) && e.data.kind === 'success')
  const messages = events.filter((e) => e.type === 'user/message' && e.data.source?.taskSurface?.surfaceId === surfaceId)
  const firstAfter = events.find((e) => e.seq > openedAt && (e.type === 'user/message' || dismissals.includes(e)))
  const bypassed = firstAfter?.type === 'user/message' && firstAfter.data.source?.kind === 'user' && !firstAfter.data.source.taskSurface ? 1 : 0
  return { dismissals: dismissals.length, messages: messages.length, bypassed }
}

/** Runs `rounds` of a race: `first` and `second` from two clients, `second` sent at each offset;
 * `judge` says what the answers must be given the log. Returns the tally. */
async function race(t, name, rounds, { first, second, judge }) {
  const tally = { runs: 0, one: 0, two: 0, none: 0, submitted: 0, dismissed: 0, bypassed: 0 }
  const wrong = []
  for (let round = 0; round < rounds; round++) {
    llm.reset()
    const { sessionId, surfaceId } = await openSurface()
    const openedAt = (await dsh.events(sessionId)).findLast((e) => e.type === 'tool/result').seq
    const offset = OFFSETS[round % OFFSETS.length]
    llm.reply({ text: 'Noted.' })
    llm.reply({ text: 'Noted again.' })
    const go = (f) => f({ sessionId, surfaceId, round })
    const [a, b] = offset >= 0
      ? await Promise.all([go(first), sleep(offset).then(() => go(second))])
      : await Promise.all([sleep(-offset).then(() => go(first)), go(second)])
    await waitFor(async () => !(await dsh.projection(sessionId))?.active, { what: `${name} round ${round}: the surface to close` })
    await dsh.waitIdle(sessionId)
    const { events, projections } = await dsh.history(sessionId)
    const log = outcomesInLog(events, surfaceId, openedAt)
    const row = projections.taskSurface.outcomes.find((o) => o.surfaceId === surfaceId)?.outcome
    const count = log.dismissals + log.messages + log.bypassed
    tally.runs++
    tally[count === 1 ? 'one' : count === 0 ? 'none' : 'two']++
    if (row in tally) tally[row]++
    const verdict = judge(a, b, log, row)
    if (count !== 1 || verdict !== true) wrong.push({ round, offset, a, b, log, row, verdict })
  }
  t.diagnostic(`${name}: runs ${tally.runs}, one outcome ${tally.one}, two ${tally.two}, none ${tally.none} ` +
    `(submitted ${tally.submitted}, dismissed ${tally.dismissed}, bypassed ${tally.bypassed})`)
  assert.deepEqual(wrong, [], `${name}: every round one outcome in the log, the loser refused with the winner's reason, the row names it`)
  return tally
}

const submit = (values, id = 'a') => ({ sessionId, surfaceId, round }) =>
  dsh.taskSurface('submit', { sessionId, surfaceId, submissionId: `tss_${id}_${round}`, values })
const typeMessage = ({ sessionId, round }) => dsh.prompt(sessionId, `Actually, never mind (round ${round}).`)
const dismiss = ({ sessionId, surfaceId, round }) => dsh.taskSurface('dismiss', { sessionId, surfaceId, dismissalId: `tsd_${round}` })

test(`a submit against a message from the composer, ${ROUNDS} times: one outcome, decided at the admission`, { timeout: ROUNDS * 15_000 }, async (t) => {
  await race(t, 'submit vs composer', ROUNDS, {
    first: submit({ cache: 'redis', constraints: 'from the Dock' }),
    second: typeMessage,
    judge: (submitted, typed, log, row) => {
      if (typed.ok !== true) return 'the composer message was refused'
      if (submitted.accepted) return log.messages === 1 && row === 'submitted' || 'accepted, but the log or the row says otherwise'
      return submitted.reason === 'moved-on' && log.bypassed === 1 && row === 'bypassed' || `refused with ${submitted.reason}`
    },
  })
})

test(`dismiss against submit from two clients, ${ROUNDS} times: one outcome each time, the row tells it`, { timeout: ROUNDS * 15_000 }, async (t) => {
  await race(t, 'dismiss vs submit', ROUNDS, {
    first: dismiss,
    second: submit({ cache: 'redis', constraints: 'racing a dismissal' }),
    judge: (dismissed, submitted, log, row) => {
      if (submitted.accepted) {
        return log.messages === 1 && row === 'submitted' && !dismissed.dismissed && ['submission-pending', 'submitted'].includes(dismissed.reason) ||
          'submitted, but the dismissal was not refused with the submission\'s reason'
      }
      return dismissed.dismissed && log.dismissals === 1 && row === 'dismissed' && submitted.reason === 'dismissed' ||
        `dismissed ${dismissed.dismissed}, submit refused with ${submitted.reason}`
    },
  })
})

test(`two submits with different ids, ${ROUNDS} times: one message`, { timeout: ROUNDS * 15_000 }, async (t) => {
  await race(t, 'two submits', ROUNDS, {
    first: submit({ cache: 'redis', constraints: 'first tab' }, 'a'),
    second: submit({ cache: 'ristretto', constraints: 'second tab' }, 'b'),
    judge: (a, b, log, row) => {
      const accepted = [a, b].filter((x) => x.accepted)
      const refused = [a, b].filter((x) => !x.accepted)
      // The loser came while the winner was on its way, or after it reached the log.
      return accepted.length === 1 && ['submission-pending', 'not-open'].includes(refused[0]?.reason) && log.messages === 1 && row === 'submitted' ||
        `accepted ${accepted.length}, refused with ${refused.map((x) => x.reason)}`
    },
  })
})
