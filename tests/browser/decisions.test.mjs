// Required decisions, help text and the matrix in the real harness: the packed bundle in
// `dsh web` (dsh 0.1.0-rc.8), the plugin built from this tree, the scripted keyless LLM opening
// examples/surfaces/triage-matrix.json and components/decisions-model.json, and Debian's
// Chromium. A keyboard user sends the matrix empty (nothing is sent; the rows left are marked
// and focus goes to the first), answers it row by row with the arrow keys and Tab, and sends;
// the message source has every row, the bubble has one line per row, the row replays them under
// the help. A required choice, multi-choice (with bounds) and order are answered the same way,
// the order with "Keep this order". A reload brings the matrix's rows and a kept order back as a
// draft. Also: 360 px in the dark theme, and zh.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { press } from './components/keys.mjs'
import { dockReady, example, openSurfacePage, selectSession, sessionWithSurface, submissions, tabUntil, waitFor } from './support/app.mjs'
import { DOCK, SHOTS, dockGone, submitRequests, unnamedControls, useSuite, EVENT_MS } from './support/suite.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const TRIAGE = example('triage-matrix')
const DECISIONS = JSON.parse(readFileSync(join(here, 'components', 'decisions-model.json'), 'utf8'))

let h, browser
useSuite({ onStart: (s) => ({ h, browser } = s) })

const open = (s, options) => openSurfacePage(browser, h, s, options)
const squash = (text) => text.replace(/\s+/g, '')

/** Where focus is: the field, the matrix row and the control's value or action. */
const where = (page) => page.evaluate(() => {
  const e = document.activeElement
  return {
    field: e.closest('[data-field]')?.getAttribute('data-field') ?? null,
    row: e.closest('[data-row]')?.getAttribute('data-row') ?? null,
    value: e.tagName === 'INPUT' ? e.value : null,
    action: e.getAttribute('data-action'),
    option: e.getAttribute('data-option'),
  }
})

/** Tab (forward from where focus is) until `match(where)` holds. */
async function tabTo(page, match) {
  await tabUntil(page, (f) => f.inDock, { max: 60 })
  for (let i = 0; i < 60; i++) {
    if (match(await where(page))) return
    await press(page, 'Tab')
  }
  throw new Error('focus never reached the target')
}

/** Send with Ctrl+Enter and wait for the Dock to say that answers need attention. */
async function sendRefused(page) {
  await press(page, 'Control+Enter')
  await page.waitForFunction((sel) => document.querySelector(`${sel} [role=alert]`)?.textContent.match(/needs? attention/), { timeout: EVENT_MS }, DOCK)
}

/** The problem texts under each field of the Dock that has any, by field id. */
const problemsShown = (page) => page.evaluate((sel) => Object.fromEntries([...document.querySelectorAll(`${sel} .tsf-form > .tsf-field`)]
  .map((f) => [f.dataset.field ?? f.querySelector('[data-field]')?.dataset.field, [...f.querySelectorAll('.tsf-problem')].map((p) => p.textContent)])
  .filter(([id, problems]) => id && problems.length > 0)), DOCK)

