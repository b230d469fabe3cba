// Issue 49's interview features in the real harness: the packed bundle in `dsh web` (dsh
// 0.1.0-rc.8), the plugin built from this tree, the scripted keyless LLM opening a surface with
// conditional questions, a date bound that is another date's answer and an allocation
// (components/interview-model.json), and Debian's Chromium. By keyboard at 1280 and 360 px: a
// question appears when its condition holds (said in a polite live region) and goes when it no
// longer does, its answer kept and back when it shows again; the end date's limit follows the
// start date; the allocation's remainder follows the amounts to "All 100 h placed"; what is
// sent leaves the hidden question out, and the user message and the row read it back. axe finds
// nothing serious or critical in the Dock.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { press } from './components/keys.mjs'
import { focused, openSurfacePage, sessionWithSurface, submissions, tabUntil } from './support/app.mjs'
import { dockViolations, describeViolations } from './support/axe.mjs'
import { DOCK, SHOTS, dockGone, submitRequests, useSuite } from './support/suite.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const MODEL = JSON.parse(readFileSync(join(here, 'components', 'interview-model.json'), 'utf8'))

let h, browser
useSuite({ onStart: (s) => ({ h, browser } = s) })

const open = (s, options) => openSurfacePage(browser, h, s, options)
const squash = (text) => text.replace(/\s+/g, '')

/** Tab (forward from where focus is) to the control of `field` that `also` accepts. */
const tabTo = (page, field, also = () => true) => tabUntil(page, (f) => f.inDock && f.field === field && also(f), { max: 40 })
/** Shift+Tab back to the control of `field`. */
const backTo = (page, field) => tabUntil(page, (f) => f.inDock && f.field === field, { back: true, max: 40 })

/** What the Dock shows: the fields drawn, the live sentence, the end date's limit line and the
 * allocation's remainder. */
const shown = (page) => page.evaluate((sel) => {
  const dock = document.querySelector(sel)
  const end = dock.querySelector('input[data-field=end]')
  return {
    fields: [...dock.querySelectorAll('form [data-field]')].map((e) => e.dataset.field).filter((id, i, all) => all.indexOf(id) === i),
    live: dock.querySelector('[data-shown-live]').textContent,
    endLimit: end && document.getElementById(end.id.replace(/-input$/, '-limits'))?.textContent,
    endMin: end?.min,
    left: dock.querySelector('[data-field=effort] [aria-live]')?.textContent,
  }
}, DOCK)

const ALL = ['deploy', 'pct', 'start', 'end', 'rollback', 'threshold', 'effort']
const local = (iso) => new Date(iso + 'T00:00Z').toLocaleDateString('en-US', { timeZone: 'UTC' })

/** The keyboard flow both widths run, from the panel's header: a canary with its percent, then
 * everyone at once (the percent goes, kept), dates whose bound follows, the rollback threshold
 * that the switch brings, and the hours placed. */
async function fillByKeyboard(page) {
  await page.focus(`${DOCK} .tsf-collapse`)
  assert.deepEqual((await shown(page)).fields, ['deploy', 'start', 'end', 'rollback', 'effort'], 'no rollout chosen: no percent, no threshold')
  await tabTo(page, 'deploy')
  await press(page, 'Space')
  let s = await shown(page)
  assert.deepEqual([s.fields, s.live], [ALL.filter((f) => f !== 'threshold'), '1 more question: Canary percent'], 'a canary asks for its percent, said politely')
  await tabTo(page, 'pct')
  await page.keyboard.type('10')
  await backTo(page, 'deploy')
  await press(page, 'ArrowDown')
  s = await shown(page)
  assert.deepEqual([s.fields.includes('pct'), s.live], [false, ''], 'everyone at once: the percent goes')
  await press(page, 'ArrowUp')
  assert.equal(await page.$eval(`${DOCK} input[data-field=pct]`, (e) => e.value), '10', 'and comes back with its answer')
  await press(page, 'ArrowDown')
  assert.equal((await focused(page)).field, 'deploy')
  await tabTo(page, 'start')
  await page.keyboard.type('12032026')
  s = await shown(page)
  assert.deepEqual([s.endLimit, s.endMin], [`From ${local('2026-12-03')} (Start date) to ${local('2027-06-30')}`, '2026-12-03'], 'the end date\'s bound is the start date')
  await tabTo(page, 'end')
  await page.keyboard.type('12102026')
  await tabTo(page, 'rollback')
  await press(page, 'Space')
  assert.equal((await shown(page)).live, '1 more question: Error rate that rolls back')
  await tabTo(page, 'threshold')
  await page.keyboard.type('2.5')
  await tabTo(page, 'effort')
  assert.equal((await shown(page)).left, '100 h left to place')
  await press(page, 'Control+a')
  await page.keyboard.type('60')
  await press(page, 'Tab', 'Control+a')
  await page.keyboard.type('25')
  assert.equal((await shown(page)).left, '15 h left to place')
  await press(page, 'Tab', 'Control+a')
  await page.keyboard.type('20')
  assert.equal((await shown(page)).left, '5 h over')
  await press(page, 'ArrowDown')
  assert.equal((await shown(page)).left, 'All 100 h placed')
}

