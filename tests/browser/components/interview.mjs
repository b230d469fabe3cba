// Component tests of issue 49's interview features in Chromium: the allocation control by
// keyboard (its live remainder), the limit line of a bound that is another field's answer, the
// transcript row of a submission that left hidden fields out, and the row of such a log read by
// the bundle as it was before version 2 (the generic tool result, never half a panel) and by this one.
// Registered by components.test.mjs, which owns the page.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { press } from './keys.mjs'

/** The commit whose client bundle is the last that knows only version 1 of the model (before
 * issue 49): the bundle an older install still runs. */
const LAST_VERSION_1_BUNDLE = '06415a8'

/**
 * @param {() => import('puppeteer-core').Page} pageOf the component page, once it is open
 * @param {object} model the interview test model (interview-model.json), normalised
 * @param {string} repo the repository's root
 */
export function interviewTests(pageOf, model, repo) {
  const field = (id) => model.fields.find((f) => f.id === id)

  /** Render `f` with `initial` (and `bounds`, in `lang`), focus its first input, return the page. */
  async function mount(f, initial, { lang, bounds } = {}) {
    const page = pageOf()
    await page.evaluate((f, initial, lang, bounds) => {
      window.TS.installStyles('component-test')
      window.TS.renderField(f, initial, document.getElementById('app'), lang, [], bounds)
      document.querySelector('#app input').focus()
    }, f, initial, lang, bounds)
    return page
  }
  const left = () => pageOf().$eval('#app [aria-live="polite"]', (e) => e.textContent)

  describe('allocation', () => {
    test('by keyboard: one box per option named by its label, on the step; the remainder follows what is typed and describes every box', async () => {
      const effort = field('effort')
      const page = await mount(effort, { backend: 0, frontend: 0, qa: 0 })
      const boxes = await page.$$eval('#app input', (els) => els.map((e) => ({
        name: e.labels[0].querySelector('.tsf-option__label').textContent, step: e.step, min: e.min, describedBy: e.getAttribute('aria-describedby'),
      })))
      assert.deepEqual(boxes.map((b) => [b.name, b.step, b.min]), [['Backend', '5', '0'], ['Frontend', '5', '0'], ['QA', '5', '0']])
      const liveId = await page.$eval('#app [aria-live="polite"]', (e) => e.id)
      assert.ok(boxes.every((b) => b.describedBy.split(' ').includes(liveId)), 'each box is described by the remainder')
      assert.equal(await left(), '100 h left to place')
      await press(page, 'Control+a')
      await page.keyboard.type('60')
      assert.equal(await left(), '40 h left to place')
      await press(page, 'Tab', 'Control+a')
      await page.keyboard.type('55')
      assert.equal(await left(), '15 h over')
      await press(page, 'Backspace', 'Backspace')
      await page.keyboard.type('25')
      await press(page, 'Tab', 'Control+a')
      await page.keyboard.type('15')
      assert.equal(await left(), 'All 100 h placed')
      assert.deepEqual(await page.evaluate(() => window.TS.fieldValue), { backend: 60, frontend: 25, qa: 15 })
      await press(page, 'ArrowUp')
      assert.deepEqual([await left(), await page.evaluate(() => window.TS.fieldValue.qa)], ['5 h over', 20], 'the arrow keys move by the step')
    })

    test('an emptied box is null and counts nothing; what is not a number is said before sending; zh chrome', async () => {
      const effort = field('effort')
      const page = await mount(effort, { backend: 40, frontend: 60, qa: 0 }, { lang: 'zh' })
      assert.equal(await left(), '100 h 已全部分配')
      await press(page, 'Control+a', 'Backspace')
      assert.deepEqual([await left(), await page.evaluate(() => window.TS.fieldValue)], ['还剩 40 h 待分配', { backend: null, frontend: 60, qa: 0 }])
      const got = await page.evaluate((m) => ({
        nan: window.TS.fieldProblems(m, { ...window.TS.initialValues(m), effort: { backend: NaN, frontend: 0, qa: 0 } }).map((p) => `${p.code} ${p.pointer}`),
        off: window.TS.fieldProblems(m, { ...window.TS.initialValues(m), effort: { backend: 3, frontend: 0, qa: 0 } }),
        start: window.TS.initialValues(m).effort,
        draft: [window.TS.mergeDraft(m, { effort: { backend: 50, frontend: null, qa: 50 } }).effort, window.TS.mergeDraft(m, { effort: { backend: '50' } }).effort],
        none: window.TS.answerOf(m.fields.find((f) => f.id === 'effort'), { backend: 0, frontend: 0, qa: 0 }),
        some: window.TS.answerOf(m.fields.find((f) => f.id === 'effort'), { backend: 60, frontend: 25, qa: 15 }),
      }), model)
      assert.deepEqual(got.nan, ['wrong-type /effort'])
      assert.deepEqual(got.off, [], 'the step and the sum are the plugin\'s to judge')
      assert.deepEqual(got.start, { backend: 0, frontend: 0, qa: 0 })
      assert.deepEqual(got.draft, [{ backend: 50, frontend: null, qa: 50 }, { backend: 0, frontend: 0, qa: 0 }], 'a draft that no longer fits falls back')
      assert.deepEqual(got.none, { none: true }, 'all at 0 is no answer')
      assert.deepEqual(got.some, { list: ['Backend: 60 h', 'Frontend: 25 h', 'QA: 15 h'], ordered: false })
    })
  })

  describe('bounds that are another field\'s answer', () => {
    test('the limit line names the other field\'s answer while it is in force, and the box takes it as its bound; none while it is not', async () => {
      const end = field('end')
      const local = (iso) => new Date(iso + 'T00:00Z').toLocaleDateString(undefined, { timeZone: 'UTC' })
      let page = await mount(end, null, { bounds: { min: { value: '2026-12-03', label: 'Start date' } } })
      const line = () => page.$eval('#app [data-limits]', (e) => e.textContent)
      assert.equal(await line(), `From ${local('2026-12-03')} (Start date) to ${local('2027-06-30')}`)
      assert.equal(await page.$eval('#app input', (e) => e.min), '2026-12-03')
      page = await mount(end, null, { bounds: {} })
      assert.equal(await line(), `Up to ${local('2027-06-30')}`, 'unanswered or hidden: that bound is not said')
      assert.equal(await page.$eval('#app input', (e) => e.min), '')
      const n = { kind: 'number', id: 'n', label: 'Maximum', min: { field: 'lo' }, unit: 'ms' }
      page = await mount(n, null, { bounds: { min: { value: 1500, label: 'Minimum' } } })
      assert.equal(await line(), 'From 1,500 (Minimum)')
      const got = await page.evaluate((m) => {
        const read = window.TS.readModel(m)
        const values = { ...window.TS.initialValues(read), start: '2026-12-03' }
        return [window.TS.readModel({ ...m, fields: [{ ...m.fields[3], min: { other: 'start' } }] }), window.TS.boundsOf(read, read.fields[3], values, window.TS.shownIds(read, values))]
      }, model)
      assert.deepEqual(got, [null, { min: { value: '2026-12-03', label: 'Start date' } }], 'a bound of another shape falls back; a shown answered field gives its answer')
    })
  })

  describe('the row of a surface with conditions and an allocation', () => {
    const surfaceId = 'tsf_iv'
    const meta = { kind: 'dsh/task-surface', version: 1, surfaceId, model, markdown: { '/sections/0/blocks/0': '<p>The new checkout passed staging.</p>' } }
    const block = { kind: 'tool-result', callId: 'call_iv', call: { name: 'show_task_surface', argsRaw: '{}' }, content: [{ type: 'text', text: 'Opened Task Surface "Plan the checkout rollout" (tsf_iv).' }], isError: false, meta }
    /** The submitted values: the hidden fields (pct: the rollout is not a canary) left out. */
    const values = { deploy: 'full', start: '2026-12-03', end: '2026-12-10', rollback: true, threshold: 2.5, effort: { backend: 60, frontend: 25, qa: 15 } }
    const projection = { active: null, outcomes: [{ callId: 'call_iv', surfaceId, outcome: 'submitted', seq: 9 }] }
    const nodes = [{ kind: 'user', seq: 9, source: { kind: 'user', taskSurface: { version: 1, submissionId: 'tss_1', callId: 'call_iv', surfaceId, values } } }]

    /** The row `Row` draws (this bundle's when absent), opened; what it shows. */
    const drawn = (bundle) => pageOf().evaluate(async (block, projection, nodes, bundle) => {
      const app = document.getElementById('app')
      window.TS.renderRow(block, projection, app, nodes, bundle === null ? undefined : window.TS.rowOfBundle(bundle))
      app.querySelector('[data-task-surface-row] button[aria-expanded]')?.click()
      await new Promise((r) => requestAnimationFrame(r))
      return {
        row: app.querySelector('[data-task-surface-row]')?.dataset.status ?? null,
        fallback: app.querySelector('[data-task-surface-fallback] pre')?.textContent ?? null,
        answers: [...app.querySelectorAll('.tsf-answer')].map((e) => e.innerText.replace(/\s+/g, ' ').trim()),
      }
    }, block, projection, nodes, bundle)

    test('this bundle: the answers of the fields shown, the allocation one line per option; a hidden field is not listed', async () => {
      assert.equal(model.version, 2, 'the plugin writes version 2 for a model that uses them')
      const got = await drawn(null)
      assert.deepEqual(got, {
        row: 'submitted', fallback: null,
        answers: [
          'How should it roll out? Everyone at once', 'Start date 2026-12-03', 'End date 2026-12-10', 'Roll back automatically Yes',
          'Error rate that rolls back 2.5 %', 'Split 100 engineer-hours Backend: 60 h Frontend: 25 h QA: 15 h',
        ],
      })
    })

    test('the bundle of the last release before version 2 reads the same log as the generic tool result, never half a panel', async () => {
      const old = execFileSync('git', ['show', `${LAST_VERSION_1_BUNDLE}:client-bundle/dist/client.js`], { cwd: repo, maxBuffer: 16 << 20 }).toString('utf8')
      assert.notEqual(old, readFileSync(join(repo, 'client-bundle', 'dist', 'client.js'), 'utf8'), 'that bundle is an older one')
      const got = await drawn(old)
      assert.deepEqual(got, { row: null, fallback: 'Opened Task Surface "Plan the checkout rollout" (tsf_iv).', answers: [] })
      assert.equal((await drawn(readFileSync(join(repo, 'client-bundle', 'dist', 'client.js'), 'utf8'))).row, 'submitted', 'the committed bundle of this tree draws it')
    })
  })
}
