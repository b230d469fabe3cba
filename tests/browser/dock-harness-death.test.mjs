// The harness itself dies after it accepted a submission, in the real harness (dsh web, Debian's
// Chromium): the answer is accepted and waits in dsh's queue (the agent kept busy by a turn whose
// child agent waits on the scripted LLM), or is being taken (the test-only step gate of
// tests/e2e/support/harness.mjs holds the step that claimed it); then dsh is killed with SIGKILL
// and started again on the same data directory and port. While it is down the Dock says the
// connection was lost and that the answer will be re-read, never that it was withdrawn. The log
// is the only durable authority: the restarted harness has no trace of the message (killed
// before rc.8 wrote its queue out), or it restores it into the queue and the shim takes it out
// again (never delivered by itself). Either way getActive answers the surface open with nothing
// pending: the Dock shows the answers restored from its draft and says plainly that they did not
// reach the conversation, with Submit ready, also after a page reload (at 360 px) and when the
// page reconnects before the host half has registered Task Surface's projection, and sends
// nothing until the user does; the notice passes the axe audit. The user's click then sends it
// once. Each step leaves a screenshot in SHOTS. (tests/browser/dock-kills.test.mjs kills dsh at
// five delays after the accept, many times, and counts the two endings.)
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { busySessionWithSurface, example, killHarness, openSurfacePage, restartHarness, sessionWithSurface, submissions, waitFor } from './support/app.mjs'
import { describeViolations, dockViolations } from './support/axe.mjs'
import { DOCK, SHOTS, SUBMIT, dockGone, enabledControls, submitRequests, useSuite, EVENT_MS } from './support/suite.mjs'

let h, browser, gate
useSuite({ gated: true, onStart: (s) => ({ h, browser, gate } = s) })

const BOX = `${DOCK} textarea[data-field=constraints]`
const dockText = (page) => page.$eval(DOCK, (e) => e.textContent)
const waitDockSays = (page, part, where = '.tsf-status') => page.waitForFunction(
  (sel, part) => document.querySelector(sel)?.textContent.includes(part), { timeout: EVENT_MS }, `${DOCK} ${where}`, part)

/**
 * What a page that reconnects in the moment after a restart reads: dsh serves the session before
 * the host half has registered Task Surface's projection unit, so the session's snapshot has no
 * `taskSurface` (found so on rc.8: for some 50-100 ms, more on a busy machine), and dsh sends
 * nothing when the unit comes until the session's next event. Between start() and stop(), the
 * page's reads of the session (history, list) answer so; served() and stop() say how many did.
 */
async function withoutProjection(page) {
  let on = false
  let stripped = 0
  await page.setRequestInterception(true)
  page.on('request', async (r) => {
    if (!on || !/\/api\/session\.(history|list)$/.test(r.url())) return void r.continue()
    try {
      const res = await fetch(r.url(), { method: r.method(), headers: r.headers(), body: r.postData() })
      const body = await res.json()
      const value = body.result?.value
      for (const block of [value?.projections, ...(value?.items ?? []).map((i) => i.projections)]) {
        if (block?.values && 'taskSurface' in block.values) { delete block.values.taskSurface; stripped++ }
      }
      await r.respond({ status: res.status, contentType: 'application/json', body: JSON.stringify(body) })
    } catch {
      await r.abort('connectionrefused') // still down
    }
  })
  return { start: () => { on = true }, served: () => stripped, stop: () => { on = false; return stripped } }
}

/**
 * Submit from the Dock, `phase` is what it shows (queued or claiming); kill dsh; check what the
 * page says while it is down; after a restart (gate open, the answer lost) the answers are back
 * with the notice (after a reload too, with `reload`), and the user's click sends them once.
 */
