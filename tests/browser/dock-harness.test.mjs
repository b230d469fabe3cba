// The Dock as a user meets it in the real harness (dsh web, Debian's Chromium), one harness for
// the file. As first seen: at 1280×900 with the compare-options example the first question is in
// view or a cue says the panel scrolls to it; after a reload that restores a draft the restored
// answer is in view; the harness's scroll-to-bottom button never covers the status badge; a
// 390 px wide transcript row keeps its title readable. Under faults: the plugin stopped
// mid-submit (SIGSTOP, as tests/e2e's fault tests do) ends in a retry that reuses the submission
// id once the bound passes; a plugin that keeps dying is reported as the harness answering that
// the plugin is away, not as an unreachable harness; a page reloaded while the plugin restarts
// says so and loads the panel by itself once the plugin is back; two tabs that send different answers leave
// the losing tab with its own answers in view and a sentence that says another answer was sent.
// No submission is lost or doubled. Each case leaves a screenshot in SHOTS.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { busySessionWithSurface, dockReady, example, openSurfacePage as openSurface, selectSession, sessionWithSurface, submissions, waitFor } from './support/app.mjs'
import { DOCK, SHOTS, SUBMIT, useSuite, submissionIdOf, submitRequests, EVENT_MS } from './support/suite.mjs'

let h, browser
useSuite({ onStart: (s) => ({ h, browser } = s) })

const WIDE = { width: 1280, height: 900 }
const openSurfacePage = (s, viewport = WIDE) => openSurface(browser, h, s, { viewport })

/** Where an element is against the Dock's scrolling body and the window. */
const placeOf = (page, selector) => page.$eval(DOCK, (dock, selector) => {
  const body = dock.querySelector('.tsf-body').getBoundingClientRect()
  const r = dock.querySelector(selector).getBoundingClientRect()
  return { top: r.top, bottom: r.bottom, bodyTop: body.top, bodyBottom: body.bottom, vh: window.innerHeight }
}, selector)

const inView = (p) => p.top >= p.bodyTop - 1 && p.top + 24 <= p.bodyBottom && p.top + 24 <= p.vh

