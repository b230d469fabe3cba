// Large tables and matrices in the Dock (issue 51, item 5), in the real harness at 360×740 and
// 1280×800: the table of the model at every limit (200 rows, support/surfaces.mjs), a table of
// 16 columns and 200 rows, a Markdown table and a matrix of 20 rows and 7 options grow in the
// panel's body, which scrolls: no box inside the body scrolls up and down (no scroll box in a
// scroll box). A box wider than its room shows that it scrolls sideways: a shadow at the edge with
// more beyond it (base.css), and none at an edge with nothing beyond, nor on a box that fits; a
// person sees it, so the test looks at the pixels the box draws. Each such box is a tab stop with
// a name, or holds the radios the keyboard reaches, and the arrow keys scroll it. axe finds
// nothing serious or critical in the Dock. In the dark theme too, where the transcript row's replay
// (on the conversation's darker background) shows no band at the edges of a table that fits.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { openApp, sessionWithSurface, showSession, untilSteady } from './support/app.mjs'
import { openPage } from './support/browser.mjs'
import { describeViolations, dockViolations } from './support/axe.mjs'
import { limitsModel } from './support/surfaces.mjs'
import { DOCK, SHOTS, useSuite } from './support/suite.mjs'

let h, browser, page
const sessions = {}
useSuite({
  onStart: async (s) => {
    ;({ h, browser } = s)
    sessions.limits = await sessionWithSurface(h, limitsModel())
    sessions.wide = await sessionWithSurface(h, wideModel())
    ;({ page } = await openPage(browser, { width: 1280, height: 800 }))
    await openApp(page, h)
  },
})

/** A table of 16 columns and 200 rows, one that fits anywhere, a Markdown table of 8 columns and
 * a matrix at its limits (20 rows, 7 options). */
function wideModel() {
  const columns = Array.from({ length: 16 }, (_, i) => ({ id: `c${i}`, label: `Column ${i + 1}` }))
  const rows = Array.from({ length: 200 }, (_, r) => Object.fromEntries(columns.map((c, i) => [c.id, i % 2 === 0 ? r * i : `v${r}`])))
  const markdown = `| ${'abcdefgh'.split('').join(' | ')} |\n${'|---'.repeat(8)}|\n${'| alpha beta | gamma | delta | epsilon | zeta eta | theta | iota kappa | lambda |\n'.repeat(4)}`
  const options = ['Blocker', 'Critical', 'Major', 'Minor', 'Trivial', 'Not a bug', 'Duplicate'].map((label, i) => ({ id: `o${i}`, label }))
  return {
    version: 1,
    title: 'Wide tables',
    sections: [{ id: 'data', blocks: [
      { kind: 'table', columns, rows },
      { kind: 'table', columns: columns.slice(0, 2), rows: [{ c0: 1, c1: 'one' }] },
      { kind: 'markdown', text: markdown },
    ] }],
    fields: [{ kind: 'matrix', id: 'triage', label: 'Triage', rows: Array.from({ length: 20 }, (_, i) => ({ id: `r${i}`, label: `Flaky test ${i + 1}` })), options }],
    submit: { label: 'Send' },
  }
}

const BOXES = `${DOCK} :is(.tsf-table__scroll, .tsf-matrix, .tsf-md table)`

/** Show `s` at `width`×`height` with the agent's content unfolded and every long table shown whole. */
async function showWhole(s, width, height) {
  await page.setViewport({ width: 1280, height: 800 })
  await showSession(page, s)
  await page.setViewport({ width, height })
  await page.$eval(DOCK, untilSteady)
  for (const sel of [`${DOCK} [data-action=context][aria-expanded=false]`, `${DOCK} .tsf-table__more button[aria-expanded=false]`]) {
    for (const b of await page.$$(sel)) await b.evaluate((e) => e.click())
  }
  await page.$eval(DOCK, untilSteady)
}

/** In the page: the boxes inside the Dock's body that scroll up and down, and each table or
 * matrix box: its kind and whether it is wider inside than its room. */
