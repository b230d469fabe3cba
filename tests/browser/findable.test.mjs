// Every question findable (issue 35, item 1) and the note (item 3), in the real harness: the
// Dock's header counts the answers ("7 of 8 answered · 1 required left"), and that line is the
// cue, covering nothing in the body, that says that later questions are below the fold and brings the next
// one into view; Submit with a required answer out of view scrolls to it and focuses it; at
// 360×740 the Dock leaves the conversation at least a third of the height, its content blocks
// start folded behind one line, and an order's items do not wrap to many lines; "Add a note"
// puts focus in the note, in view, and the note
// survives a reload as part of the draft.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { example, focused, openSurfacePage, sessionWithSurface, waitFor } from './support/app.mjs'
import { DOCK, SHOTS, SUBMIT, useSuite } from './support/suite.mjs'

let h, browser
useSuite({ onStart: (s) => ({ h, browser } = s) })
const NARROW = { width: 360, height: 740 }
/** The header's progress line, without the cue's words that follow it while questions are below. */
const progress = (page) => page.$eval(`${DOCK} [data-progress]`, (e) => e.textContent.replace(/ · More questions below$/, ''))
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
    assert.equal(await progress(page), '7 of 8 answered · 1 required left')
    const cue = await page.waitForSelector(CUE, { visible: true })
    assert.equal(await cue.evaluate((e) => e.textContent), '7 of 8 answered · 1 required left · More questions below')
    const covers = await page.$eval(CUE, (c, dock) => {
      const r = c.getBoundingClientRect()
      const b = document.querySelector(`${dock} .tsf-body`).getBoundingClientRect()
      return r.top < b.bottom && r.bottom > b.top
    }, DOCK)
    assert.equal(covers, false, 'the cue is outside the scrolling body')
    await page.screenshot({ path: join(SHOTS, 'findable-typed-1280.png') })
    await cue.click()
    const f = await focused(page)
    assert.ok(f.inDock && f.field, 'focus is on a field below the fold')
    assert.ok(await inView(page), 'and it is in view')
    // Empty the required ticket: one more required left.
    await page.$eval(`${DOCK} [data-field=ticket]`, (e) => e.focus())
    await page.keyboard.down('Control'); await page.keyboard.press('a'); await page.keyboard.up('Control')
    await page.keyboard.press('Backspace')
    assert.equal(await progress(page), '6 of 8 answered · 2 required left')
    assert.deepEqual(errors, [])
    await page.close()
  })

  test('the progress line in zh', async () => {
    const s = await sessionWithSurface(h, example('typed-inputs'))
    const { page } = await openSurfacePage(browser, h, s, { zh: true })
    assert.equal(await page.$eval(`${DOCK} [data-progress]`, (e) => e.textContent), '已回答 7 / 8 项 · 还有 1 个必填项 · 下方还有问题')
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
    assert.equal(requests.filter((r) => r.url.endsWith('/api/taskSurface/submit')).length, 0)
    await page.close()
  })

  test('at 360×740 the Dock leaves the conversation a third of the height; content blocks start folded; order items stay short', async () => {
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
      assert.ok(room >= NARROW.height / 3, `${name}: the conversation keeps ${room} px of ${NARROW.height}`)
      // The content blocks wait behind one line that counts them, so the first question shows;
      // a click on that line opens them.
      const blocks = example(name).sections.reduce((n, sec) => n + sec.blocks.length, 0)
      const summary = `${DOCK} .tsf-context > summary`
      assert.equal(await page.$eval(summary, (e) => e.textContent), `What the agent shows (${blocks})`)
      assert.equal(await page.$$eval(`${DOCK} .tsf-block`, (els) => els.filter((e) => e.checkVisibility()).length), 0, `${name}: the blocks start folded`)
      const first = await page.$eval(`${DOCK} .tsf-form .tsf-field`, (e) => e.getBoundingClientRect().top - e.closest('.tsf-body').getBoundingClientRect().bottom)
      assert.ok(first < 0, `${name}: the first question starts in view without scrolling (${first} px below the body's end)`)
      await page.click(summary)
      assert.equal(await page.$$eval(`${DOCK} .tsf-block`, (els) => els.filter((e) => e.checkVisibility()).length), blocks, `${name}: a click opens them`)
      await page.click(summary)
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
    const note = await page.waitForSelector(`${DOCK} [data-note]`, { timeout: 30_000 })
    assert.equal(await note.evaluate((e) => e.value), 'Ping me before the run.')
    await page.close()
  })
})