describe('the Dock as a user first sees it', () => {
  test('1280×900, compare-options: the first question is in view, or a cue shows that the panel scrolls and brings it', async () => {
    const s = await sessionWithSurface(h, example('compare-options'))
    const { page } = await openSurfacePage(s)
    const first = `.tsf-form > .tsf-field:first-child`
    const place = await placeOf(page, first)
    const cue = await page.$(`${DOCK} [data-action=to-questions]`)
    await page.screenshot({ path: join(SHOTS, 'dock-1280x900-first-view.png') })
    // With the first question in view, the cue may still name later ones (findable.test.mjs).
    if (!inView(place)) {
      assert.ok(cue, `the first question is below the fold (${Math.round(place.top)} of ${Math.round(place.bodyBottom)}) and a cue says so`)
      assert.ok(await cue.isIntersectingViewport(), 'the cue itself is in view')
      assert.match(await cue.evaluate((e) => e.textContent), /question/i)
      await cue.click()
      await page.waitForFunction((sel, first) => {
        const body = document.querySelector(`${sel} .tsf-body`).getBoundingClientRect()
        const r = document.querySelector(`${sel} ${first}`).getBoundingClientRect()
        return r.top >= body.top - 1 && r.top + 24 <= body.bottom
      }, { timeout: EVENT_MS }, DOCK, first)
      await page.screenshot({ path: join(SHOTS, 'dock-1280x900-after-cue.png') })
    }
    await page.close()
  })

  test('after a reload that restores a draft, the restored answer is in view', async () => {
    const s = await sessionWithSurface(h, example('compare-options'))
    const { page } = await openSurfacePage(s)
    const field = `${DOCK} textarea[data-field=constraints]`
    await page.$eval(field, (e) => e.scrollIntoView({ block: 'center' }))
    await page.type(field, 'Keep it under 2 GB of memory.')
    // Leave the panel at its top: the reload must not owe the answer's place to a kept scroll.
    await page.$eval(`${DOCK} .tsf-body`, (e) => { e.scrollTop = 0 })
    await page.waitForFunction((sel) => document.querySelector(`${sel} .tsf-body`).scrollTop === 0, {}, DOCK)
    await page.reload({ waitUntil: 'domcontentloaded' })
    await page.waitForSelector('textarea')
    await selectSession(page, s.title)
    await dockReady(page, s.surfaceId)
    assert.equal(await page.$eval(field, (e) => e.value), 'Keep it under 2 GB of memory.')
    await page.waitForFunction((sel) => {
      const dock = document.querySelector(sel)
      const body = dock.querySelector('.tsf-body').getBoundingClientRect()
      const r = dock.querySelector('textarea[data-field=constraints]').getBoundingClientRect()
      return r.top >= body.top - 1 && r.bottom <= body.bottom + 1 && r.bottom <= window.innerHeight
    }, { timeout: EVENT_MS }, DOCK)
    await page.screenshot({ path: join(SHOTS, 'dock-1280x900-draft-restored.png') })
    await page.close()
  })

  test('the harness\'s scroll-to-bottom button never covers the row\'s status badge or the Dock\'s badge', async () => {
    // A prompt long enough that the transcript scrolls (the page has something to scroll back to).
    const prompt = ['Please ask me in a panel.', ...Array.from({ length: 40 }, (_, i) => `Context line ${i + 1}.`)].join('\n')
    const s = await sessionWithSurface(h, example('compare-options'), { prompt })
    const { page } = await openSurfacePage(s)
    // Scroll the transcript away from its end so the harness shows its scroll-to-bottom button.
    await page.evaluate(() => {
      for (const e of document.querySelectorAll('*')) if (e.scrollHeight > e.clientHeight + 20 && !e.closest('[data-task-surface-dock]')) e.scrollTop = 0
    })
    const button = await page.waitForSelector('button[aria-label="Back to bottom"]', { visible: true, timeout: EVENT_MS })
    // The button floats over the transcript's last lines wherever they are: what must not share
    // its column band is the badges, whichever line they are on.
    const layout = await button.evaluate((b, sel) => {
      const band = b.getBoundingClientRect()
      const box = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom } }
      return { band: box(b), status: box(document.querySelector('[data-task-surface-row] [data-status]')), badge: box(document.querySelector(`${sel} .tsf-badge`)) }
    }, DOCK)
    await page.screenshot({ path: join(SHOTS, 'dock-1280x900-badge.png') })
    const clear = (r) => r.right <= layout.band.left || r.left >= layout.band.right
    assert.ok(clear(layout.status), `the row's status badge (${Math.round(layout.status.left)}..${Math.round(layout.status.right)}) is clear of the button (${Math.round(layout.band.left)}..${Math.round(layout.band.right)})`)
    assert.ok(clear(layout.badge) || layout.badge.bottom <= layout.band.top || layout.badge.top >= layout.band.bottom, 'the Dock\'s badge is clear of it')
    await page.close()
  })

  for (const width of [390, 360]) {
    test(`${width} px wide: the transcript row keeps its title and its status readable, nothing clipped or overflowing`, async () => {
      const s = await sessionWithSurface(h, example('compare-options'))
      const { page } = await openSurfacePage(s)
      await page.setViewport({ width, height: width === 360 ? 740 : 844, deviceScaleFactor: 2 })
      await page.reload({ waitUntil: 'domcontentloaded' })
      await page.waitForSelector('[data-task-surface-row]', { timeout: EVENT_MS })
      const row = await page.$eval('[data-task-surface-row]', (e) => {
        const title = e.querySelector('.tsf-row__title')
        const chip = e.querySelector('[data-status]')
        const r = title.getBoundingClientRect()
        const c = chip.getBoundingClientRect()
        return {
          width: r.width, clipped: title.scrollWidth > title.clientWidth + 1, text: title.textContent,
          chip: chip.textContent, chipClipped: chip.scrollWidth > chip.clientWidth + 1 || chip.scrollHeight > chip.clientHeight + 1,
          chipInside: c.left >= 0 && c.right <= window.innerWidth,
          rowOverflow: e.scrollWidth - e.clientWidth, pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
        }
      })
      await page.$eval('[data-task-surface-row]', (e) => e.scrollIntoView({ block: 'center' }))
      await page.screenshot({ path: join(SHOTS, `row-${width}.png`) })
      assert.equal(row.text, 'Pick a cache for the session store')
      assert.equal(row.clipped, false, `the whole title shows (${Math.round(row.width)} px wide)`)
      assert.deepEqual([row.chip, row.chipClipped, row.chipInside], ['Open — answer it in the panel above the message box', false, true], 'the whole status shows')
      assert.ok(row.rowOverflow <= 0 && row.pageOverflow <= 0, 'nothing overflows sideways')
      await page.close()
    })
  }
})