const layout = (dock) => {
  const body = dock.querySelector('.tsf-body')
  const tall = [...body.querySelectorAll('*')].filter((e) => /auto|scroll/.test(getComputedStyle(e).overflowY) && e.scrollHeight > e.clientHeight + 1)
  return {
    bodyScrolls: body.scrollHeight > body.clientHeight,
    nested: tall.map((e) => `${e.className || e.localName}: ${e.scrollHeight} in ${e.clientHeight}`),
    boxes: [...dock.querySelectorAll('.tsf-table__scroll, .tsf-matrix, .tsf-md table')].map((e) => [
      e.matches('.tsf-matrix') ? 'matrix' : e.matches('.tsf-md table') ? 'markdown' : 'table', e.scrollWidth > e.clientWidth + 1]),
  }
}

/**
 * How much the box shades its left and right edges, with its content hidden (what the box itself
 * draws; a Markdown table's collapsed borders are the table's, so they go too): the largest
 * difference of a colour channel between a pixel 3 px inside each edge and the middle of the
 * box, on the line through the middle of its visible part.
 */
async function shade(box) {
  const clip = await box.evaluate((e) => {
    const r = e.getBoundingClientRect()
    // Its part in view: in the Dock's body, or (the transcript row's replay) in the window.
    const b = e.closest('.tsf-body')?.getBoundingClientRect() ?? { top: 0, bottom: innerHeight }
    const top = Math.max(r.top, b.top)
    const bottom = Math.min(r.bottom, b.bottom)
    // What is drawn on the line measured is the box (nothing of the page over it).
    const onTop = [r.left + 3, r.left + r.width / 2, r.right - 4].every((x) => e.contains(document.elementFromPoint(x, (top + bottom) / 2)))
    const hide = document.createElement('style')
    hide.id = 'tsf-test-hide'
    hide.textContent = '[data-test-shade] * { visibility: hidden; border-color: transparent !important }'
    document.head.append(hide)
    e.dataset.testShade = ''
    return { x: r.left, y: top, width: r.width, height: bottom - top, onTop }
  })
  assert.ok(clip.onTop, 'the box is in view, under nothing')
  delete clip.onTop
  const png = await page.screenshot({ clip, encoding: 'base64' })
  await box.evaluate((e) => {
    delete e.dataset.testShade
    document.getElementById('tsf-test-hide').remove()
  })
  return page.evaluate(async (png) => {
    const img = new Image()
    img.src = `data:image/png;base64,${png}`
    await img.decode()
    const canvas = document.createElement('canvas')
    canvas.width = img.width
    canvas.height = img.height
    const g = canvas.getContext('2d')
    g.drawImage(img, 0, 0)
    const y = Math.floor(img.height / 2)
    const at = (x) => g.getImageData(x, y, 1, 1).data
    const mid = at(Math.floor(img.width / 2))
    const off = (x) => { const p = at(x); return Math.max(...[0, 1, 2].map((i) => Math.abs(p[i] - mid[i]))) }
    return { left: off(3), right: off(img.width - 4) }
  }, png)
}

/** Scroll `box` sideways to `to` (0, or its far end) and let it settle. */
const scrollTo = (box, to) => box.evaluate(async (e, to) => {
  e.scrollLeft = to === 'end' ? e.scrollWidth : 0
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
}, to)

const SHADED = 8 // a shade a person sees: the border's colour is 25 levels off the panel at the edge
const CLEAR = 2

const CASES = [
  ['limits', 360, 740, [['table', true]]],
  ['limits', 1280, 800, [['table', false]]],
  ['wide', 360, 740, [['table', true], ['table', false], ['markdown', true], ['matrix', true]]],
  ['wide', 1280, 800, [['table', true], ['table', false], ['markdown', false], ['matrix', false]]],
  ['wide', 1280, 800, [['table', true], ['table', false], ['markdown', false], ['matrix', false]], 'dark'],
]

