// The Dock's scrolling body holds still under the pointer. A user scrolls the body with the mouse
// wheel until the first question is in view, aims at one of its options and clicks at once: the
// "Questions below" cue leaving once the question is in view must not move what is under the
// pointer, and the click selects the option aimed at (not the one above it). The options' boxes
// are read the moment the body stops scrolling (its scrollend event), which is where the user
// aims. One harness for the file; compare-options at 1280×900 starts with its first question
// below the fold.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { example, openSurfacePage, sessionWithSurface } from './support/app.mjs'
import { DOCK, SHOTS, useSuite } from './support/suite.mjs'

let h, browser
useSuite({ onStart: (s) => ({ h, browser } = s) })

const CUE = `${DOCK} [data-action=to-questions]`
const OPTIONS = `${DOCK} .tsf-form > .tsf-field:first-child .tsf-option`

/** The boxes of the first question's options, and whether all of them are inside the body. */
const optionsOf = (page) => page.$eval(DOCK, (dock, options) => {
  const body = dock.querySelector('.tsf-body').getBoundingClientRect()
  const boxes = [...document.querySelectorAll(options)].map((e) => {
    const r = e.getBoundingClientRect()
    return { value: e.querySelector('input').value, top: r.top, left: r.left, width: r.width, height: r.height }
  })
  return { boxes, inView: boxes.every((b) => b.top >= body.top && b.top + b.height <= body.bottom) }
}, OPTIONS)

/**
 * One turn of the wheel over the body by `deltaY`; resolves with the options' boxes at the moment
 * the body stopped scrolling.
 */
async function wheel(page, deltaY) {
  await page.$eval(`${DOCK} .tsf-body`, (body, options) => {
    window.__aimedAt = null
    body.addEventListener('scrollend', () => {
      window.__aimedAt = [...document.querySelectorAll(options)].map((e) => {
        const r = e.getBoundingClientRect()
        return { value: e.querySelector('input').value, top: r.top, left: r.left, width: r.width, height: r.height }
      })
    }, { once: true })
  }, OPTIONS)
  await page.mouse.wheel({ deltaY })
  return (await page.waitForFunction(() => window.__aimedAt, { timeout: 10_000 })).jsonValue()
}

const WHEELS = [
  { name: 'a notch at a time', delta: () => 100 },
  { name: 'a page at a time (a flick that reaches the end)', delta: (bodyHeight) => bodyHeight },
]

describe('the Dock holds still under the pointer', () => {
  for (const { name, delta } of WHEELS) {
    test(`wheel ${name} to the first question, then click an option at once: it is where it was and gets selected`, async () => {
      const s = await sessionWithSurface(h, example('compare-options'))
      const { page } = await openSurfacePage(browser, h, s, { viewport: { width: 1280, height: 900 } })
      assert.ok(await page.$(CUE), 'the first question starts below the fold, with the cue')
      const body = await page.$eval(`${DOCK} .tsf-body`, (e) => {
        const r = e.getBoundingClientRect()
        return { x: r.left + r.width / 2, y: r.top + r.height / 2, height: e.clientHeight }
      })
      await page.mouse.move(body.x, body.y)
      let aimed = null
      for (let turns = 0; !(await optionsOf(page)).inView; turns++) {
        assert.ok(turns < 20, 'the wheel brings the first question into view')
        aimed = await wheel(page, delta(body.height))
      }
      await page.waitForSelector(CUE, { hidden: true, timeout: 10_000 })
      const after = (await optionsOf(page)).boxes
      await page.screenshot({ path: join(SHOTS, `dock-steady-${delta(body.height)}.png`) })
      assert.deepEqual(after, aimed, 'the options are where they were when the body stopped scrolling')
      const target = aimed.find((b) => b.value === 'ristretto')
      await page.mouse.click(target.left + target.width / 2, target.top + target.height / 2)
      await page.waitForFunction((sel) => document.querySelector(`${sel} input[value=ristretto]`).checked, { timeout: 10_000 }, DOCK)
        .catch(() => assert.fail('the option aimed at is selected'))
      assert.equal(await page.$eval(`${DOCK} input[value=redis]`, (e) => e.checked), false, 'not the option above it')
      await page.close()
    })
  }
})