describe('the matrix in the browser', () => {
  test('by keyboard: sent empty it is refused with focus on the first row left; arrows and Tab answer it row by row; the message, the bubble and the row have one line per row', async () => {
    const s = await sessionWithSurface(h, TRIAGE)
    const { page, errors, requests } = await open(s)
    assert.deepEqual(await unnamedControls(page), [], 'every control has a name')
    const grid = await page.evaluate((sel) => {
      const f = document.querySelector(`${sel} [data-field=triage]`)
      return {
        legend: f.querySelector('legend').textContent,
        help: f.querySelector('.tsf-help').textContent,
        describedByHelp: f.getAttribute('aria-describedby').split(' ').includes(f.querySelector('.tsf-help').id),
        rows: [...f.querySelectorAll('[role=radiogroup]')].map((g) => document.getElementById(g.getAttribute('aria-labelledby')).textContent),
        heads: [...f.querySelectorAll('.tsf-matrix__head span')].map((e) => e.textContent).filter(Boolean),
      }
    }, DOCK)
    assert.deepEqual(grid, {
      legend: 'What should happen to each test? (required)',
      help: TRIAGE.fields[0].help,
      describedByHelp: true,
      rows: ['TestUploadRetry', 'TestCacheEviction', 'TestWebSocketReconnect'],
      heads: ['Quarantine', 'Fix now', 'Ignore'],
    })

    // Backwards from the note, each unanswered row is entered at its first option (WAI-ARIA radio
    // group), never its last: Space there answers what the first column says.
    await page.focus(`${DOCK} [data-field=notes]`)
    await press(page, 'Shift+Tab')
    assert.deepEqual(await where(page).then((f) => [f.row, f.value]), ['ws-reconnect', 'quarantine'], 'Shift+Tab enters the last row at its first option')
    await press(page, 'Shift+Tab')
    assert.deepEqual(await where(page).then((f) => [f.row, f.value]), ['cache-eviction', 'quarantine'])
    await page.focus(`${DOCK} .tsf-collapse`)
    await tabTo(page, (f) => f.field === 'triage')
    assert.deepEqual(await where(page).then((f) => [f.row, f.value]), ['upload-retry', 'quarantine'], 'Tab enters the grid at the first row')
    await press(page, 'Tab')
    await press(page, 'Space')
    await sendRefused(page)
    assert.equal(submitRequests(requests).length, 1, 'the plugin judged it')
    assert.equal((await submissions(h, s.sessionId)).length, 0, 'refused: nothing in the conversation')
    assert.deepEqual(await problemsShown(page), { triage: ['This field is required; enter an answer.'] })
    assert.deepEqual(await page.$$eval(`${DOCK} [role=radiogroup]`, (gs) => gs.map((g) => g.getAttribute('aria-invalid'))), ['true', null, 'true'], 'the rows left are marked')
    await waitFor(async () => (await where(page)).row === 'upload-retry', { what: 'focus on the first row left' })

    await press(page, 'Space')
    await press(page, 'Tab')
    assert.deepEqual(await where(page).then((f) => [f.row, f.value]), ['cache-eviction', 'quarantine'], 'Tab goes on to the next row, on its answer')
    await press(page, 'ArrowRight')
    await press(page, 'Tab')
    await press(page, 'ArrowRight', 'ArrowRight')
    assert.deepEqual(await where(page).then((f) => [f.row, f.value]), ['ws-reconnect', 'ignore'])
    const state = await page.evaluate((sel) => ({
      checked: [...document.querySelectorAll(`${sel} [data-field=triage] input:checked`)].map((r) => `${r.closest('[data-row]').dataset.row}=${r.value}`),
      count: document.querySelector(`${sel} .tsf-field--matrix > .tsf-hint`).textContent,
      invalid: document.querySelectorAll(`${sel} [role=radiogroup][aria-invalid]`).length,
    }), DOCK)
    assert.deepEqual(state, { checked: ['upload-retry=quarantine', 'cache-eviction=fix', 'ws-reconnect=ignore'], count: '3 of 3 rows answered', invalid: 0 })
    await press(page, 'Tab')
    assert.equal((await where(page)).field, 'notes', 'Tab leaves the grid after its last row')
    await page.keyboard.type('The reconnect one blocks two teams.')
    await page.$eval(`${DOCK} [data-field=triage]`, (e) => e.scrollIntoView({ block: 'start' }))
    await page.screenshot({ path: join(SHOTS, 'matrix-light.png') })

    h.llm.reply({ text: 'Triaging them.' })
    await press(page, 'Control+Enter')
    await dockGone(page)
    const subs = await submissions(h, s.sessionId)
    assert.equal(subs.length, 1)
    assert.deepEqual(subs[0].data.source.taskSurface.values, {
      triage: { 'upload-retry': 'quarantine', 'cache-eviction': 'fix', 'ws-reconnect': 'ignore' },
      notes: 'The reconnect one blocks two teams.',
    }, 'every row in the message source')
    // The message text is the plugin's formatter's (plugin/format): one line per row.
    const lines = ['- What should happen to each test?', '  TestUploadRetry: Quarantine', '  TestCacheEviction: Fix now', '  TestWebSocketReconnect: Ignore']
    const text = subs[0].data.content[0].text
    for (const line of lines) assert.ok(text.split('\n').includes(line), `the message has the line ${line}\n${text}`)
    const bubble = await page.waitForFunction((title) => [...document.querySelectorAll('[data-chat-flow-kind="user"]')]
      .map((e) => e.innerText).find((t) => t.includes(title)), { timeout: EVENT_MS }, TRIAGE.title).then((x) => x.jsonValue())
    for (const line of lines) assert.ok(squash(bubble).includes(squash(line)), `the bubble shows ${line}\n${bubble}`)

    const row = await page.waitForSelector('[data-task-surface-row][data-status="submitted"]')
    await (await row.$('button[aria-expanded]')).click()
    const replay = await page.$eval('[data-task-surface-row] .tsf-answer[data-field=triage]', (a) => ({
      dt: a.querySelector('dt').innerText.split('\n'),
      lines: [...a.querySelectorAll('dd li')].map((li) => li.innerText),
    }))
    assert.deepEqual(replay, {
      dt: ['What should happen to each test?', TRIAGE.fields[0].help],
      lines: ['TestUploadRetry: Quarantine', 'TestCacheEviction: Fix now', 'TestWebSocketReconnect: Ignore'],
    })
    await page.$eval('[data-task-surface-row] .tsf-answers', (e) => e.scrollIntoView({ block: 'center' }))
    await page.screenshot({ path: join(SHOTS, 'matrix-row.png') })
    assert.deepEqual(errors, [])
    await page.close()
  })
})

