// The Dock's frame at every window size (issue 51), in Chromium against the real dsh: one
// harness, one page, the viewport resized in a loop. For every example in examples/surfaces, at
// every width from 320 to 2560 px in steps of 40 and heights 400, 740, 800 and 1440 (in
// `make release-check`; `make test` steps by 120 px at 400 and 800), and at 1280×800 with 200 %
// zoom (which Chromium lays out as a 640×400 CSS viewport at DPR 2), the Dock as it
// opens must have:
// - its header on one line: the title on one line (ellipsised, the whole title in its `title`
//   attribute when cut) and never squeezed away (at least 48 px, or its whole text);
// - every control of its header and footer on screen, clear of dsh's top bar (what is drawn at
//   its centre is the control) and at least 24×24 px (WCAG 2.2's target size);
// - the conversation keeping a quarter of the window's height above it (support/room.mjs);
// - the first question's label in view in the body, or the cue that leads to it
//   (QuestionsCue.tsx) on screen.
// Every miss is collected; the test fails on any and writes the worst case per example to
// tests/browser/artifacts/sizes/report.json. It also writes dock-640-light.png (typed-inputs at
// 640×800) and dock-zoom200-light.png (the same at 1280×800, 200 % zoom).
import { after, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { REPO } from '../e2e/support/harness.mjs'
import { example, openApp, sessionWithSurface, showSession, untilSteady } from './support/app.mjs'
import { openPage } from './support/browser.mjs'
import { DOCK, SHOTS, cutWords, useSuite } from './support/suite.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const OUT = join(here, 'artifacts', 'sizes')
const SURFACES = readdirSync(join(REPO, 'examples', 'surfaces')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort()
// `make release-check` sweeps in full (TASK_SURFACE_SIZES=full: every 40 px, four heights);
// `make test` every 120 px at the shortest and a common height, the same checks, to stay quick.
const FULL = process.env.TASK_SURFACE_SIZES === 'full'
const STEP = FULL ? 40 : 120
const WIDTHS = Array.from({ length: Math.floor((2560 - 320) / STEP) + 1 }, (_, i) => 320 + STEP * i)
const HEIGHTS = FULL ? [400, 740, 800, 1440] : [400, 800]

let h, browser, page
const sessions = {}
useSuite({
  onStart: async (s) => {
    ;({ h, browser } = s)
    for (const name of SURFACES) sessions[name] = await sessionWithSurface(h, example(name))
    ;({ page } = await openPage(browser, { width: 1280, height: 800 }))
    await openApp(page, h)
  },
})
const report = {}
after(() => {
  mkdirSync(OUT, { recursive: true })
  writeFileSync(join(OUT, 'report.json'), JSON.stringify(report, null, 2) + '\n')
})

/** In the page: what a person sees of the Dock at this size, and what misses. */
function measure() {
  const dock = document.querySelector('section.tsf-dock')
  const vw = window.innerWidth
  const vh = window.innerHeight
  const tabs = [...document.querySelectorAll('body *')].find((e) => e.children.length === 0 && /^(Chat|对话)$/.test(e.textContent.trim()))
  const bar = tabs ? tabs.getBoundingClientRect().bottom : 0
  const box = dock.getBoundingClientRect()
  const head = dock.querySelector('.tsf-head')
  const body = dock.querySelector('.tsf-body').getBoundingClientRect()
  const title = dock.querySelector('.tsf-title')
  const misses = []
  // The header's visible children on one row.
  const kids = [...head.children].filter((c) => getComputedStyle(c).position !== 'absolute')
    .map((c) => c.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0)
  const one = kids.every((r) => r.top < kids[0].bottom - 1 && r.bottom > kids[0].top + 1)
  const lineHeight = parseFloat(getComputedStyle(title).lineHeight) || 24
  const t = title.getBoundingClientRect()
  const text = title.textContent
  const probe = document.createElement('span')
  probe.textContent = text
  probe.style.cssText = 'position:absolute;white-space:nowrap;visibility:hidden'
  title.append(probe)
  const whole = probe.getBoundingClientRect().width
  probe.remove()
  if (!one || t.height > lineHeight * 1.5) misses.push(`header on ${one ? 1 : 'more'} lines, title ${Math.round(t.width)}×${Math.round(t.height)}`)
  if (t.width < Math.min(48, whole)) misses.push(`title ${Math.round(t.width)} px wide`)
  const cut = title.scrollWidth > title.clientWidth + 1
  const full = (title.getAttribute('title') ?? '').length > 0 || dock.querySelector('[data-action=context]') !== null
  if (cut && !full) misses.push('title cut with no whole title')
  // Every control of the header and the footer: on screen, below the bar, drawn at its centre, 24×24.
  for (const b of dock.querySelectorAll('.tsf-head button, .tsf-foot button')) {
    const r = b.getBoundingClientRect()
    if (r.width === 0 && r.height === 0) continue
    const name = b.dataset.action ?? b.textContent.trim().slice(0, 20)
    if (r.left < -0.5 || r.right > vw + 0.5 || r.top < bar - 0.5 || r.bottom > vh + 0.5) { misses.push(`${name} off screen (${Math.round(r.left)},${Math.round(r.top)})`); continue }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    if (!hit || !b.contains(hit)) misses.push(`${name} covered by ${hit?.tagName.toLowerCase() ?? 'nothing'}`)
    if (r.width < 23.5 || r.height < 23.5) misses.push(`${name} ${Math.round(r.width)}×${Math.round(r.height)} < 24×24`)
  }
  if (box.top < bar - 0.5) misses.push(`dock top ${Math.round(box.top)} above the bar's ${Math.round(bar)}`)
  const conversation = box.top - bar
  if (conversation < vh / 4 - 0.5) misses.push(`conversation ${Math.round(conversation)} px of ${vh} (dock ${Math.round(box.height)}, bar ${Math.round(bar)}, below ${Math.round(vh - box.bottom)})`)
  // The first question's label in view, or the cue on screen.
  const label = dock.querySelector('.tsf-form > .tsf-field :is(.tsf-label, .tsf-switch__label, legend)')
  const l = label?.getBoundingClientRect()
  const inView = l && l.height > 0 && l.top >= Math.max(body.top, 0) - 1 && l.bottom <= Math.min(body.bottom, vh) + 1
  const cue = dock.querySelector('[data-action=to-questions]')
  const c = cue?.getBoundingClientRect()
  const cueShown = c && c.width > 0 && c.top >= bar - 0.5 && c.bottom <= vh + 0.5 && c.right <= vw + 0.5
  if (!inView && !cueShown) misses.push('neither the first question nor the cue in view')
  return {
    misses, head: Math.round(head.getBoundingClientRect().height), body: Math.round(body.height), title: Math.round(t.width),
    conversation: Math.round((conversation / vh) * 100) / 100,
  }
}

/** Resize, let the page lay out (dsh's own reflow included), and measure: again after the Dock
 * has held still once more, until two measures agree (dsh may still be moving its columns). */
async function at(width, height, deviceScaleFactor = 1) {
  await page.setViewport({ width, height, deviceScaleFactor })
  let last = ''
  for (;;) {
    await page.$eval(DOCK, untilSteady)
    const m = await page.evaluate(measure)
    if (JSON.stringify(m) === last) return m
    last = JSON.stringify(m)
  }
}

for (const name of SURFACES) {
  test(`${name}: header on one line, controls on screen, room for the conversation and the first question, 320–2560 px`, async () => {
    await page.setViewport({ width: 1280, height: 800 })
    await showSession(page, sessions[name])
    const misses = []
    const worst = { title: null, head: null, body: null, conversation: null }
    const note = (size, m) => {
      for (const miss of m.misses) misses.push(`${size}: ${miss}`)
      if (worst.title === null || m.title < worst.title.px) worst.title = { px: m.title, size }
      if (worst.head === null || m.head > worst.head.px) worst.head = { px: m.head, size }
      if (worst.body === null || m.body < worst.body.px) worst.body = { px: m.body, size }
      if (worst.conversation === null || m.conversation < worst.conversation.share) worst.conversation = { share: m.conversation, size }
    }
    for (const height of HEIGHTS) {
      for (const width of WIDTHS) note(`${width}×${height}`, await at(width, height))
    }
    note('1280×800 at 200 %', await at(640, 400, 2))
    if (name === 'typed-inputs') {
      await page.screenshot({ path: join(SHOTS, 'dock-zoom200-light.png') })
      await at(640, 800)
      await page.screenshot({ path: join(SHOTS, 'dock-640-light.png') })
    }
    report[name] = { sizes: WIDTHS.length * HEIGHTS.length + 1, missed: new Set(misses.map((m) => m.split(':')[0])).size, worst, first: misses.slice(0, 12) }
    console.log(`${name}: ${JSON.stringify(report[name])}`)
    assert.deepEqual(misses, [], `${name}: ${misses.length} misses`)
  })
}

test('360 px: a matrix row label breaks between words, inside a word only when that word alone is wider than its column, and the matrix fits (issue 51, item 6)', async () => {
  const rows = ['Upload retry after a timeout', 'Cache eviction under memory pressure', 'TestWebSocketReconnectAfterServerRestart']
  const model = example('triage-matrix')
  model.fields[0].rows = rows.map((label, i) => ({ id: `r${i}`, label }))
  const s = await sessionWithSurface(h, model)
  await page.setViewport({ width: 1280, height: 800 })
  await showSession(page, s)
  await at(360, 740)
  const seen = await page.$eval(DOCK, (dock) => {
    const labels = [...dock.querySelectorAll('.tsf-matrix__label')]
    const matrix = dock.querySelector('.tsf-matrix')
    return { lines: labels.map((l) => l.getClientRects().length > 0 && Math.round(l.getBoundingClientRect().height / parseFloat(getComputedStyle(l).lineHeight))), sideways: matrix.scrollWidth - matrix.clientWidth }
  })
  seen.cut = await cutWords(page, `${DOCK} .tsf-matrix__label`)
  assert.ok(seen.lines.slice(0, 2).every((n) => n > 1), `the long labels wrap: ${JSON.stringify(seen.lines)}`)
  assert.deepEqual(seen.cut.filter((c) => !c.wide), [], 'no word that fits its column is cut')
  assert.deepEqual(seen.cut.map((c) => c.word), ['TestWebSocketReconnectAfterServerRestart'], 'the name wider than its column is cut, not the matrix widened')
  assert.equal(seen.sideways, 0, 'the matrix fits the panel at 360 px')
})

test('360 px: a diff\'s path takes a line of its own before it breaks inside a name (its stats go under it)', async () => {
  await page.setViewport({ width: 1280, height: 800 })
  await showSession(page, sessions['review-change'])
  await at(360, 740)
  const context = await page.$(`${DOCK} [data-action=context][aria-expanded=false]`)
  if (context) await context.evaluate((e) => e.click()) // what the agent shows, folded on a phone
  await page.waitForSelector(`${DOCK} .tsf-diff__path`, { visible: true })
  await page.$eval(DOCK, untilSteady)
  const cut = await cutWords(page, `${DOCK} .tsf-diff__path`)
  // internal/upload/client.go (180 px) fits a line of the head (216 px): it once shared it with
  // "+1 −1" and broke as "internal/upload/client.|go".
  assert.ok(!cut.some((c) => c.word === 'internal/upload/client.go'), `the path that fits a line is whole: ${JSON.stringify(cut)}`)
})

test('forced colours: Submit is told from Dismiss; no part of the Dock skips layout (items 13 and 8)', async () => {
  await page.setViewport({ width: 1280, height: 800 })
  await showSession(page, sessions['release-gate'])
  const look = () => page.$eval(DOCK, (d) => {
    const style = (sel) => { const s = getComputedStyle(d.querySelector(sel)); return `${s.backgroundColor} ${s.color}` }
    return { submit: style('[data-action=submit]'), dismiss: style('[data-action=dismiss]') }
  })
  await page.emulateMediaFeatures([{ name: 'forced-colors', value: 'active' }])
  const forced = await look()
  await page.emulateMediaFeatures([{ name: 'forced-colors', value: 'none' }])
  assert.notEqual(forced.submit, forced.dismiss, `Submit and Dismiss differ in forced colours: ${JSON.stringify(forced)}`)
  // content-visibility: auto cost about ten layout passes a keystroke; nothing in the Dock uses it.
  assert.deepEqual(await page.$$eval(`${DOCK} *`, (els) => els.filter((e) => getComputedStyle(e).contentVisibility === 'auto').length), 0)
})
