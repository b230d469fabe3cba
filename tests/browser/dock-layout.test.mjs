// The Dock as a user first sees it, in the real harness (dsh web, Debian's Chromium): at
// 1280×900 with the compare-options example the first question is in view or a cue says the
// panel scrolls to it; after a reload that restores a draft the restored answer is in view; the
// harness's own controls (its scroll-to-bottom button) never cover the status badge; a 390 px
// wide transcript row keeps its title readable. Each case leaves a screenshot in SHOTS.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { dockReady, example, openSurfacePage as openSurface, selectSession, sessionWithSurface } from './support/app.mjs'
import { DOCK, SHOTS, startSuite } from './support/suite.mjs'

let suite
let h
let browser

before(async () => {
  suite = await startSuite()
  ;({ h, browser } = suite)
})

after(() => suite?.stop())

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
    if (inView(place)) {
      assert.equal(cue, null, 'no cue when the question is already in view')
    } else {
      assert.ok(cue, `the first question is below the fold (${Math.round(place.top)} of ${Math.round(place.bodyBottom)}) and a cue says so`)
      assert.ok(await cue.isIntersectingViewport(), 'the cue itself is in view')
      assert.match(await cue.evaluate((e) => e.textContent), /question/i)
      await cue.click()
      await page.waitForFunction((sel, first) => {
        const body = document.querySelector(`${sel} .tsf-body`).getBoundingClientRect()
        const r = document.querySelector(`${sel} ${first}`).getBoundingClientRect()
        return r.top >= body.top - 1 && r.top + 24 <= body.bottom
      }, { timeout: 10_000 }, DOCK, first)
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
    }, { timeout: 10_000 }, DOCK)
    await page.screenshot({ path: join(SHOTS, 'dock-1280x900-draft-restored.png') })
    await page.close()
  })

  test('the harness\'s scroll-to-bottom button never covers the row\'s status badge or the Dock\'s badge', async () => {
    const s = await sessionWithSurface(h, example('compare-options'))
    const { page } = await openSurfacePage(s)
    // Scroll the transcript away from its end so the harness shows its scroll-to-bottom button.
    await page.evaluate(() => {
      for (const e of document.querySelectorAll('*')) if (e.scrollHeight > e.clientHeight + 20 && !e.closest('[data-task-surface-dock]')) e.scrollTop = 0
    })
    const button = await page.waitForSelector('button[aria-label="Back to bottom"]', { visible: true, timeout: 10_000 })
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

  test('390 px wide: the transcript row keeps its title readable, nothing overflows', async () => {
    const s = await sessionWithSurface(h, example('compare-options'))
    const { page } = await openSurfacePage(s)
    await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2 })
    await page.reload({ waitUntil: 'domcontentloaded' })
    await page.waitForSelector('[data-task-surface-row]', { timeout: 20_000 })
    const row = await page.$eval('[data-task-surface-row]', (e) => {
      const title = e.querySelector('.tsf-row__title')
      const r = title.getBoundingClientRect()
      return {
        width: r.width, clipped: title.scrollWidth > title.clientWidth + 1, text: title.textContent,
        rowOverflow: e.scrollWidth - e.clientWidth, pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
      }
    })
    await page.$eval('[data-task-surface-row]', (e) => e.scrollIntoView({ block: 'center' }))
    await page.screenshot({ path: join(SHOTS, 'row-390.png') })
    assert.equal(row.text, 'Pick a cache for the session store')
    assert.equal(row.clipped, false, `the whole title shows (${Math.round(row.width)} px wide)`)
    assert.ok(row.rowOverflow <= 0 && row.pageOverflow <= 0, 'nothing overflows sideways')
    await page.close()
  })
})
