// The harness itself dies after it accepted a submission, in the real harness (dsh web, Debian's
// Chromium): the agent is kept busy (a turn whose child agent waits on the scripted LLM), so the
// answer is accepted and waits in dsh's queue; then dsh is killed with SIGKILL and started again
// on the same data directory and port. While it is down the Dock says the connection was lost and
// that the answer will be re-read, never that it was withdrawn. rc.8's queue is not durable: the
// restarted harness has no trace of the message (not in the log, not queued) and the surface is
// open again, so the Dock says just that, with the answers kept, and sending again delivers them
// once. Each step leaves a screenshot in SHOTS.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { busySessionWithSurface, example, killHarness, openSurfacePage, restartHarness, submissions } from './support/app.mjs'
import { DOCK, SHOTS, SUBMIT, dockGone, enabledControls, startSuite } from './support/suite.mjs'

let suite
let h
let browser

before(async () => {
  suite = await startSuite()
  ;({ h, browser } = suite)
})

after(async () => {
  await h?.dsh.stop() // the restarted harness; the suite stops the first one
  await suite?.stop()
})

const BOX = `${DOCK} textarea[data-field=constraints]`
const dockText = (page) => page.$eval(DOCK, (e) => e.textContent)
const waitDockSays = (page, part, where = '.tsf-status') => page.waitForFunction(
  (sel, part) => document.querySelector(sel)?.textContent.includes(part), { timeout: 60_000 }, `${DOCK} ${where}`, part)

describe('the harness dies after accepting', () => {
  test('SIGKILL while the answer is queued: "connection lost", then after a restart "not in the conversation", the answers kept; sending again delivers once', async () => {
    const s = await busySessionWithSurface(h, example('compare-options'))
    const { page } = await openSurfacePage(browser, h, s, { viewport: { width: 1280, height: 900 } })
    await page.type(BOX, 'sent before the harness died')
    await page.click(SUBMIT)
    await page.waitForSelector(`${DOCK}[data-state="queued"]`, { timeout: 30_000 })

    await killHarness(h)
    h.llm.release() // the held reply's reader is gone with dsh
    await waitDockSays(page, 'The connection to the harness was lost after your answer was accepted', '.tsf-alert')
    assert.match(await dockText(page), /re-read when the connection is back/)
    assert.doesNotMatch(await dockText(page), /withdrawn/)
    assert.deepEqual(await enabledControls(page), [], 'still locked: what became of the answer is not known yet')
    await page.screenshot({ path: join(SHOTS, 'dock-harness-died.png') })

    await restartHarness(h)
    // What rc.8 keeps across the crash: the surface open in the log, the message neither in the
    // log nor in the restarted harness's queue.
    assert.equal((await h.dsh.projection(s.sessionId))?.active?.surfaceId, s.surfaceId)
    assert.equal((await submissions(h, s.sessionId)).length, 0)
    assert.equal((await h.dsh.taskSurface('getActive', { sessionId: s.sessionId })).pending, null)
    await waitDockSays(page, 'neither waiting for the agent nor in the conversation')
    await page.waitForSelector(`${DOCK}[data-state="editing"]`)
    assert.doesNotMatch(await dockText(page), /withdrawn/)
    assert.equal(await page.$eval(BOX, (e) => e.value), 'sent before the harness died', 'the answers are kept')
    await page.screenshot({ path: join(SHOTS, 'dock-harness-restarted.png') })

    h.llm.reply({ text: 'Got it after the restart.' })
    await page.click(SUBMIT)
    await dockGone(page)
    await h.dsh.waitIdle(s.sessionId)
    const sent = await submissions(h, s.sessionId)
    assert.deepEqual(sent.map((e) => e.data.source.taskSurface.values.constraints), ['sent before the harness died'], 'delivered once')
    await page.close()
  })
})