describe('required decisions in the browser', () => {
  test('a required choice, multi-choice (2 to 3), order and matrix sent empty each say "required"; answered by keyboard, the order with "Keep this order", they are sent', async () => {
    const s = await sessionWithSurface(h, DECISIONS)
    const { page, requests } = await open(s)
    await page.focus(`${DOCK} .tsf-collapse`)
    await tabTo(page, (f) => f.field === 'verdict')
    await sendRefused(page)
    assert.equal((await submissions(h, s.sessionId)).length, 0, 'refused by the plugin: nothing in the conversation')
    const required = 'This field is required; enter an answer.'
    assert.deepEqual(await problemsShown(page), { verdict: [required], areas: [required], rollout: [required], triage: [required], why: [required] })
    await waitFor(async () => (await where(page)).field === 'verdict', { what: 'focus on the first field' })
    await page.screenshot({ path: join(SHOTS, 'decisions-required.png') })

    await press(page, 'ArrowDown') // the first radio has focus; the arrow chooses the next
    await tabTo(page, (f) => f.field === 'areas')
    await press(page, 'Space') // one area of the two to three it takes: the plugin's to judge

    await tabTo(page, (f) => f.field === 'rollout')
    assert.equal((await where(page)).option, 'eu')
    await press(page, 'Tab')
    assert.equal((await where(page)).action, 'keep-order')
    await press(page, 'Enter')
    await waitFor(async () => (await where(page)).option === 'eu', { what: 'focus back on the list' })
    assert.equal(await page.$(`${DOCK} [data-action=keep-order]`), null)

    await tabTo(page, (f) => f.field === 'triage')
    await press(page, 'Space', 'Tab') // TestUploadRetry: Quarantine; TestCacheEviction keeps its initial "Fix now"
    await press(page, 'Tab', 'ArrowDown') // TestWebSocketReconnect: Fix now
    await tabTo(page, (f) => f.field === 'why')
    await page.keyboard.type('The EU window is shorter.')
    assert.deepEqual(await problemsShown(page), {}, 'every problem went with its answer')
    // One area is too few: the plugin says so at the field, and focus goes there.
    await sendRefused(page)
    assert.equal((await problemsShown(page)).areas?.[0], 'Choose at least 2 options; 1 chosen.')
    await waitFor(async () => (await where(page)).field === 'areas', { what: 'focus on the multi-choice' })
    await press(page, 'Tab', 'Space')
    assert.deepEqual(await problemsShown(page), {})
    await page.$eval(`${DOCK} [data-field=areas]`, (e) => e.scrollIntoView({ block: 'start' }))
    await page.screenshot({ path: join(SHOTS, 'decisions-answered.png') })

    h.llm.reply({ text: 'Noted.' })
    await press(page, 'Control+Enter')
    await dockGone(page)
    const subs = await submissions(h, s.sessionId)
    assert.equal(subs.length, 1)
    assert.deepEqual(subs[0].data.source.taskSurface.values, {
      verdict: 'changes', areas: ['api', 'db'], rollout: ['eu', 'us', 'ap'],
      triage: { t1: 'quarantine', t2: 'fix', t3: 'fix' }, later: { r: null }, notify: null, why: 'The EU window is shorter.',
    })
    await page.close()
  })
})