/** What the flow sends: the percent, hidden, is left out. */
const ANSWERS = { deploy: 'full', start: '2026-12-03', end: '2026-12-10', rollback: true, threshold: 2.5, effort: { backend: 60, frontend: 25, qa: 15 } }

/** Submit by keyboard; what the browser sent, the values in the message source, its text, and
 * the row's answers. */
async function sendAndReadBack(page, requests, s) {
  h.llm.reply({ text: 'Rolling it out.' })
  await press(page, 'Control+Enter')
  await dockGone(page)
  const sent = submitRequests(requests).map((r) => JSON.parse(r.body).payload.args.values)
  assert.deepEqual(sent, [ANSWERS], 'the hidden percent is not sent (its answer stays in the draft)')
  const subs = await submissions(h, s.sessionId)
  assert.equal(subs.length, 1)
  assert.deepEqual(subs[0].data.source.taskSurface.values, { ...ANSWERS, pct: null }, 'the plugin records the hidden question as no answer')
  const text = subs[0].data.content[0].text
  assert.ok(!text.includes('Canary percent'), `the message does not ask the hidden question\n${text}`)
  for (const part of ['Everyone at once', '2026-12-10', 'Backend: 60 h', 'QA: 15 h']) assert.ok(text.includes(part), `the message says ${part}\n${text}`)
  const bubble = await page.waitForFunction((title) => [...document.querySelectorAll('[data-chat-flow-kind="user"]')]
    .map((e) => e.innerText).find((t) => t.includes(title)), { timeout: 30_000 }, MODEL.title).then((x) => x.jsonValue())
  assert.ok(squash(bubble).includes(squash('Frontend: 25 h')), `the bubble shows the allocation\n${bubble}`)
  const row = await page.waitForSelector('[data-task-surface-row][data-status="submitted"]')
  await (await row.$('button[aria-expanded]')).click()
  return page.$$eval('[data-task-surface-row] .tsf-answer', (els) => els.map((e) => e.innerText.replace(/\s+/g, ' ').trim()))
}

const ROW = [
  'How should it roll out? Everyone at once', 'Start date 2026-12-03', 'End date 2026-12-10', 'Roll back automatically Yes',
  'Error rate that rolls back 2.5 %', 'Split 100 engineer-hours Backend: 60 h Frontend: 25 h QA: 15 h',
]

describe('conditions, bounds and an allocation in the browser', () => {
  for (const width of [1280, 360]) {
    test(`at ${width} px by keyboard: a question shown and hidden, a bound followed, the hours placed; the hidden one is not sent; the message and the row read it back`, async () => {
      const s = await sessionWithSurface(h, MODEL)
      // The 360 px page has no sidebar: the harness keeps the session a 1280 px page selected.
      if (width === 360) await (await open(s)).page.close()
      const { page, errors, requests } = await open(s, width === 360 ? { viewport: { width: 360, height: 760, deviceScaleFactor: 2 } } : {})
      await fillByKeyboard(page)
      // The hidden percent counts nowhere (the progress follows the plugin's check).
      await page.waitForFunction((sel) => document.querySelector(`${sel} .tsf-progress__full`)?.textContent === '6 of 6 answered', { timeout: 10_000 }, DOCK)
      if (width === 360) {
        const overflow = await page.$eval(DOCK, (d) => [d.scrollWidth - d.clientWidth, document.documentElement.scrollWidth - window.innerWidth])
        assert.deepEqual(overflow, [0, 0], 'nothing sticks out at 360 px')
      }
      const violations = await dockViolations(page)
      assert.deepEqual(violations, [], describeViolations(violations))
      await page.$eval(`${DOCK} [data-field=effort]`, (e) => e.scrollIntoView({ block: 'center' }))
      await page.screenshot({ path: join(SHOTS, `interview-${width}.png`) })
      assert.deepEqual(await sendAndReadBack(page, requests, s), ROW, 'the row lists the fields shown')
      assert.deepEqual(errors, [])
      await page.close()
    })
  }

  test('focus in a question that hides goes to the question whose answer hid it', async () => {
    const s = await sessionWithSurface(h, MODEL)
    const { page } = await open(s)
    await page.focus(`${DOCK} .tsf-collapse`)
    await tabTo(page, 'deploy')
    await press(page, 'Space')
    await tabTo(page, 'pct')
    // Changed without moving focus (as a restored draft or another input method would).
    await page.$eval(`${DOCK} [data-field=deploy] input[value=full]`, (e) => e.click())
    await page.waitForFunction((sel) => !document.querySelector(`${sel} [data-field=pct]`), {}, DOCK)
    const f = await focused(page)
    assert.deepEqual([f.inDock, f.field], [true, 'deploy'])
    await page.close()
  })
})
