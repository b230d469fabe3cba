// Every question findable (issue 35, item 1; issue 45, items 2 and 7) and the note (issue 35,
// item 3), in the real harness: the Dock's header counts the answers the user gave ("0 of 8
// answered · 1 required left": a value the panel starts with is not one until touched), and
// that line is the cue, covering nothing in the body, that says that later questions are below
// the fold and brings the first required question without an answer into view, also when part
// of it is in view (else the first one below); Submit with a required answer out of view
// scrolls to it and focuses it; at 360×740 the Dock leaves the conversation a quarter of the
// height, its content blocks start folded behind the header's "i", and an order's items do not
// wrap to many lines; "Add a note" puts focus in the note, in view, and the note survives a
// reload as part of the draft.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { example, focused, openSurfacePage, sessionWithSurface, waitFor } from './support/app.mjs'
import { DOCK, SHOTS, SUBMIT, useSuite, EVENT_MS } from './support/suite.mjs'

let h, browser
useSuite({ onStart: (s) => ({ h, browser } = s) })
const NARROW = { width: 360, height: 740 }
/** The header's progress line as it is read out (a narrow panel shows "0/8"), without the cue's words. */
const progress = (page) => page.$eval(`${DOCK} [data-progress] .tsf-progress__full`, (e) => e.textContent)
/** Wait for the progress line to read `want`: it follows the plugin's check of the answers, which
 * the Dock asks for as the panel opens and once the user pauses. */
const progressReads = (page, want) => waitFor(async () => (await progress(page).catch(() => '')) === want, { what: `the progress to read "${want}"` })
const CUE = `${DOCK} [data-action="to-questions"]`

/** Whether the element `sel` (or the focused one) is wholly inside the Dock's scrolling body's visible box. */
const inView = (page, sel) => page.evaluate((sel, dock) => {
  const el = sel ? document.querySelector(sel) : document.activeElement
  const r = el.getBoundingClientRect()
  const b = document.querySelector(`${dock} .tsf-body`).getBoundingClientRect()
  return r.top >= b.top - 1 && r.bottom <= b.bottom + 1 && r.bottom <= window.innerHeight
}, sel, DOCK)