async function dieAfterAccepting(s, phase, hold = () => {}, reload = false, early = false) {
  const { page, requests } = await openSurfacePage(browser, h, s, { viewport: { width: 1280, height: 900 } })
  const unregistered = early ? await withoutProjection(page) : null
  await page.type(BOX, 'sent before the harness died')
  hold()
  await page.click(SUBMIT)
  if (phase === 'queued') {
    // Killed as soon as the page has the accepting answer (the Dock still shows "Sending…" while
    // it settles). rc.8 writes its queue out a moment later: killed some 200 ms after the
    // answer, the restarted harness had the message queued again and getActive said so.
    await page.waitForFunction(() => performance.getEntriesByName('task-surface:submit:answered').length > 0, { timeout: EVENT_MS })
  } else {
    await page.waitForSelector(`${DOCK}[data-state="${phase}"]`, { timeout: EVENT_MS })
  }

  await killHarness(h)
  h.llm.release() // the held reply's reader is gone with dsh
  await waitDockSays(page, 'The connection to the harness was lost after your answer was accepted', '.tsf-alert')
  assert.match(await dockText(page), /re-read when the connection is back/)
  assert.doesNotMatch(await dockText(page), /withdrawn|Waiting for the agent|taking your answer/, 'no guess, and no phase it can no longer know')
  assert.deepEqual(await enabledControls(page), [], 'still locked: what became of the answer is not known yet')
  await page.screenshot({ path: join(SHOTS, `dock-harness-died-${phase}.png`) })

  gate.set('open')
  unregistered?.start()
  await restartHarness(h, gate)
  const notice = 'Your answers did not reach the conversation: the harness restarted before the agent took them.'
  await waitDockSays(page, notice, '.tsf-alert')
  if (unregistered) {
    // The Dock's own read may answer before dsh's page has its socket back: wait for the page to
    // read the session again (served without the projection), and the Dock to say the same after.
    await waitFor(() => unregistered.served() > 0, { what: 'the page to read the session again', timeoutMs: EVENT_MS })
    await waitDockSays(page, notice, '.tsf-alert')
    unregistered.stop()
  }
  const shown = async () => page.$eval(DOCK, (e) => ({
    answer: e.querySelector('textarea[data-field=constraints]').value,
    submit: e.querySelector('[data-action=submit]').disabled,
    tone: e.querySelector('.tsf-alert').dataset.tone,
  }))
  assert.deepEqual(await shown(), { answer: 'sent before the harness died', submit: false, tone: 'notice' }, 'the answers restored, Submit ready')
  assert.doesNotMatch(await dockText(page), /withdrawn/)
  await page.screenshot({ path: join(SHOTS, `dock-harness-restarted-${phase}.png`) })
  const bad = await dockViolations(page)
  assert.equal(bad.length, 0, `the notice passes the audit:\n${describeViolations(bad)}`)
  if (reload) {
    // The draft remembers that the answer was accepted: a reload says the same, on a phone too.
    await page.setViewport({ width: 360, height: 740, deviceScaleFactor: 2 })
    await page.reload({ waitUntil: 'domcontentloaded' })
    await waitDockSays(page, notice, '.tsf-alert')
    assert.deepEqual(await shown(), { answer: 'sent before the harness died', submit: false, tone: 'notice' })
    await page.screenshot({ path: join(SHOTS, `dock-harness-restarted-${phase}-reloaded-360.png`) })
  }
  // A state that is final until the user acts (not "nothing yet after 1.5 s"): the panel is
  // editing with nothing in flight, and no submit but the first left the page.
  assert.equal(await page.$eval(DOCK, (e) => `${e.dataset.state} ${e.getAttribute('aria-busy')}`), 'editing null')
  assert.equal(submitRequests(requests).length, 1, 'no submit but the first left the page')
  assert.equal((await submissions(h, s.sessionId)).length, 0, 'nothing is sent without the user\'s click')
  h.llm.reply({ text: 'Got it this time.' })
  await page.click(SUBMIT)
  await waitFor(async () => (await submissions(h, s.sessionId)).length === 1, { what: 'the answer in the conversation', timeoutMs: EVENT_MS })
  await dockGone(page)
  await h.dsh.waitIdle(s.sessionId)
  const sent = await submissions(h, s.sessionId)
  assert.deepEqual(sent.map((e) => e.data.source.taskSurface.values.constraints), ['sent before the harness died'], 'delivered once, by the user')
  await page.close()
}

describe('the harness dies after accepting', () => {
  test('SIGKILL while the answer is queued: "connection lost"; after a restart the answers are back, saying they did not reach the conversation (also after a reload, at 360 px); the user\'s click sends them once', async () => {
    await dieAfterAccepting(await busySessionWithSurface(h, example('compare-options')), 'queued', () => {}, true)
  })

  test('SIGKILL while the answer is queued, and the page reconnects before Task Surface\'s host half is back (the session served with no projection of it): the same', async () => {
    await dieAfterAccepting(await busySessionWithSurface(h, example('compare-options')), 'queued', () => {}, false, true)
  })

  test('SIGKILL while the agent is taking the answer (claiming): the same', async () => {
    await dieAfterAccepting(await sessionWithSurface(h, example('compare-options')), 'claiming', () => gate.set('hold'))
  })
})
