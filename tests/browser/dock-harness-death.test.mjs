// The harness itself dies after it accepted a submission, in the real harness (dsh web, Debian's
// Chromium): the answer is accepted and waits in dsh's queue (the agent kept busy by a turn whose
// child agent waits on the scripted LLM), or is being taken (the test-only step gate of
// tests/e2e/support/harness.mjs holds the step that claimed it); then dsh is killed with SIGKILL
// and started again on the same data directory and port. While it is down the Dock says the
// connection was lost and that the answer will be re-read, never that it was withdrawn. Killed
// before rc.8 writes its queue out, the restarted harness has no trace of the message, but the
// plugin's journal has it (plugin/coord journal.go): it is admitted again, reaches the
// conversation once with nobody sending it again, and the Dock closes as for any answer of its
// own. Each step leaves a screenshot in SHOTS.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { busySessionWithSurface, example, killHarness, openSurfacePage, restartHarness, sessionWithSurface, submissions, waitFor } from './support/app.mjs'
import { DOCK, SHOTS, SUBMIT, dockGone, enabledControls, useSuite } from './support/suite.mjs'

let h, browser, gate
useSuite({ gated: true, onStart: (s) => ({ h, browser, gate } = s) })

const BOX = `${DOCK} textarea[data-field=constraints]`
const dockText = (page) => page.$eval(DOCK, (e) => e.textContent)
const waitDockSays = (page, part, where = '.tsf-status') => page.waitForFunction(
  (sel, part) => document.querySelector(sel)?.textContent.includes(part), { timeout: 60_000 }, `${DOCK} ${where}`, part)

/**
 * Submit from the Dock, `phase` is what it shows (queued or claiming); kill dsh; check what the
 * page says while it is down; after a restart (gate open) the answer arrives once by itself.
 */
async function dieAfterAccepting(s, phase, hold = () => {}) {
  const { page } = await openSurfacePage(browser, h, s, { viewport: { width: 1280, height: 900 } })
  await page.type(BOX, 'sent before the harness died')
  hold()
  await page.click(SUBMIT)
  if (phase === 'queued') {
    // Killed as soon as the page has the accepting answer (the Dock still shows "Sending…" while
    // it settles). rc.8 writes its queue out a moment later: killed some 200 ms after the
    // answer, the restarted harness had the message queued again and getActive said so.
    await page.waitForFunction(() => performance.getEntriesByName('task-surface:submit:answered').length > 0, { timeout: 30_000 })
  } else {
    await page.waitForSelector(`${DOCK}[data-state="${phase}"]`, { timeout: 30_000 })
  }

  await killHarness(h)
  h.llm.release() // the held reply's reader is gone with dsh
  await waitDockSays(page, 'The connection to the harness was lost after your answer was accepted', '.tsf-alert')
  assert.match(await dockText(page), /re-read when the connection is back/)
  assert.doesNotMatch(await dockText(page), /withdrawn|Waiting for the agent|taking your answer/, 'no guess, and no phase it can no longer know')
  assert.deepEqual(await enabledControls(page), [], 'still locked: what became of the answer is not known yet')
  await page.screenshot({ path: join(SHOTS, `dock-harness-died-${phase}.png`) })

  gate.set('open')
  await restartHarness(h, gate)
  // The answer reaches the conversation once, with nobody sending it again; the Dock closes as for
  // any answer of its own, and never says it was withdrawn or asks for it again.
  await waitFor(async () => (await submissions(h, s.sessionId)).length === 1, { what: 'the answer in the conversation', timeoutMs: 30_000 })
  await dockGone(page)
  await h.dsh.waitIdle(s.sessionId)
  const sent = await submissions(h, s.sessionId)
  assert.deepEqual(sent.map((e) => e.data.source.taskSurface.values.constraints), ['sent before the harness died'], 'delivered once')
  assert.doesNotMatch(await page.evaluate(() => document.body.innerText), /withdrawn|neither waiting for the agent nor in the conversation/)
  await page.screenshot({ path: join(SHOTS, `dock-harness-restarted-${phase}.png`) })
  await page.close()
}

describe('the harness dies after accepting', () => {
  test('SIGKILL while the answer is queued: "connection lost", then after a restart the answer arrives once by itself', async () => {
    await dieAfterAccepting(await busySessionWithSurface(h, example('compare-options')), 'queued')
  })

  test('SIGKILL while the agent is taking the answer (claiming): the same', async () => {
    await dieAfterAccepting(await sessionWithSurface(h, example('compare-options')), 'claiming', () => gate.set('hold'))
  })
})
