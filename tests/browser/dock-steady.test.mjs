// The Dock's scrolling body holds still under the pointer. A user scrolls the body with the mouse
// wheel and aims at what is under the pointer the moment the body stops scrolling (its scrollend
// event); nothing the page does afterwards may move it:
// - compare-options at 1280×900 starts with its first question below the fold and the "More
//   questions below" cue (in the footer, over nothing in the body): wheeled to the question, the
//   options stay where they were, and a click at once selects the option aimed at (not the one
//   above it);
// - a model at every limit, wheeled through in turns of up to 2000 px: whatever is under the
//   pointer in the first frame painted after a turn stays there (sections and fields laid out
//   for the first time as they scroll into view must not push it).
// One harness for the file.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { example, openSurfacePage, sessionWithSurface, untilSteady } from './support/app.mjs'
import { limitsModel } from './support/surfaces.mjs'
import { DOCK, SHOTS, useSuite, EVENT_MS } from './support/suite.mjs'

let h, browser
useSuite({ onStart: (s) => ({ h, browser } = s) })

const WIDE = { width: 1280, height: 900 }
const BODY = `${DOCK} .tsf-body`
const CUE = `${DOCK} [data-action=to-questions]`
const OPTIONS = `${DOCK} .tsf-form > .tsf-field:first-child .tsf-option`

/**
 * Installs the page's side of these tests as `window.steady`: an element's box; the first
 * question's options with their boxes; the element under a point (remembered as `aimed`); the
 * moment the body stops scrolling, when a reading is taken.
 */
const install = (page) => page.evaluate((body, options) => {
  const box = (e) => {
    const r = e.getBoundingClientRect()
    return { top: r.top, left: r.left, width: r.width, height: r.height }
  }
  const steady = {
    options: () => [...document.querySelectorAll(options)].map((e) => ({ value: e.querySelector('input').value, ...box(e) })),
    underPointer: ({ x, y }) => {
      steady.aimed = document.elementFromPoint(x, y)
      const { top, left } = box(steady.aimed)
      return { what: `${steady.aimed.className}: ${steady.aimed.textContent.slice(0, 24)}`, top, left }
    },
    atScrollEnd: (read, at, painted) => {
      steady.read = undefined
      const take = () => { steady.read = steady[read](at) }
      // Painted: once the frame after the scroll is on the screen (parts that scroll into view
      // are laid out within that frame, before it is painted).
      const later = painted ? () => requestAnimationFrame(() => setTimeout(take)) : take
      document.querySelector(body).addEventListener('scrollend', later, { once: true })
    },
  }
  window.steady = steady
}, BODY, OPTIONS)

/** The first question's options with their boxes, and whether all of them are inside the body. */
const optionsOf = (page) => page.$eval(BODY, (body) => {
  const b = body.getBoundingClientRect()
  const boxes = window.steady.options()
  return { boxes, inView: boxes.every((x) => x.top >= b.top && x.top + x.height <= b.bottom) }
})

/**
 * One turn of the wheel by `deltaY` with the pointer at `at`; `read` (`options` or
 * `underPointer`) is taken the moment the body stops scrolling, or with `painted` once the next
 * frame is painted, and returned.
 */
async function wheel(page, at, deltaY, read, { painted = false } = {}) {
  await page.evaluate((read, at, painted) => window.steady.atScrollEnd(read, at, painted), read, at, painted)
  await page.mouse.wheel({ deltaY })
  return (await page.waitForFunction(() => window.steady.read, { timeout: EVENT_MS })).jsonValue()
}

/** The middle of the body, its foot and its height. */
const bodyOf = (page) => page.$eval(BODY, (e) => {
  const r = e.getBoundingClientRect()
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, bottom: r.bottom, height: e.clientHeight }
})

const WHEELS = [
  { name: 'a notch at a time', delta: () => 100 },
  { name: 'a page at a time (a flick that reaches the end)', delta: (bodyHeight) => bodyHeight },
]

describe('the Dock holds still under the pointer', () => {
  for (const { name, delta } of WHEELS) {
    test(`wheel ${name} to the first question, then click an option at once: it is where it was and gets selected`, async () => {
      const s = await sessionWithSurface(h, example('compare-options'))
      const { page } = await openSurfacePage(browser, h, s, { viewport: WIDE })
      assert.ok(await page.$(CUE), 'the first question starts below the fold, with the cue')
      await install(page)
      const body = await bodyOf(page)
      await page.mouse.move(body.x, body.y)
      let aimed = null
      for (let turns = 0; !(await optionsOf(page)).inView; turns++) {
        assert.ok(turns < 20, 'the wheel brings the first question into view')
        aimed = await wheel(page, body, delta(body.height), 'options')
      }
      const after = (await optionsOf(page)).boxes
      await page.screenshot({ path: join(SHOTS, `dock-steady-wheel-${delta(body.height)}.png`) })
      assert.deepEqual(after, aimed, 'the options are where they were when the body stopped scrolling')
      const target = aimed.find((b) => b.value === 'ristretto')
      await page.mouse.click(target.left + target.width / 2, target.top + target.height / 2)
      await page.waitForFunction((sel) => document.querySelector(`${sel} input[value=ristretto]`).checked, { timeout: EVENT_MS }, DOCK)
        .catch(() => assert.fail('the option aimed at is selected'))
      assert.equal(await page.$eval(`${DOCK} input[value=redis]`, (e) => e.checked), false, 'not the option above it')
      await page.close()
    })
  }

  test('a model at every limit, wheeled through in big turns: what is under the pointer stays where it was', async () => {
    const s = await sessionWithSurface(h, limitsModel())
    const { page } = await openSurfacePage(browser, h, s, { viewport: WIDE })
    await install(page)
    const body = await bodyOf(page)
    // Over the blocks of the first sections, not the table's own scrolling box.
    const at = { x: body.x, y: body.bottom - 40 }
    await page.mouse.move(at.x, at.y)
    for (const deltaY of [454, 454, 1000, 1000, 1000, 1000, 2000, 2000]) {
      const aimed = await wheel(page, at, deltaY, 'underPointer', { painted: true })
      const settled = await (await page.evaluateHandle(() => window.steady.aimed)).evaluate(untilSteady)
      // Its place: a part laid out only in that frame may still grow downward as its content
      // shows, which moves nothing under the pointer.
      assert.deepEqual({ what: aimed.what, top: settled.top, left: settled.left }, aimed, `after a turn of ${deltaY} px, ${aimed.what} stays where it was`)
    }
    await page.screenshot({ path: join(SHOTS, 'dock-steady-limits.png') })
    await page.close()
  })
})
