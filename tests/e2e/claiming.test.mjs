// The claiming phase in the real harness: a Task Surface submission the agent has taken for a
// step (dsh's inbox claim) but not yet written to the log. dsh rc.8 makes that window short (the
// system prompt's assembly and the agent/pre-step waterfall); a test-only plugin in the same
// home (support/harness.mjs stepGate) holds the step there, so getActive, a plugin crash, a
// rejected step and a cancel can be seen while the submission is claiming.
import { after, before, beforeEach, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { lastUserText } from './support/fake-llm.mjs'
import { REPO, sleep, startWithStepGate, waitFor } from './support/harness.mjs'

const MODEL = JSON.parse(readFileSync(join(REPO, 'examples', 'surfaces', 'compare-options.json'), 'utf8'))
const VALUES = { cache: 'redis', constraints: 'keep p99 under 2 ms' }

let llm, home, gate, dsh, stop
before(async () => ({ llm, home, gate, dsh, stop } = await startWithStepGate()))
beforeEach(() => { llm.reset(); gate.set('hold') })
after(() => stop?.())

const submissions = (events) => events.filter((e) => e.type === 'user/message' && e.data.source?.taskSurface)
const getActive = (sessionId, surfaceId) => dsh.taskSurface('getActive', { sessionId, surfaceId })
const submit = (sessionId, surfaceId, submissionId, values = VALUES) => dsh.taskSurface('submit', { sessionId, surfaceId, submissionId, values })

/** A session with the example surface open and its turn over. */
async function openSurface() {
  const sessionId = await dsh.createSession(home.workspace)
  llm.reply({ toolCall: { name: 'show_task_surface', arguments: { model: MODEL } } })
  const prompted = await dsh.prompt(sessionId, 'Help me pick a cache.')
  assert.equal(prompted.ok, true, JSON.stringify(prompted))
  const active = await waitFor(async () => (await dsh.projection(sessionId))?.active, { what: 'the surface to open' })
  await dsh.waitIdle(sessionId)
  return { sessionId, surfaceId: active.surfaceId }
}

/**
 * Submit and wait until the agent has claimed the message and the gate holds its step. The claim
 * is not in the log (dsh claims in memory), but it happens in the same tick as the turn/start
 * that opens the turn.
 */
async function submitAndClaim(sessionId, surfaceId, submissionId) {
  const turns = async () => (await dsh.events(sessionId)).filter((e) => e.type === 'turn/start').length
  const before = await turns()
  const accepted = await submit(sessionId, surfaceId, submissionId)
  assert.equal(accepted.accepted, true, JSON.stringify(accepted))
  await waitFor(async () => (await turns()) > before, { what: 'the agent to take the submission' })
  return accepted
}

describe('the claiming phase in dsh web', () => {
  test('getActive says claiming while the step that took the submission is held, then the surface closes once', async () => {
    const { sessionId, surfaceId } = await openSurface()
    const { messageId } = await submitAndClaim(sessionId, surfaceId, 'sub-C')

    // The first getActive after the claim already says claiming: no waiting for the report.
    const claiming = await getActive(sessionId, surfaceId)
    assert.deepEqual(claiming.pending, { submissionId: 'sub-C', messageId, phase: 'claiming' })
    assert.equal(submissions(await dsh.events(sessionId)).length, 0, 'not durable yet')
    // Held: another submission and a dismissal are refused; the same id answers the first answer.
    assert.equal((await submit(sessionId, surfaceId, 'sub-D')).reason, 'submission-pending')
    assert.equal((await submit(sessionId, surfaceId, 'sub-C')).messageId, messageId)
    assert.deepEqual(await dsh.taskSurface('dismiss', { sessionId, surfaceId, dismissalId: 'dis-1' }), { dismissed: false, reason: 'submission-pending', problems: [] })
    // Claimed, the message has left dsh's queue: dsh refuses to remove, edit or steer it ("queued
    // item is no longer pending"), and it stays claiming (remove succeeds only before the claim;
    // the plugin's own refusal is plugin/coord/queue_test.go's "a claiming submission may not be
    // removed"). It is then committed once, below.
    for (const action of [{ kind: 'remove' }, { kind: 'edit', content: [{ type: 'text', text: 'use no cache at all' }] }, { kind: 'steer' }]) {
      const refused = await dsh.api('session.updateQueue', { sessionId, itemId: messageId, action })
      assert.equal(refused.ok, false, `${action.kind} after the claim: ${JSON.stringify(refused)}`)
      assert.equal(refused.error.code, 'queue-item-not-found', `${action.kind}: ${JSON.stringify(refused)}`)
    }
    assert.deepEqual((await getActive(sessionId, surfaceId)).pending, { submissionId: 'sub-C', messageId, phase: 'claiming' })

    llm.reply({ text: 'Redis it is.' })
    const n = llm.requests.length
    gate.set('open')
    assert.match(lastUserText(await llm.waitForRequests(n + 1)), /Redis/)
    await dsh.waitIdle(sessionId)
    const subs = submissions(await dsh.events(sessionId))
    assert.equal(subs.length, 1)
    assert.equal(subs[0].data.id, messageId)
    assert.equal(typeof subs[0].data.source.rpcId, 'string')
    assert.ok(subs[0].data.source.rpcId.length > 0, 'the durable source carries an rpcId')
    assert.deepEqual(await getActive(sessionId, surfaceId), { active: false, reason: 'not-open', problems: [] })
  })

  test('SIGKILL of the plugin while claiming: the restarted plugin says claiming, nothing is lost or doubled', async () => {
    const { sessionId, surfaceId } = await openSurface()
    const { messageId } = await submitAndClaim(sessionId, surfaceId, 'sub-K')
    const [pid] = dsh.pluginPids()
    assert.ok(pid, 'the plugin runs')
    process.kill(pid, 'SIGKILL')
    const back = await waitFor(async () => {
      const res = await dsh.remote('taskSurface/getActive', { sessionId, surfaceId })
      return res.ok && !dsh.pluginPids().includes(pid) ? res.value : undefined
    }, { what: 'the restarted plugin to answer' })
    assert.deepEqual(back.pending, { submissionId: 'sub-K', messageId, phase: 'claiming' })
    assert.equal((await submit(sessionId, surfaceId, 'sub-K2')).reason, 'submission-pending')
    assert.equal((await submit(sessionId, surfaceId, 'sub-K')).messageId, messageId)

    llm.reply({ text: 'Noted.' })
    const n = llm.requests.length
    gate.set('open')
    await llm.waitForRequests(n + 1)
    await dsh.waitIdle(sessionId)
    await sleep(300)
    assert.deepEqual(submissions(await dsh.events(sessionId)).map((e) => e.data.id), [messageId])
    assert.deepEqual(await getActive(sessionId, surfaceId), { active: false, reason: 'not-open', problems: [] })
  })

  for (const [how, end] of [
    ['rejected', async () => gate.set('reject')],
    ['cancelled', async (sessionId) => assert.equal((await dsh.api('session.cancel', { sessionId })).ok, true)],
  ]) {
    test(`a step ${how} before the message is durable: discarded, the surface open again, a new submission goes through`, async () => {
      const { sessionId, surfaceId } = await openSurface()
      await submitAndClaim(sessionId, surfaceId, `sub-${how}`)
      assert.equal((await getActive(sessionId, surfaceId)).pending?.phase, 'claiming')
      const n = llm.requests.length
      await end(sessionId)
      await dsh.waitIdle(sessionId)
      const reopened = await waitFor(async () => {
        const a = await getActive(sessionId, surfaceId)
        return a.active && a.pending === null ? a : undefined
      }, { what: 'the surface to be editable again' })
      assert.equal(reopened.surfaceId, surfaceId)
      assert.equal(submissions(await dsh.events(sessionId)).length, 0, 'nothing reached the log')
      assert.equal(llm.requests.length, n, 'the model saw nothing')

      gate.set('open')
      llm.reply({ text: 'Got it.' })
      const again = await submit(sessionId, surfaceId, `sub-${how}-2`)
      assert.equal(again.accepted, true, JSON.stringify(again))
      await llm.waitForRequests(n + 1)
      await dsh.waitIdle(sessionId)
      assert.deepEqual(submissions(await dsh.events(sessionId)).map((e) => e.data.id), [again.messageId])
    })
  }
})
