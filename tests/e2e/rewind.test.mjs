// Fork in the real harness. dsh rc.8 has no rewind or truncate: session.fork({sessionId, atSeq})
// is its only way back, a new session seeded with the parent's log up to the end of the turn
// that holds atSeq. The projection and getActive of each branch follow that branch's log alone:
// a fork from before a surface has none, a fork from after it opened has it open with nothing
// pending (also while the parent's submission is being claimed: the step gate of
// support/harness.mjs holds it), and what happens on one branch never reopens or closes the
// surface on the other.
import { after, before, beforeEach, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { lastUserText } from './support/fake-llm.mjs'
import { REPO, startWithStepGate, waitFor } from './support/harness.mjs'

const MODEL = JSON.parse(readFileSync(join(REPO, 'examples', 'surfaces', 'compare-options.json'), 'utf8'))

let llm, home, gate, dsh, stop
before(async () => ({ llm, home, gate, dsh, stop } = await startWithStepGate()))
beforeEach(() => { llm.reset(); gate.set('open') })
after(() => stop?.())

const submissions = (events) => events.filter((e) => e.type === 'user/message' && e.data.source?.taskSurface)
const turnEnds = (events) => events.filter((e) => e.type === 'turn/end')
const getActive = (sessionId, surfaceId) => dsh.taskSurface('getActive', { sessionId, surfaceId })
const submit = (sessionId, surfaceId, submissionId, values) => dsh.taskSurface('submit', { sessionId, surfaceId, submissionId, values })
const fork = (sessionId, atSeq) => dsh.value('session.fork', { sessionId, atSeq }).then((v) => v.sessionId)

/** A session with one plain turn, then a turn whose model opens the example surface. */
async function sessionWithSurfaceInTurnTwo() {
  const sessionId = await dsh.createSession(home.workspace)
  llm.reply({ text: 'Hello.' })
  assert.equal((await dsh.prompt(sessionId, 'Hi.')).ok, true)
  await dsh.waitIdle(sessionId)
  llm.reply({ toolCall: { name: 'show_task_surface', arguments: { model: MODEL } } })
  assert.equal((await dsh.prompt(sessionId, 'Help me pick a cache.')).ok, true)
  const active = await waitFor(async () => (await dsh.projection(sessionId))?.active, { what: 'the surface to open' })
  await dsh.waitIdle(sessionId)
  return { sessionId, surfaceId: active.surfaceId, callId: active.callId }
}

describe('fork in dsh web', () => {
  test('a fork from before the surface has none; the parent keeps it open, and nothing from it reaches the fork', async () => {
    const { sessionId, surfaceId } = await sessionWithSurfaceInTurnTwo()
    const [firstTurnEnd] = turnEnds(await dsh.events(sessionId))
    const child = await fork(sessionId, firstTurnEnd.seq)

    assert.equal((await dsh.events(child)).some((e) => e.type === 'tool/call'), false, 'the fork holds only the first turn')
    assert.deepEqual(await dsh.projection(child), { active: null, outcomes: [] })
    assert.deepEqual(await getActive(child), { active: false, reason: 'not-open', problems: [] })
    assert.equal((await getActive(child, surfaceId)).active, false)
    const refused = await submit(child, surfaceId, 'sub-child', { cache: 'redis' })
    assert.equal(refused.accepted, false, 'the parent\'s surface cannot be answered on the fork')
    assert.equal(submissions(await dsh.events(child)).length, 0)

    // The parent is untouched, and its answer reaches only the parent.
    assert.equal((await getActive(sessionId)).surfaceId, surfaceId)
    llm.reply({ text: 'Redis.' })
    assert.equal((await submit(sessionId, surfaceId, 'sub-parent', { cache: 'redis' })).accepted, true)
    await dsh.waitIdle(sessionId)
    assert.equal(submissions(await dsh.events(sessionId)).length, 1)
    assert.deepEqual(await getActive(child), { active: false, reason: 'not-open', problems: [] })
    assert.deepEqual(await dsh.projection(child), { active: null, outcomes: [] })
  })

  test('a fork from after the surface opened has it open on its own: answered on one branch, open on the other', async () => {
    const { sessionId, surfaceId, callId } = await sessionWithSurfaceInTurnTwo()
    const surfaceTurnEnd = turnEnds(await dsh.events(sessionId)).at(-1)

    // The parent answers first; the fork is taken from before that answer.
    llm.reply({ text: 'Redis on the parent.' })
    const onParent = await submit(sessionId, surfaceId, 'sub-1', { cache: 'redis' })
    assert.equal(onParent.accepted, true, JSON.stringify(onParent))
    await dsh.waitIdle(sessionId)
    assert.deepEqual(await getActive(sessionId), { active: false, reason: 'not-open', problems: [] })

    const child = await fork(sessionId, surfaceTurnEnd.seq)
    assert.deepEqual((await dsh.projection(child)).active, { callId, surfaceId }, 'the fork\'s log has the surface open')
    const open = await getActive(child, surfaceId)
    assert.deepEqual({ active: open.active, surfaceId: open.surfaceId, pending: open.pending }, { active: true, surfaceId, pending: null })

    // The same submission id on the fork is a new message of the fork, not the parent's answer.
    llm.reply({ text: 'Ristretto on the fork.' })
    const n = llm.requests.length
    const onChild = await submit(child, surfaceId, 'sub-1', { cache: 'ristretto' })
    assert.equal(onChild.accepted, true, JSON.stringify(onChild))
    assert.notEqual(onChild.messageId, onParent.messageId)
    assert.match(lastUserText(await llm.waitForRequests(n + 1)), /Ristretto/)
    await dsh.waitIdle(child)

    const childSubs = submissions(await dsh.events(child))
    assert.deepEqual(childSubs.map((e) => e.data.source.taskSurface.values.cache), ['ristretto'])
    assert.deepEqual(submissions(await dsh.events(sessionId)).map((e) => e.data.source.taskSurface.values.cache), ['redis'])
    assert.deepEqual(await getActive(child), { active: false, reason: 'not-open', problems: [] })
    assert.equal((await dsh.projection(child)).outcomes.at(-1).outcome, 'submitted')
  })

  test('a fork taken while the parent\'s submission is being claimed does not carry it: the fork\'s surface is free', async () => {
    const { sessionId, surfaceId } = await sessionWithSurfaceInTurnTwo()
    const events = await dsh.events(sessionId)
    const surfaceTurnEnd = turnEnds(events).at(-1)
    const turnStarts = () => dsh.events(sessionId).then((es) => es.filter((e) => e.type === 'turn/start').length)
    const before = await turnStarts()
    // The step that takes the parent's submission is held before dsh writes it to the log.
    gate.set('hold')
    const held = await submit(sessionId, surfaceId, 'sub-q', { cache: 'redis' })
    assert.equal(held.accepted, true)
    await waitFor(async () => (await turnStarts()) > before, { what: 'the agent to take the submission' })
    assert.equal((await getActive(sessionId, surfaceId)).pending?.phase, 'claiming')

    const child = await fork(sessionId, surfaceTurnEnd.seq)
    const open = await getActive(child, surfaceId)
    assert.deepEqual({ active: open.active, pending: open.pending }, { active: true, pending: null })
    llm.reply({ text: 'None on the fork.' })
    llm.reply({ text: 'Redis on the parent.' })
    gate.set('open')
    const other = await submit(child, surfaceId, 'sub-other', { cache: 'none' })
    assert.equal(other.accepted, true, 'the fork takes its own answer')

    await dsh.waitIdle(sessionId)
    await dsh.waitIdle(child)
    assert.deepEqual(submissions(await dsh.events(sessionId)).map((e) => e.data.source.taskSurface.submissionId), ['sub-q'])
    assert.deepEqual(submissions(await dsh.events(child)).map((e) => e.data.source.taskSurface.submissionId), ['sub-other'])
    assert.deepEqual(await getActive(sessionId), { active: false, reason: 'not-open', problems: [] })
    assert.deepEqual(await getActive(child), { active: false, reason: 'not-open', problems: [] })
  })
})