const signalPlugin = (signal) => { for (const pid of h.dsh.pluginPids()) process.kill(pid, signal) }
const alertText = (page) => page.$eval(`${DOCK} .tsf-alert`, (e) => e.textContent)

describe('the Dock under faults', () => {
  test('the plugin stopped mid-submit: after the bound a retry shows, and it reuses the id once the plugin runs again', async () => {
    const s = await sessionWithSurface(h, example('compare-options'))
    const { page, requests } = await openSurfacePage(s)
    await page.type(`${DOCK} textarea[data-field=constraints]`, 'stopped mid-submit')
    signalPlugin('SIGSTOP')
    try {
      await page.click(SUBMIT)
      await page.waitForSelector(`${DOCK} [data-action=retry]`, { visible: true, timeout: EVENT_MS })
      await page.screenshot({ path: join(SHOTS, 'dock-no-answer-retry.png') })
      assert.match(await alertText(page), /No answer from the harness within 15 s|plugin is restarting or not running/)
    } finally {
      signalPlugin('SIGCONT')
    }
    await page.click(`${DOCK} [data-action=retry]`)
    await waitFor(async () => (await submissions(h, s.sessionId)).length === 1, { what: 'the submission' })
    const ids = new Set(submitRequests(requests).map(submissionIdOf))
    assert.equal(ids.size, 1, 'every request carried the same submission id')
    await waitFor(async () => (await h.dsh.projection(s.sessionId))?.active === null, { what: 'the surface to close' })
    assert.equal((await submissions(h, s.sessionId)).length, 1, 'sent once')
    await page.close()
  })

  test('a plugin that keeps dying: the Dock says the harness answered that the plugin is away, then sending works', async () => {
    const s = await sessionWithSurface(h, example('compare-options'))
    const { page } = await openSurfacePage(s)
    await page.type(`${DOCK} textarea[data-field=constraints]`, 'while it restarts')
    // Kill each launch as soon as it is up: after six crashes in a row the shim waits 3.2–6.4 s
    // before the next launch, and a submit sent meanwhile is answered at once with the
    // supervisor's "restarting" error (a fixed-interval kill loop could let a submit through).
    for (let crash = 0; crash < 6; crash++) {
      const pid = await waitFor(() => h.dsh.pluginPids()[0], { what: `launch ${crash + 1} of the plugin` })
      process.kill(pid, 'SIGKILL')
      // That process, not every plugin: the next launch may already be up.
      await waitFor(() => !h.dsh.pluginPids().includes(pid), { what: 'the killed plugin to go' })
    }
    await page.click(SUBMIT)
    await page.waitForSelector(`${DOCK} [data-action=retry]`, { visible: true, timeout: EVENT_MS })
    await page.screenshot({ path: join(SHOTS, 'dock-plugin-restarting.png') })
    const text = await alertText(page)
    assert.match(text, /The harness answered, but the Task Surface plugin is restarting or not running/)
    assert.doesNotMatch(text, /Could not reach the harness/)
    // The plugin back and answering (its process alone is not enough: it may still be starting).
    await waitFor(async () => (await h.dsh.remote('taskSurface/getActive', { sessionId: s.sessionId }))?.value?.active === true,
      { what: 'the plugin back and answering', timeoutMs: EVENT_MS })
    await page.click(`${DOCK} [data-action=retry]`)
    await waitFor(async () => (await submissions(h, s.sessionId)).length === 1, { what: 'the submission', timeoutMs: EVENT_MS })
    await page.close()
  })

  test('a page reloaded while the plugin restarts says so, and the panel loads by itself once the plugin is back', async () => {
    const s = await sessionWithSurface(h, example('compare-options'))
    const { page } = await openSurfacePage(s)
    // Kill each launch as soon as it is up (as above): the shim then waits seconds before the next.
    for (let crash = 0; crash < 7; crash++) {
      const pid = await waitFor(() => h.dsh.pluginPids()[0], { what: `launch ${crash + 1} of the plugin` })
      process.kill(pid, 'SIGKILL')
      await waitFor(() => !h.dsh.pluginPids().includes(pid), { what: 'the killed plugin to go' })
    }
    await page.reload({ waitUntil: 'domcontentloaded' })
    await page.waitForSelector('textarea')
    await selectSession(page, s.title)
    const restarting = '[data-task-surface-dock] [data-state="error"][data-why="unavailable"]'
    await page.waitForSelector(restarting, { timeout: EVENT_MS })
    assert.match(await page.$eval(restarting, (e) => e.textContent), /The Task Surface plugin is restarting\. The panel loads by itself once it is back/)
    await page.screenshot({ path: join(SHOTS, 'dock-load-plugin-restarting.png') })
    // No click: once the plugin answers, the panel loads by itself within a retry or two.
    await waitFor(async () => (await h.dsh.remote('taskSurface/getActive', { sessionId: s.sessionId }))?.value?.active === true,
      { what: 'the plugin back and answering', timeoutMs: EVENT_MS, intervalMs: 50 })
    const back = Date.now()
    await dockReady(page, s.surfaceId)
    const waited = Date.now() - back
    assert.ok(waited < 3000, `the panel loaded ${waited} ms after the plugin was back`)
    await page.close()
  })

  test('two tabs send different answers: the losing tab keeps its own as a visible draft and says another was sent', async () => {
    const s = await busySessionWithSurface(h, example('compare-options'))
    const a = await openSurfacePage(s)
    const b = await openSurfacePage(s)
    // Only the tab in front runs its frames (puppeteer waits on them): switch like a user does.
    const front = async (tab) => { await tab.page.bringToFront(); return tab.page }
    await (await front(a)).type(`${DOCK} textarea[data-field=constraints]`, 'answer from tab A')
    await (await front(b)).type(`${DOCK} textarea[data-field=constraints]`, 'answer from tab B')
    await (await front(a)).click(SUBMIT)
    await a.page.waitForSelector(`${DOCK}[data-state="queued"]`)
    await (await front(b)).click(SUBMIT)
    await b.page.waitForSelector(`${DOCK}[data-state="overtaken"]`, { timeout: EVENT_MS })
    assert.match(await b.page.$eval(`${DOCK} [role=status]`, (e) => e.textContent), /Another answer to this panel was sent first/)
    h.llm.release()
    await waitFor(async () => (await h.dsh.projection(s.sessionId))?.active === null, { what: 'the surface to close', timeoutMs: EVENT_MS })
    await (await front(a)).waitForSelector(DOCK, { hidden: true, timeout: EVENT_MS })
    // Tab B still shows its own answer, read-only, with the sentence, until the user closes it.
    await front(b)
    await b.page.waitForFunction((sel) => document.querySelector(`${sel} [role=status]`)?.textContent.includes('yours was not sent'), { timeout: EVENT_MS }, DOCK)
    assert.equal(await b.page.$eval(`${DOCK} textarea[data-field=constraints]`, (e) => e.value), 'answer from tab B')
    await b.page.screenshot({ path: join(SHOTS, 'dock-two-tabs-overtaken.png') })
    const sent = await submissions(h, s.sessionId)
    assert.equal(sent.length, 1, 'one submission')
    assert.match(JSON.stringify(sent[0].data), /answer from tab A/)
    await b.page.click(`${DOCK} [data-action=close]`)
    await b.page.waitForSelector(DOCK, { hidden: true })
    await a.page.close()
    await b.page.close()
  })
})