describe('every question findable', () => {
  test('the header counts answers and required ones left; the cue brings later questions into view and covers nothing', async () => {
    const s = await sessionWithSurface(h, example('typed-inputs'))
    const { page, errors } = await openSurfacePage(browser, h, s)
    await progressReads(page, '0 of 8 answered · 1 required left') // nothing touched: no answer of the user's yet
    const cue = await page.waitForSelector(CUE, { visible: true })
    assert.equal(await cue.evaluate((e) => e.querySelector('.tsf-progress__full').textContent + e.querySelector('.tsf-cue__more').textContent),
      '0 of 8 answered · 1 required left · More questions below')
    const covers = await page.$eval(CUE, (c, dock) => {
      const r = c.getBoundingClientRect()
      const b = document.querySelector(`${dock} .tsf-body`).getBoundingClientRect()
      return r.top < b.bottom && r.bottom > b.top
    }, DOCK)
    assert.equal(covers, false, 'the cue is outside the scrolling body')
    await page.screenshot({ path: join(SHOTS, 'findable-typed-1280.png') })
    await cue.click()
    const f = await focused(page)
    assert.equal(f.field, 'day', 'focus is on the first required question without an answer, below the fold')
    assert.ok(await inView(page), 'and it is in view')
    await page.keyboard.type('12102026')
    await progressReads(page, '1 of 8 answered')
    // Empty the required ticket: one required left, and nothing the user gave there.
    await page.$eval(`${DOCK} [data-field=ticket]`, (e) => e.focus())
    await page.keyboard.down('Control'); await page.keyboard.press('a'); await page.keyboard.up('Control')
    await page.keyboard.press('Backspace')
    await progressReads(page, '1 of 8 answered · 1 required left')
    // Flip nothing, choose what was already chosen: a click on the initial choice is an answer.
    await page.$eval(`${DOCK} [data-field=region] input[value=eu-west]`, (e) => { e.scrollIntoView({ block: 'center' }); e.click() })
    await progressReads(page, '2 of 8 answered · 1 required left')
    assert.deepEqual(errors, [])
    await page.close()
  })

  test('the progress line in zh', async () => {
    const s = await sessionWithSurface(h, example('typed-inputs'))
    const { page } = await openSurfacePage(browser, h, s, { zh: true })
    await page.waitForSelector(`${DOCK} [data-progress] .tsf-cue__more`)
    assert.equal(await page.$eval(`${DOCK} [data-progress]`, (e) => e.querySelector('.tsf-progress__full').textContent + e.querySelector('.tsf-cue__more').textContent),
      '已回答 0 / 8 项 · 还有 1 个必填项 · 下方还有问题')
    await page.close()
  })

  test('Submit with a required answer out of view scrolls to it and focuses it', async () => {
    const s = await sessionWithSurface(h, example('typed-inputs'))
    const { page, requests } = await openSurfacePage(browser, h, s)
    // Answer the date, empty the required ticket (the last field), and go back to the top.
    await page.$eval(`${DOCK} [data-field=day]`, (e) => e.focus())
    await page.keyboard.type('12102026')
    await page.$eval(`${DOCK} [data-field=ticket]`, (e) => e.focus())
    await page.keyboard.down('Control'); await page.keyboard.press('a'); await page.keyboard.up('Control')
    await page.keyboard.press('Backspace')
    await page.$eval(`${DOCK} .tsf-body`, (b) => { b.scrollTop = 0 })
    assert.equal(await inView(page, `${DOCK} [data-field=ticket]`), false, 'the required ticket starts out of view')
    await page.click(SUBMIT)
    await waitFor(async () => (await focused(page)).field === 'ticket', { what: 'focus on the ticket' })
    await waitFor(() => inView(page, `${DOCK} [data-field=ticket]`), { what: 'the ticket in view' })
    assert.equal(requests.filter((r) => r.url.endsWith('/api/taskSurface/submit')).length, 1, 'refused by the plugin')
    await page.close()
  })

  test('at 360×740 the Dock leaves the conversation a quarter of the height; content blocks start folded behind the header\'s "i"; order items stay short', async () => {
    for (const name of ['typed-inputs', 'reorder-plan', 'review-change']) {
      const s = await sessionWithSurface(h, example(name))
      // At 1280 px first: the harness keeps the selected session, which the 360 px page (no sidebar) needs.
      await (await openSurfacePage(browser, h, s)).page.close()
      const { page } = await openSurfacePage(browser, h, s, { viewport: NARROW })
      await page.screenshot({ path: join(SHOTS, `findable-${name}-360.png`) })
      // The conversation shows between the page's tabs (Chat, Trajectory) and the Dock.
      const room = await page.$eval(DOCK, (dock) => {
        const tabs = [...document.querySelectorAll('body *')].find((e) => e.children.length === 0 && e.textContent.trim() === 'Chat')
        return dock.getBoundingClientRect().top - tabs.getBoundingClientRect().bottom
      })
      assert.ok(room >= NARROW.height / 4, `${name}: the conversation keeps ${room} px of ${NARROW.height}`)
      // The content blocks wait behind the header's "i", named by how many there are, so the
      // first question shows; a click on it opens them.
      const blocks = example(name).sections.reduce((n, sec) => n + sec.blocks.length, 0)
      const context = `${DOCK} [data-action=context]`
      assert.deepEqual(await page.$eval(context, (e) => [e.getAttribute('aria-label'), e.getAttribute('aria-expanded')]), [`What the agent shows (${blocks})`, 'false'])
      assert.equal(await page.$$eval(`${DOCK} .tsf-block`, (els) => els.filter((e) => e.checkVisibility()).length), 0, `${name}: the blocks start folded`)
      const first = await page.$eval(`${DOCK} .tsf-form .tsf-field`, (e) => e.getBoundingClientRect().top - e.closest('.tsf-body').getBoundingClientRect().bottom)
      assert.ok(first < 0, `${name}: the first question starts in view without scrolling (${first} px below the body's end)`)
      await page.click(context)
      assert.equal(await page.$$eval(`${DOCK} .tsf-block`, (els) => els.filter((e) => e.checkVisibility()).length), blocks, `${name}: a click opens them`)
      await page.click(context)
      if (name === 'reorder-plan') {
        await page.$eval(`${DOCK} [data-field=steps]`, (e) => e.scrollIntoView({ block: 'start' }))
        const lines = await page.$$eval(`${DOCK} .tsf-order__text .tsf-option__label`, (els) => els.map((e) => Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight))))
        assert.ok(lines.length === 5 && Math.min(...lines) >= 1 && Math.max(...lines) <= 2, `order labels take one or two lines (${lines})`)
        const body = await page.$eval(`${DOCK} .tsf-body`, (e) => e.clientHeight)
        assert.ok(body >= 60, `the body still shows questions (${body} px)`)
      }
      await page.close()
    }
  })
})