describe('required decisions: drafts', () => {
  test('a reload brings back the matrix\'s rows as answered and the order as kept; an order never touched is still no answer', async () => {
    const s = await sessionWithSurface(h, DECISIONS)
    const { page } = await open(s)
    await page.focus(`${DOCK} .tsf-collapse`)
    await tabTo(page, (f) => f.action === 'keep-order')
    await press(page, 'Enter')
    await tabTo(page, (f) => f.field === 'triage')
    await press(page, 'ArrowDown') // TestUploadRetry: Fix now
    await press(page, 'Tab', 'Tab', 'ArrowDown', 'ArrowDown') // TestCacheEviction keeps Fix now; TestWebSocketReconnect: Ignore
    const shown = () => page.evaluate((sel) => ({
      rows: [...document.querySelectorAll(`${sel} [data-field=triage] input:checked`)].map((r) => `${r.closest('[data-row]').dataset.row}=${r.value}`),
      keep: document.querySelector(`${sel} [data-action=keep-order]`) !== null,
      order: [...document.querySelectorAll(`${sel} [data-field=rollout] li`)].map((li) => li.dataset.option),
    }), DOCK)
    const answered = { rows: ['t1=fix', 't2=fix', 't3=ignore'], keep: false, order: ['eu', 'us', 'ap'] }
    assert.deepEqual(await shown(), answered)
    await page.reload({ waitUntil: 'domcontentloaded' })
    await page.waitForSelector('textarea')
    await selectSession(page, s.title)
    await dockReady(page, s.surfaceId)
    assert.deepEqual(await shown(), answered, 'the draft kept the rows and the kept order')
    assert.match(await page.$eval(`${DOCK} [role=status]`, (e) => e.textContent), /Restored your unsent answers/)
    await page.close()

    const untouched = await sessionWithSurface(h, DECISIONS)
    const other = await open(untouched)
    await other.page.focus(`${DOCK} .tsf-collapse`)
    await tabTo(other.page, (f) => f.field === 'verdict')
    await press(other.page, 'ArrowDown')
    await other.page.reload({ waitUntil: 'domcontentloaded' })
    await other.page.waitForSelector('textarea')
    await selectSession(other.page, untouched.title)
    await dockReady(other.page, untouched.surfaceId)
    assert.equal(await other.page.$eval(`${DOCK} [data-field=verdict] input:checked`, (r) => r.value), 'changes')
    assert.notEqual(await other.page.$(`${DOCK} [data-action=keep-order]`), null, 'the order still waits to be kept')
    await other.page.close()
  })
})

describe('the matrix: narrow, dark, zh', () => {
  test('zh chrome on the matrix; at 360 px in the dark theme it keeps its columns, one line of radios per row, and fits', async () => {
    const s = await sessionWithSurface(h, TRIAGE)
    // At 1280 px first: the harness keeps the selected session, which the 360 px page (no sidebar) needs.
    const zh = await open(s, { zh: true })
    const chrome = await zh.page.evaluate((sel) => ({
      required: document.querySelector(`${sel} [data-field=triage] .tsf-required`).textContent,
      count: document.querySelector(`${sel} .tsf-field--matrix > .tsf-hint`).textContent,
    }), DOCK)
    assert.deepEqual(chrome, { required: ' （必填）', count: '已回答 0 / 3 行' })
    await zh.page.$eval(`${DOCK} [data-field=triage]`, (e) => e.scrollIntoView({ block: 'start' }))
    await zh.page.screenshot({ path: join(SHOTS, 'matrix-zh.png') })
    await zh.page.close()

    const { page } = await open(s, { dark: true, viewport: { width: 360, height: 760, deviceScaleFactor: 2 } })
    await page.focus(`${DOCK} .tsf-collapse`)
    await tabTo(page, (f) => f.field === 'triage')
    await press(page, 'ArrowDown', 'Tab', 'Space')
    const layout = await page.$eval(DOCK, (dock) => {
      const box = (e) => e.getBoundingClientRect()
      const row = dock.querySelector('[data-row=upload-retry]')
      const cells = [...row.querySelectorAll('.tsf-matrix__cell')].map(box)
      const heads = [...dock.querySelectorAll('.tsf-matrix__head > span')].slice(1)
      return {
        dark: document.body.hasAttribute('data-ds-dark-theme'),
        heads: heads.map((h) => h.textContent),
        underHeads: cells.every((c, i) => Math.abs((c.left + c.right) / 2 - (box(heads[i]).left + box(heads[i]).right) / 2) <= 2),
        oneLine: cells.every((c) => Math.abs(c.top - cells[0].top) < 2),
        overflow: dock.scrollWidth - dock.clientWidth,
        pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
        outside: [...dock.querySelectorAll('.tsf-matrix input, .tsf-matrix label')]
          .filter((c) => { const r = box(c); return r.width > 0 && (r.left < 0 || r.right > window.innerWidth) }).length,
      }
    })
    assert.deepEqual(layout, { dark: true, heads: ['Quarantine', 'Fix now', 'Ignore'], underHeads: true, oneLine: true, overflow: 0, pageOverflow: 0, outside: 0 })
    assert.deepEqual(await page.$$eval(`${DOCK} [data-field=triage] input:checked`, (rs) => rs.map((r) => r.value)), ['fix', 'quarantine'], 'the keys work as they do wide')
    await page.$eval(`${DOCK} [data-field=triage]`, (e) => e.scrollIntoView({ block: 'start' }))
    await page.screenshot({ path: join(SHOTS, 'matrix-360-dark.png') })
    await page.close()
  })
})
