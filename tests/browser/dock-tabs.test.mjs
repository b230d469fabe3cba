// Two tabs on one surface in the real harness (dsh web, Debian's Chromium), when tab A's answer
// is delivered at once (the agent is idle, so the message starts the next turn) before tab B
// sends: tab B, which has answers of its own, keeps them on screen as a read-only draft with a
// sentence that says the panel was answered from another tab and its answers were not sent,
// whether it only typed them or pressed Submit after A's delivery. Nothing is lost or doubled:
// the log holds A's one submission. B's kept draft survives a reload. Each case leaves a
// screenshot in SHOTS.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { example, openSurfacePage as openSurface, sessionWithSurface, submissions, waitFor } from './support/app.mjs'
import { DOCK, SHOTS, SUBMIT, dockGone, useSuite, EVENT_MS } from './support/suite.mjs'

let h, browser
useSuite({ onStart: (s) => ({ h, browser } = s) })

const WIDE = { viewport: { width: 1280, height: 900 } }
const BOX = `${DOCK} textarea[data-field=constraints]`
const statusText = (page) => page.$eval(`${DOCK} .tsf-status`, (e) => e.textContent)

/** Only the tab in front runs its frames (puppeteer waits on them): switch like a user does. */
const front = async (tab) => { await tab.page.bringToFront(); return tab.page }

/**
 * A surface open in two tabs, B with its own answer typed; A types and sends, and its message is
 * delivered (the surface closes and A's Dock with it). Tab B's getActive reads are held (as on a
 * slow connection, or a tab in the background) from before A's send until `release()`, so B
 * never sees A's answer waiting: what B learns first is that the surface closed, from its
 * projection (its transcript row says Submitted).
 */
async function answeredInA() {
  const s = await sessionWithSurface(h, example('compare-options'))
  const a = await openSurface(browser, h, s, WIDE)
  const b = await openSurface(browser, h, s, WIDE)
  await (await front(b)).type(BOX, 'typed in tab B')
  const held = []
  let holding = true
  await b.page.setRequestInterception(true)
  b.page.on('request', (r) => {
    if (holding && r.url().endsWith('/api/taskSurface/getActive')) held.push(r)
    else void r.continue()
  })
  h.llm.reply({ text: 'Noted, from tab A.' })
  await (await front(a)).type(BOX, 'sent from tab A')
  await a.page.click(SUBMIT)
  await dockGone(a.page)
  await waitFor(async () => (await h.dsh.projection(s.sessionId))?.active === null, { what: 'the surface to close', timeoutMs: EVENT_MS })
  await h.dsh.waitIdle(s.sessionId, EVENT_MS)
  await (await front(b)).waitForFunction(() => document.querySelector('[data-task-surface-row] [data-status]')?.textContent === 'Submitted', { timeout: EVENT_MS })
  const release = () => {
    holding = false
    for (const r of held.splice(0)) void r.continue()
  }
  return { s, a, b, release }
}

/** The log holds tab A's one submission and nothing of tab B's. */
async function onlyA(s) {
  const sent = await submissions(h, s.sessionId)
  assert.equal(sent.length, 1, 'one submission')
  assert.equal(sent[0].data.source.taskSurface.values.constraints, 'sent from tab A')
}

/** Tab B shows its own answer, read-only, with the sentence; Copy and Close are offered. */
async function keptInB(b) {
  const page = await front(b)
  await page.waitForSelector(`${DOCK}[data-state="overtaken"]`, { timeout: EVENT_MS })
  await page.waitForFunction((sel) => document.querySelector(`${sel} .tsf-status`)?.textContent.includes('answered from another tab or window'),
    { timeout: EVENT_MS }, DOCK)
  assert.match(await statusText(page), /yours was not sent/)
  assert.deepEqual(await page.$eval(BOX, (e) => ({ value: e.value, disabled: e.disabled })), { value: 'typed in tab B', disabled: true })
  assert.ok(await page.$(`${DOCK} [data-action=copy]`), 'a button copies the answers')
  assert.equal(await page.$eval(`${DOCK} .tsf-alert`, (e) => e.textContent), '', 'no error: nothing went wrong in this tab')
  return page
}

describe('two tabs, the first answer delivered at once', () => {
  test('tab B with typed answers keeps them visible with the sentence, then closes the draft', async () => {
    const { s, a, b, release } = await answeredInA()
    release()
    const page = await keptInB(b)
    await page.screenshot({ path: join(SHOTS, 'dock-two-tabs-delivered.png') })
    await onlyA(s)
    await page.click(`${DOCK} [data-action=close]`)
    await dockGone(page)
    await a.page.close()
    await b.page.close()
  })

  test('tab B presses Submit after A\'s delivery: its answers stay with the sentence, not "no longer open"; nothing is sent twice', async () => {
    const { s, a, b, release } = await answeredInA()
    // B's Dock, holding B's own answers, is still editable: the user presses Submit there.
    const page = await front(b)
    assert.equal(await page.$eval(DOCK, (e) => e.dataset.state), 'editing')
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/taskSurface/submit'), { timeout: EVENT_MS })
    await page.click(SUBMIT)
    assert.match(await (await answered).text(), /not-open/, 'the plugin refuses B\'s own submission id: another answer closed the surface')
    release()
    await keptInB(b)
    assert.doesNotMatch(await page.$eval(DOCK, (e) => e.textContent), /no longer open/)
    await page.screenshot({ path: join(SHOTS, 'dock-two-tabs-submit-after-delivery.png') })
    await onlyA(s)
    await a.page.close()
    await b.page.close()
  })

  test('tab B\'s kept draft survives a reload: offered with the sentence and Copy until it is closed', async () => {
    const { s, a, b, release } = await answeredInA()
    release()
    const page = await keptInB(b)
    await page.reload({ waitUntil: 'load' })
    const kept = `${DOCK}[data-state="kept"]`
    await page.waitForSelector(kept, { timeout: EVENT_MS })
    assert.match(await page.$eval(kept, (e) => e.textContent), /answered from another tab or window, and yours was not sent/)
    assert.ok(await page.$(`${kept} [data-action=copy]`), 'a button copies the answers')
    await page.screenshot({ path: join(SHOTS, 'dock-two-tabs-kept-after-reload.png') })
    await page.click(`${kept} [data-action=close]`)
    await dockGone(page)
    await page.reload({ waitUntil: 'load' })
    await page.waitForSelector('[data-task-surface-row]', { timeout: EVENT_MS })
    assert.equal(await page.$(DOCK), null, 'closed: not offered again')
    await onlyA(s)
    await a.page.close()
    await b.page.close()
  })
})