describe('the cue goes to the first required question without an answer', () => {
  test('triage-matrix, its required matrix part in view and its optional note below: the cue brings the matrix and focuses its first row\'s first option (1280 and 360 px)', async () => {
    const s = await sessionWithSurface(h, example('triage-matrix'))
    for (const viewport of [{ width: 1280, height: 860 }, NARROW]) {
      const { page } = await openSurfacePage(browser, h, s, { viewport })
      // Where a person who scrolled a little has it: the matrix's first lines at the body's end.
      const place = await page.$eval(`${DOCK} [data-field=triage]`, async (f, dock) => {
        const body = document.querySelector(`${dock} .tsf-body`)
        body.scrollTop += f.getBoundingClientRect().top - body.getBoundingClientRect().bottom + 60
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
        const r = f.getBoundingClientRect()
        const b = body.getBoundingClientRect()
        return { top: r.top < b.bottom, whole: r.top >= b.top && r.bottom <= b.bottom }
      }, DOCK)
      assert.deepEqual(place, { top: true, whole: false }, `${viewport.width} px: the matrix starts in view, and part of it is below`)
      await page.click(CUE)
      await waitFor(async () => (await focused(page)).field === 'triage', { what: 'focus on the matrix' })
      assert.deepEqual(await page.evaluate(() => [document.activeElement.closest('[data-row]')?.dataset.row, document.activeElement.value]), ['upload-retry', 'quarantine'],
        `${viewport.width} px: on its first row's first option, not on the optional note`)
      await page.close()
    }
  })
})

describe('the note', () => {
  test('"Add a note" opens the note in view with focus in it; the note survives a reload', async () => {
    const s = await sessionWithSurface(h, example('typed-inputs'))
    const { page } = await openSurfacePage(browser, h, s)
    await page.evaluate((dock) => [...document.querySelectorAll(`${dock} button`)].find((b) => b.textContent === 'Add a note').click(), DOCK)
    await waitFor(() => page.evaluate(() => document.activeElement?.hasAttribute('data-note')), { what: 'focus in the note' })
    assert.ok(await inView(page), 'the note is in view')
    await page.keyboard.type('Ping me before the run.')
    await page.screenshot({ path: join(SHOTS, 'findable-note-1280.png') })
    await page.reload({ waitUntil: 'domcontentloaded' })
    const note = await page.waitForSelector(`${DOCK} [data-note]`, { timeout: EVENT_MS })
    assert.equal(await note.evaluate((e) => e.value), 'Ping me before the run.')
    await page.close()
  })
})
