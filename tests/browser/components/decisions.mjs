// Component tests of required decisions, help text and the matrix, in Chromium: the values a
// required choice, multi-choice (with minItems and maxItems), order and matrix start with and
// keep in a draft (whether they are answers is the plugin's to say), the help under each label
// tied to its control, the order's "Keep this order", the matrix as a radio grid driven by the
// keyboard, wide and at 360 px, zh chrome, and the transcript row's read-only text. Registered
// by components.test.mjs, which owns the page.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { normalized } from '../support/normalized.mjs'
import { press as pressKeys } from './keys.mjs'
import { SHOTS } from '../support/suite.mjs'

/**
 * @param {() => import('puppeteer-core').Page} pageOf the component page, once it is open
 * @param {object} decisions the test model (decisions-model.json: every field with help, the
 *   required decisions, a required matrix with an initial answer and an optional one), normalised
 * @param {(name: string) => {model: object, cases: object[]}} vectorsOf a vector file of
 *   tests/conformance/submissions, its model normalised
 */
export function decisionTests(pageOf, decisions, vectorsOf) {
  const vectors = vectorsOf('language.json')
  const field = (id) => decisions.fields.find((f) => f.id === id)

  /** Render `f` with `initial` (and `problems` at it) and return the page. */
  async function mount(f, initial, { lang, problems, width } = {}) {
    const page = pageOf()
    await page.evaluate((f, initial, lang, problems, width) => {
      window.TS.installStyles('component-test')
      const app = document.getElementById('app')
      app.style.width = width ? `${width}px` : ''
      window.TS.renderField(f, initial, app, lang, problems)
    }, f, initial, lang, problems, width)
    return page
  }
  const value = () => pageOf().evaluate(() => window.TS.fieldValue)
  const press = (...keys) => pressKeys(pageOf(), ...keys)
  /** What the focused element is: its radio group's row and its value, or its text. */
  const focused = () => pageOf().evaluate(() => {
    const e = document.activeElement
    return { row: e.closest('[data-row]')?.dataset.row ?? null, value: e.value ?? null, text: e.textContent.trim(), id: e.id }
  })
  const text = (selector) => pageOf().$eval(selector, (e) => e.innerText.trim())
  const initial = (m) => pageOf().evaluate((m) => window.TS.initialValues(m), m)

  describe('required decisions, help and the matrix: model and values', () => {
    test('the model reads with help, required decisions and a matrix; a malformed matrix does not', async () => {
      const got = await pageOf().evaluate((m) => {
        const matrix = m.fields.find((f) => f.kind === 'matrix')
        const variant = (over) => window.TS.readModel({ ...m, fields: [{ ...matrix, ...over }] }) !== null
        return {
          ok: window.TS.readModel(m) !== null,
          noRows: variant({ rows: [] }),
          rowWithoutLabel: variant({ rows: [{ id: 'a' }] }),
          initialNotAnId: variant({ initial: { t1: 3 } }),
          helpNotText: variant({ help: 7 }),
        }
      }, decisions)
      assert.deepEqual(got, { ok: true, noRows: false, rowWithoutLabel: false, initialNotAnId: false, helpNotText: false })
      assert.deepEqual(await initial(decisions), {
        verdict: null, areas: [], rollout: null, triage: { t1: null, t2: 'fix', t3: null }, later: { r: null }, notify: null, why: '',
      }, 'a required order starts as no answer; a matrix has every row, unanswered but its initial one')
      const [optional, moved] = normalized({ ...decisions, fields: [{ ...field('rollout'), required: false }] },
        { ...decisions, fields: [{ ...field('rollout'), required: false, initial: ['ap', 'us', 'eu'] }] })
      assert.deepEqual(await initial(optional), { rollout: ['eu', 'us', 'ap'] }, 'an optional order is its permutation, as before')
      assert.deepEqual(await initial(moved), { rollout: ['ap', 'us', 'eu'] }, 'the order the plugin states')
      const { initial: _, ...older } = moved.fields[0]
      assert.deepEqual(await initial({ ...moved, fields: [older] }), { rollout: ['eu', 'us', 'ap'] },
        'a log written before the plugin stated the order shown: the options\' declared order')
    })

    test('before sending, the browser finds nothing in a decision itself: "required" and how many a multi-choice takes are the plugin\'s to say', async () => {
      const got = await pageOf().evaluate((m) => {
        const own = (values) => window.TS.fieldProblems(m, { ...window.TS.initialValues(m), ...values })
        return [own({}), own({ areas: ['api'] }), own({ areas: ['api', 'db', 'ui', 'docs'] }), own({ triage: { t1: 'fix', t2: 'fix', t3: null } })]
      }, decisions)
      assert.deepEqual(got, [[], [], [], []])
    })

    test('every valid answer of the plugin\'s decision vectors survives a draft unchanged (tests/conformance/submissions/language.json)', async () => {
      const valid = vectors.cases.filter((c) => c.valid)
      assert.ok(valid.length >= 1)
      const kept = await pageOf().evaluate((model, valid) => valid.map((c) => window.TS.mergeDraft(model, c.canonical)), vectors.model, valid)
      assert.deepEqual(kept, valid.map((c) => c.canonical))
    })

    test('a draft is repaired row by row; an untouched required order stays untouched', async () => {
      const got = await pageOf().evaluate((m) => ({
        stale: window.TS.mergeDraft(m, { verdict: 'approve', rollout: null, triage: { t1: 'quarantine', t2: 'gone', t3: null, t9: 'fix' }, later: 'yes' }),
        moved: window.TS.mergeDraft(m, { rollout: ['us', 'eu', 'ap'] }).rollout,
        broken: window.TS.mergeDraft(m, { rollout: ['us'] }).rollout,
      }), decisions)
      assert.deepEqual([got.stale.verdict, got.stale.rollout, got.stale.triage, got.stale.later],
        ['approve', null, { t1: 'quarantine', t2: 'fix', t3: null }, { r: null }], 'an option no longer there falls back to the row\'s initial answer; an unknown row goes')
      assert.deepEqual(got.moved, ['us', 'eu', 'ap'])
      assert.equal(got.broken, null, 'an order that no longer fits is no answer again')
    })
  })

  describe('required decisions, help and the matrix: the controls', () => {
    test('help sits under each label and describes the control; a required decision has the "(required)" of a required text', async () => {
      // The element a screen reader describes: the input, the group, or the order's list.
      const control = { text: 'input', toggle: 'input', order: 'ol', choice: 'fieldset', 'multi-choice': 'fieldset', matrix: 'fieldset' }
      for (const f of decisions.fields.filter((f) => f.help)) {
        const start = f.kind === 'matrix' ? { t1: null, t2: null, t3: null } : f.kind === 'multi-choice' ? [] : f.kind === 'toggle' ? false : f.kind === 'text' ? '' : null
        const page = await mount(f, start)
        const got = await page.evaluate((sel) => {
          const app = document.getElementById('app')
          const help = app.querySelector('.tsf-help')
          const label = app.querySelector('.tsf-label, .tsf-switch__label')
          const el = app.querySelector(sel)
          const ids = (el.getAttribute('aria-describedby') ?? '').split(' ')
          return {
            help: help?.textContent,
            under: help ? help.getBoundingClientRect().top >= label.getBoundingClientRect().bottom - 1 : false,
            describes: ids.includes(help?.id),
            required: label.querySelector('.tsf-required')?.textContent ?? '',
          }
        }, control[f.kind])
        assert.deepEqual(got, { help: f.help, under: true, describes: true, required: f.required ? ' (required)' : '' }, f.id)
      }
      await mount(field('later'), { r: null })
      assert.equal(await pageOf().$('#app .tsf-help'), null, 'no help, no empty line')
      assert.equal(await pageOf().$('#app .tsf-required'), null, 'an optional matrix is not marked')
    })

    test('a required order is no answer until the user keeps it ("Keep this order", by keyboard) or moves an item', async () => {
      const page = await mount(field('rollout'), null)
      assert.equal(await text('#app .tsf-order__keep .tsf-hint'), 'Not answered yet: move an item, or keep the order as it is.')
      await page.focus('#app li[tabindex="0"]')
      await press('Tab')
      assert.equal((await focused()).text, 'Keep this order')
      await press('Enter')
      assert.deepEqual(await value(), ['eu', 'us', 'ap'])
      assert.equal(await page.$('#app [data-action=keep-order]'), null, 'the button goes once the order is an answer')
      assert.equal(await page.evaluate(() => document.activeElement.dataset.option), 'eu', 'focus goes back to the list')
      assert.equal(await text('#app [data-order-live]'), 'Kept this order.')

      await mount(field('rollout'), null)
      await page.focus('#app li[tabindex="0"]')
      await press('Alt+ArrowDown')
      assert.deepEqual(await value(), ['us', 'eu', 'ap'], 'a move is an answer too')
      assert.equal(await page.$('#app [data-action=keep-order]'), null)

      await mount({ ...field('rollout'), required: false }, ['eu', 'us', 'ap'])
      assert.equal(await page.$('#app [data-action=keep-order]'), null, 'an optional order has no button')
    })

    test('matrix by keyboard: one radio group per row; arrows move the row\'s answer, Tab moves to the next row', async () => {
      const page = await mount(field('triage'), { t1: null, t2: 'fix', t3: null })
      const names = await page.evaluate(() => ({
        groups: [...document.querySelectorAll('#app [role=radiogroup]')].map((g) => document.getElementById(g.getAttribute('aria-labelledby')).textContent),
        radios: [...document.querySelectorAll('#app [data-row=t1] input[type=radio]')].map((r) => r.labels[0].textContent),
        legend: document.querySelector('#app legend').textContent,
        required: [...document.querySelectorAll('#app [role=radiogroup]')].map((g) => g.getAttribute('aria-required')),
      }))
      assert.deepEqual(names, {
        groups: ['TestUploadRetry', 'TestCacheEviction', 'TestWebSocketReconnect'],
        required: ['true', 'true', 'true'],
        radios: ['Quarantine', 'Fix now', 'Ignore'],
        legend: 'What should happen to each flaky test? (required)',
      })
      assert.equal(await text('#app .tsf-field--matrix > .tsf-hint'), '1 of 3 rows answered')
      await page.focus('#app [data-row=t1] input')
      await press('Space')
      assert.deepEqual(await value(), { t1: 'quarantine', t2: 'fix', t3: null })
      await press('ArrowRight')
      assert.deepEqual(await value(), { t1: 'fix', t2: 'fix', t3: null }, 'the arrow moves the answer within the row')
      await press('Tab')
      assert.deepEqual(await focused().then((f) => [f.row, f.value]), ['t2', 'fix'], 'Tab goes to the next row, on its answer')
      await press('ArrowLeft')
      await press('Tab')
      assert.deepEqual(await focused().then((f) => [f.row, f.value]), ['t3', 'quarantine'], 'an unanswered row is entered at its first option')
      assert.deepEqual(await value(), { t1: 'fix', t2: 'quarantine', t3: null }, 'focus alone answers nothing')
      await press('Space', 'ArrowDown', 'ArrowDown')
      assert.deepEqual(await value(), { t1: 'fix', t2: 'quarantine', t3: 'ignore' })
      assert.equal(await text('#app .tsf-field--matrix > .tsf-hint'), '3 of 3 rows answered')
      await press('Tab')
      assert.equal((await focused()).id, 'after', 'Tab leaves the grid after its last row')
      await press('Shift+Tab')
      assert.deepEqual(await focused().then((f) => [f.row, f.value]), ['t3', 'ignore'])
    })

    test('matrix layout: options head the columns and each row is one line of radios under them, wide and at 360 px (three rows fit a phone\'s panel)', async () => {
      const layout = () => pageOf().evaluate(() => {
        const box = (e) => e.getBoundingClientRect()
        const head = document.querySelector('#app .tsf-matrix__head')
        const row = document.querySelector('#app [data-row=t1]')
        const cells = [...row.querySelectorAll('.tsf-matrix__cell')].map(box)
        const label = box(row.querySelector('.tsf-matrix__label'))
        const field = box(document.querySelector('#app .tsf-field--matrix'))
        return {
          head: getComputedStyle(head).display !== 'none' ? [...head.children].slice(1).map((h) => ({ text: h.textContent, x: Math.round(box(h).left + box(h).width / 2) })) : null,
          radioX: [...row.querySelectorAll('input')].map((r) => Math.round(box(r).left + box(r).width / 2)),
          oneLine: cells.every((c) => Math.abs(c.top - cells[0].top) < 2) && cells[0].left > label.right - 1,
          stacked: cells.every((c, i) => c.top >= (i === 0 ? label.bottom : cells[i - 1].bottom) - 1),
          optionShown: [...row.querySelectorAll('.tsf-matrix__cell .tsf-sr')].map((o) => box(o).width > 1),
          inside: [...document.querySelectorAll('#app .tsf-matrix *')].every((e) => box(e).right <= field.right + 1),
        }
      })
      await mount(field('triage'), { t1: 'fix', t2: null, t3: null }, { width: 720 })
      const wide = await layout()
      assert.deepEqual(wide.head.map((h) => h.text), ['Quarantine', 'Fix now', 'Ignore'])
      wide.head.forEach((h, i) => assert.ok(Math.abs(h.x - wide.radioX[i]) <= 2, `the ${h.text} radio is under its column head`))
      assert.deepEqual([wide.oneLine, wide.optionShown, wide.inside], [true, [false, false, false], true])
      await pageOf().screenshot({ path: join(SHOTS, 'matrix-component-wide.png'), clip: await pageOf().$eval('#app', (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height } }) })

      await mount(field('triage'), { t1: 'fix', t2: null, t3: null }, { width: 360 })
      const narrow = await layout()
      assert.deepEqual(narrow.head.map((h) => h.text), ['Quarantine', 'Fix now', 'Ignore'])
      narrow.head.forEach((h, i) => assert.ok(Math.abs(h.x - narrow.radioX[i]) <= 2, `at 360 px the ${h.text} radio is under its column head`))
      assert.deepEqual([narrow.oneLine, narrow.optionShown, narrow.inside], [true, [false, false, false], true])
      await pageOf().screenshot({ path: join(SHOTS, 'matrix-component-360.png'), clip: await pageOf().$eval('#app', (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height } }) })
    })

    test('problems: a required matrix marks the rows left unanswered and focus goes to the first; the multi-choice says its bounds and its own sentence', async () => {
      const required = [{ code: 'required', message: '', pointer: '/triage' }]
      const page = await mount(field('triage'), { t1: 'fix', t2: null, t3: null }, { problems: required })
      const got = await page.evaluate(() => ({
        invalid: [...document.querySelectorAll('#app [role=radiogroup]')].map((g) => g.getAttribute('aria-invalid')),
        problem: document.querySelector('#app .tsf-problem').textContent,
      }))
      assert.deepEqual(got, { invalid: [null, 'true', 'true'], problem: 'This field is required; enter an answer.' })
      await page.evaluate(() => window.TS.focusField(document.getElementById('app'), 'triage'))
      assert.deepEqual(await focused().then((f) => [f.row, f.value]), ['t2', 'quarantine'], 'focus on the first unanswered row')

      await mount(field('verdict'), null, { problems: required.map((p) => ({ ...p, pointer: '/verdict' })) })
      assert.equal(await text('#app .tsf-problem'), 'This field is required; enter an answer.', 'a choice says what a required text says')

      await mount(field('areas'), ['api'], { problems: [{ code: 'too-few', message: '"What should I re-check?" needs at least 2 options chosen, not 1.', pointer: '/areas' }] })
      assert.equal(await text('#app .tsf-field--multi > .tsf-hint'), 'Choose 2 to 3.', 'the bounds in sight before anything is chosen')
      assert.equal(await text('#app .tsf-problem'), '"What should I re-check?" needs at least 2 options chosen, not 1.')
      await mount(field('areas'), ['api', 'db', 'ui', 'docs'], { problems: [{ code: 'too-many', message: '"What should I re-check?" takes at most 3 options, not 4.', pointer: '/areas' }] })
      assert.equal(await text('#app .tsf-problem'), '"What should I re-check?" takes at most 3 options, not 4.', 'the plugin\'s own sentence when it sends one')
    })

    test('zh chrome for the matrix, the order\'s button and the multi-choice\'s bounds', async () => {
      await mount(field('triage'), { t1: null, t2: 'fix', t3: null }, { lang: 'zh' })
      assert.equal(await text('#app .tsf-field--matrix > .tsf-hint'), '已回答 1 / 3 行')
      assert.equal(await text('#app .tsf-required'), '（必填）')
      await mount(field('rollout'), null, { lang: 'zh' })
      assert.equal(await text('#app [data-action=keep-order]'), '保持此顺序')
      await mount(field('areas'), [], { lang: 'zh' })
      assert.equal(await text('#app .tsf-field--multi > .tsf-hint'), '请选择 2 至 3 项。')
    })
  })

  describe('required decisions, help and the matrix: the transcript row', () => {
    test('the row shows each field\'s help under its label, and a matrix as one "Row: Option" line per row', async () => {
      const values = { verdict: 'changes', areas: ['api', 'db'], rollout: ['us', 'eu', 'ap'], triage: { t1: 'fix', t2: 'quarantine', t3: 'ignore' }, later: { r: null }, notify: true, why: 'The EU window is shorter.' }
      const got = await pageOf().evaluate((m, values) => {
        const meta = { kind: 'dsh/task-surface', version: 1, surfaceId: 'tsf_1', model: m, markdown: {} }
        const block = { kind: 'tool-result', callId: 'call_1', call: { name: 'show_task_surface', argsRaw: '{}' }, content: [{ type: 'text', text: 'Opened' }], isError: false, meta }
        const app = document.getElementById('app')
        app.style.width = ''
        window.TS.renderSubmittedRow(block, values, app)
        app.querySelector('button[aria-expanded]').click()
        return new Promise((r) => requestAnimationFrame(() => r({
          answers: [...app.querySelectorAll('.tsf-answer')].map((a) => [a.querySelector('dt').innerText.split('\n'), [...a.querySelectorAll('dd li')].map((li) => li.innerText)]),
          inputs: app.querySelectorAll('input, textarea, button:not([aria-expanded])').length,
        })))
      }, decisions, values)
      assert.deepEqual(got.answers.find(([dt]) => dt[0] === 'What should happen to each flaky test?'), [
        ['What should happen to each flaky test?', 'Quarantine skips a test in the merge gate until it is fixed.'],
        ['TestUploadRetry: Fix now', 'TestCacheEviction: Quarantine', 'TestWebSocketReconnect: Ignore'],
      ])
      assert.deepEqual(got.answers.find(([dt]) => dt[0] === 'Later'), [['Later'], ['Refactor the client: no answer']])
      assert.deepEqual(got.answers.map(([dt]) => dt[1] ?? null), decisions.fields.map((f) => f.help ?? null), 'every help, under its own label')
      assert.equal(got.inputs, 0, 'the row is never an editor')
    })
  })
}