describe('large tables and matrices scroll in the body, and sideways in their own box with a cue', () => {
  for (const [name, width, height, want, theme = 'light'] of CASES) {
    test(`${name} at ${width}×${height}, ${theme}: no scroll box in the body's, a shadow where more is beside, keyboard-reachable; axe nothing serious`, async () => {
      await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }])
      await showWhole(sessions[name], width, height)
      const seen = await page.$eval(DOCK, layout)
      assert.ok(seen.bodyScrolls, 'the body scrolls the long content')
      assert.deepEqual(seen.nested, [], 'no box inside the body scrolls up and down')
      assert.deepEqual(seen.boxes, want, 'which boxes are wider than their room')
      if (name === 'limits') assert.equal(await page.$$eval(`${DOCK} .tsf-table tbody tr`, (r) => r.length), 200, 'all 200 rows shown')

      const boxes = await page.$$(BOXES)
      for (const [i, box] of boxes.entries()) {
        const [kind, wide] = want[i]
        await box.evaluate((e) => e.scrollIntoView({ block: 'center' }))
        await scrollTo(box, 0)
        const start = await shade(box)
        if (!wide) {
          assert.ok(start.left <= CLEAR && start.right <= CLEAR, `${kind} ${i} fits: no shadow at either edge ${JSON.stringify(start)}`)
          continue
        }
        assert.ok(start.right >= SHADED && start.left <= CLEAR, `${kind} ${i} at its start: a shadow at the right edge only ${JSON.stringify(start)}`)
        await scrollTo(box, 'end')
        const end = await shade(box)
        assert.ok(end.left >= SHADED && end.right <= CLEAR, `${kind} ${i} at its end: a shadow at the left edge only ${JSON.stringify(end)}`)
        await scrollTo(box, 0)
        // The keyboard reaches it: a tab stop with a name (a table of the agent's), or radios
        // (a matrix) whose focus brings its far columns into view; the arrow keys scroll it.
        if (kind === 'matrix') {
          await box.evaluate((e) => e.querySelector('.tsf-matrix__row .tsf-matrix__cell:last-child input').focus())
          assert.ok(await box.evaluate((e) => e.scrollLeft > 0), 'focus on the last option scrolls the matrix to it')
          continue
        }
        assert.equal(await box.evaluate((e) => e.tabIndex), 0, `${kind} ${i} is a tab stop`)
        if (kind === 'table') {
          const node = await page.accessibility.snapshot({ root: box, interestingOnly: false })
          assert.match(node?.name ?? '', /^200 rows × (16|6) columns$/, `${kind} ${i} is named by its caption`)
        }
        await box.focus()
        await page.keyboard.press('ArrowRight')
        await page.keyboard.press('ArrowRight')
        await page.waitForFunction((e) => e.scrollLeft > 0, {}, box)
      }
      if (name === 'wide' && width === 360) {
        await boxes[0].evaluate((e) => e.scrollIntoView({ block: 'start' }))
        await page.screenshot({ path: join(SHOTS, 'scrolling-360.png') })
      }
      const violations = await dockViolations(page)
      assert.deepEqual(violations, [], describeViolations(violations))
      if (theme === 'dark') {
        // The transcript row's replay sits on the conversation's background, darker than the
        // panel's: the covers take it there, so a table that fits shows no band at its edges.
        await page.$eval(`${DOCK} .tsf-collapse`, (e) => e.click()) // the row in view above it
        await page.$eval('[data-task-surface-row] button[aria-expanded=false]', (e) => e.click())
        const small = (await page.$$('.tsf-row .tsf-table__scroll'))[1]
        await small.evaluate((e) => e.scrollIntoView({ block: 'center' }))
        const row = await shade(small)
        assert.ok(row.left <= CLEAR && row.right <= CLEAR, `the row's table that fits: no band at either edge ${JSON.stringify(row)}`)
        await page.$eval(`${DOCK} .tsf-collapse`, (e) => e.click())
        await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }])
      }
    })
  }
})
