// Component tests of the typed inputs (number, date, scale, tags, "Other…", text bounds) in
// Chromium: each control driven by the keyboard alone, its value as the Dock keeps and sends it,
// what the browser checks itself, drafts, and the transcript row's read-only text. Registered
// by components.test.mjs, which owns the page.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { press as pressKeys } from './keys.mjs'

/**
 * @param {() => import('puppeteer-core').Page} pageOf the component page, once it is open
 * @param {object} typed the typed-inputs test model (typed-model.json: every typed kind), normalised
 * @param {(name: string) => {model: object, cases: object[]}} vectors a vector file of
 *   tests/conformance/submissions, its model normalised
 */
export function typedInputTests(pageOf, typed, vectors) {
  const field = (id) => typed.fields.find((f) => f.id === id)

  /** Render `f` with `initial`, focus its first control, and return the page. */
  async function mount(f, initial, lang) {
    const page = pageOf()
    await page.evaluate((f, initial, lang) => {
      window.TS.installStyles('component-test')
      window.TS.renderField(f, initial, document.getElementById('app'), lang)
      ;(document.querySelector('#app input:checked') ?? document.querySelector('#app input, #app textarea')).focus()
    }, f, initial, lang)
    return page
  }
  const value = () => pageOf().evaluate(() => window.TS.fieldValue)
  const type = async (text) => pageOf().keyboard.type(text)
  const press = (...keys) => pressKeys(pageOf(), ...keys)
  const names = (selector) => pageOf().$$eval(selector, (els) => els.map((e) => e.getAttribute('aria-label') ?? e.labels?.[0]?.innerText.split('\n')[0]))

  describe('typed inputs: model, values, drafts', () => {
    test('the typed model reads; a field kind this client does not know still falls back as a whole', async () => {
      const got = await pageOf().evaluate((m) => ({
        ok: window.TS.readModel(m) !== null,
        unknown: window.TS.readModel({ ...m, fields: [...m.fields, { kind: 'color', id: 'c', label: 'Colour' }] }),
        badNumber: window.TS.readModel({ ...m, fields: [{ kind: 'number', id: 'n', label: 'N', min: '1' }] }),
        initial: window.TS.initialValues(m),
      }), typed)
      assert.deepEqual(got, {
        ok: true, unknown: null, badNumber: null,
        initial: { rps: 500, p99: null, when: null, risk: null, endpoints: ['/checkout'], where: 'staging', notify: [], ticket: 'CHG-1042', notes: '' },
      })
    })

    test('a draft with typed values comes back as it was; what no longer fits the model falls back to the initial value', async () => {
      const answers = { rps: 1250, p99: 180.5, when: '2026-12-10', risk: 4, endpoints: ['/checkout', '/cart'], where: { other: 'a dedicated perf cluster' }, notify: ['payments', { other: 'SRE lead' }], ticket: 'CHG-7', notes: '' }
      const got = await pageOf().evaluate((m, answers) => {
        let kept
        window.TS.createDraftStore({}, (d) => { kept = d }).save('tsf_1', { values: answers, note: '' })
        const restored = window.TS.mergeDraft(m, window.TS.createDraftStore(JSON.parse(JSON.stringify(kept)), () => {}).load('tsf_1').values)
        const stale = window.TS.mergeDraft(m, {
          rps: '1250', p99: null, when: '10/12/2026', risk: 9, endpoints: ['a', 'a'], where: { other: 1 }, notify: [{ other: 'x' }, 'oncall'], ticket: 3,
        })
        const noOther = window.TS.mergeDraft({ ...m, fields: m.fields.map((f) => ({ ...f, allowOther: undefined })) }, answers)
        const tooMany = window.TS.mergeDraft(m, { endpoints: ['a', 'b', 'c', 'd', 'e', 'f'] })
        return { restored, stale, noOther: [noOther.where, noOther.notify], tooMany: tooMany.endpoints }
      }, typed, answers)
      assert.deepEqual(got.restored, answers)
      assert.deepEqual(got.stale, { rps: 500, p99: null, when: null, risk: null, endpoints: ['/checkout'], where: 'staging', notify: [], ticket: 'CHG-1042', notes: '' })
      assert.deepEqual(got.noOther, ['staging', []], 'an "Other" answer is dropped when the field does not allow one')
      assert.deepEqual(got.tooMany, ['/checkout'], 'more tags than maxItems fall back')
    })

    test('what the browser checks itself: a box that holds no number or no date, text over its length; "required", bounds and steps are the plugin\'s', async () => {
      const got = await pageOf().evaluate((m) => {
        const codes = (values) => window.TS.fieldProblems(m, { ...window.TS.initialValues(m), ...values }).map((p) => `${p.code} ${p.pointer}`)
        return {
          malformed: codes({ rps: NaN, when: NaN, ticket: 'CHG-1234567890' }),
          empty: codes({ rps: null, when: null, risk: null, endpoints: [], ticket: '' }),
          outside: codes({ rps: 3, p99: 0.123, when: '2031-01-01' }),
          row: window.TS.answerOf(m.fields.find((f) => f.id === 'notes'), ' \t\n'),
        }
      }, typed)
      assert.deepEqual(got.malformed, ['wrong-type /rps', 'invalid-value /when', 'too-long /ticket'])
      assert.deepEqual([got.empty, got.outside], [[], []])
      assert.deepEqual(got.row, { none: true }, 'the row shows text of white space only as no answer')
    })
  })

  describe('typed inputs: the plugin\'s conformance vectors', () => {
    test('every typed value the plugin accepts survives a draft unchanged (tests/conformance/submissions/typed.json)', async () => {
      const { model, cases } = vectors('typed.json')
      const valid = cases.filter((c) => c.valid)
      assert.ok(valid.length >= 10)
      const changed = await pageOf().evaluate((model, valid) => {
        if (window.TS.readModel(model) === null) return ['the model does not read']
        return valid.filter((c) => {
          const restored = window.TS.mergeDraft(model, c.canonical)
          return Object.keys(c.canonical).some((k) => JSON.stringify(restored[k]) !== JSON.stringify(c.canonical[k]))
        }).map((c) => c.name)
      }, model, valid)
      assert.deepEqual(changed, [])
    })
  })

  describe('typed inputs: each control by keyboard alone', () => {
    test('number: a native number box with the bounds, step and unit; typed digits are a JSON number, an empty box is null', async () => {
      const page = await mount(field('rps'), 500)
      const box = await page.$eval('#app input', (e) => ({ type: e.type, inputMode: e.inputMode, min: e.min, max: e.max, step: e.step,
        describedBy: e.getAttribute('aria-describedby').split(' ').map((id) => document.getElementById(id)?.textContent), label: e.labels[0].innerText }))
      assert.deepEqual(box, { type: 'number', inputMode: 'decimal', min: '10', max: '5000', step: '10', describedBy: ['req/s', 'From 10 to 5,000 req/s, in steps of 10'], label: 'Target load (required)' },
        'the unit beside the box, and under it the range, the step and the unit before anything is typed')
      await page.$eval('#app input', (e) => e.select())
      await type('1250')
      assert.equal(await value(), 1250)
      await press('ArrowUp')
      assert.equal(await value(), 1260, 'the arrow keys step by the model\'s step')
      await page.$eval('#app input', (e) => e.select())
      await press('Backspace')
      assert.equal(await value(), null)
      await mount(field('p99'), null)
      assert.equal(await page.$eval('#app input', (e) => e.step), 'any', 'no step and not integer: any number')
      await type('180.5')
      assert.equal(await value(), 180.5)
      await type('0')
      assert.equal(await page.$eval('#app input', (e) => e.value), '180.50', 'what the user typed stays as typed')
    })

    test('date: a native date box with min and max; the value is YYYY-MM-DD, empty is null', async () => {
      const page = await mount(field('when'), null)
      assert.deepEqual(await page.$eval('#app input', (e) => [e.type, e.min, e.max]), ['date', '2026-12-01', '2027-03-31'])
      await type('12102026')
      assert.equal(await value(), '2026-12-10')
      await press('Backspace', 'Shift+Tab', 'Backspace', 'Shift+Tab', 'Backspace')
      assert.equal(await value(), null)
    })

    test('scale: one radio group with the end labels in the end points\' names; arrows move the rating', async () => {
      const page = await mount(field('risk'), null)
      assert.deepEqual(await names('#app input[type=radio]'), ['1 (Harmless)', '2', '3', '4', '5 (Dangerous)'])
      assert.equal(await page.$eval('#app legend', (e) => e.innerText), 'How risky is a run against production?')
      await press('Space')
      assert.equal(await value(), 1)
      await press('ArrowRight', 'ArrowRight', 'ArrowRight')
      assert.equal(await value(), 4)
      assert.match(await page.$eval('#app .tsf-scale__ends', (e) => e.innerText), /Harmless\s+Dangerous/)
      await mount({ kind: 'scale', id: 's', label: 'Wide', min: -5, max: 5 }, 0)
      assert.equal((await names('#app input[type=radio]')).length, 11)
      await press('ArrowLeft')
      assert.equal(await value(), -1)
    })

    test('tags: Enter or a comma adds, Backspace removes the last, × and suggestions by name, at most maxItems', async () => {
      const page = await mount(field('endpoints'), ['/checkout'])
      await type('/orders')
      await press('Enter')
      assert.deepEqual(await value(), ['/checkout', '/orders'])
      await type(' /cart , /orders,/refunds,')
      assert.deepEqual(await value(), ['/checkout', '/orders', '/cart', '/refunds'], 'trimmed, no duplicates')
      await press('Backspace')
      assert.deepEqual(await value(), ['/checkout', '/orders', '/cart'])
      assert.deepEqual(await names('#app .tsf-tag__x'), ['Remove “/checkout”', 'Remove “/orders”', 'Remove “/cart”'])
      assert.deepEqual(await names('#app .tsf-tags__suggest button'), ['Add “/payment”', 'Add “/search”'], 'only suggestions not chosen yet')
      await press('Tab', 'Enter') // the first suggestion
      assert.deepEqual(await value(), ['/checkout', '/orders', '/cart', '/payment'])
      await page.focus('#app .tsf-tag__x')
      await press('Enter')
      assert.deepEqual(await value(), ['/orders', '/cart', '/payment'])
      assert.equal(await page.evaluate(() => document.activeElement.className), 'tsf-tags__input', 'focus goes back to the box')
      await type('/a,/b,/c')
      await press('Enter')
      assert.deepEqual(await value(), ['/orders', '/cart', '/payment', '/a', '/b'], 'maxItems is 5')
      assert.equal(await page.$eval('#app .tsf-tags__input', (e) => e.value), '/c', 'what had no room stays in the box, not dropped')
      assert.equal(await page.$('#app .tsf-tags__suggest'), null, 'no suggestions when full')
      assert.match(await page.$eval('#app .tsf-hint', (e) => e.innerText), /5 of at most 5/)
      await type(' and more')
      await press('Tab')
      assert.equal((await value()).length, 5)
      assert.equal(await page.$eval('#app .tsf-tags__input', (e) => e.value), '/c and more', 'still there after leaving the box')
      await mount(field('endpoints'), [])
      await type('/left behind')
      await press('Tab')
      assert.deepEqual(await value(), ['/left behind'], 'leaving the box keeps what was typed')
    })

    test('choice with allowOther: "Other…" is one more radio; its text box holds the user\'s own words and survives a detour', async () => {
      const page = await mount(field('where'), 'staging')
      assert.deepEqual(await names('#app input[type=radio]'), ['Staging', 'Production canary', 'Other…'])
      await page.focus('#app input[value=staging]')
      await press('ArrowDown', 'ArrowDown')
      assert.deepEqual(await value(), { other: '' })
      await press('Tab')
      assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Your own answer')
      await type('a dedicated perf cluster')
      assert.deepEqual(await value(), { other: 'a dedicated perf cluster' })
      await press('Shift+Tab', 'ArrowUp')
      assert.equal(await value(), 'canary')
      assert.equal(await page.$('#app [data-other-text]'), null, 'the text box goes with the choice')
      await press('ArrowDown')
      assert.deepEqual(await value(), { other: 'a dedicated perf cluster' })
    })

    test('multi-choice with allowOther: an "Other…" checkbox whose text is the value\'s last item', async () => {
      const page = await mount(field('notify'), [])
      await page.focus('#app input[value=payments]')
      await press('Space', 'Tab', 'Space', 'Tab')
      await type('SRE lead')
      assert.deepEqual(await value(), ['payments', { other: 'SRE lead' }])
      await press('Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Space')
      assert.deepEqual(await value(), ['oncall', 'payments', { other: 'SRE lead' }], 'options keep their declared order, Other comes last')
      await press('Tab', 'Tab', 'Space')
      assert.deepEqual(await value(), ['oncall', 'payments'])
    })

    test('text with minLength and maxLength: counted, never cut (over the limit the count says so); the pattern is never run here', async () => {
      const page = await mount(field('ticket'), 'CHG-1042')
      assert.equal(await page.$eval('#app input', (e) => e.maxLength), -1, 'the box does not cut what is typed or pasted')
      assert.equal(await page.$eval('#app input', (e) => e.getAttribute('pattern')), null)
      assert.equal(await page.$eval('#app .tsf-hint', (e) => e.innerText), 'At least 5 characters · 8 / 12 characters')
      await type('not matching at all')
      assert.equal(await value(), 'CHG-1042not matching at all', 'kept whole; a value off the pattern is the plugin\'s to judge')
      assert.deepEqual(await page.$eval('#app .tsf-hint', (e) => [e.innerText, e.hasAttribute('data-over')]), ['At least 5 characters · 27 / 12 characters', true])
      assert.deepEqual(await page.$$eval('#app .tsf-problem', (ps) => ps.map((p) => p.textContent)), ['Too long: 27 of at most 12 characters. Shorten it to send.'],
        'said under the field as it is typed')
    })

    test('zh chrome for the new controls', async () => {
      await mount(field('endpoints'), ['/checkout'], 'zh')
      assert.deepEqual(await names('#app .tsf-tag__x'), ['移除“/checkout”'])
      assert.match(await pageOf().$eval('#app .tsf-hint', (e) => e.innerText), /已有 1 个，最多 5 个/)
      await mount(field('where'), 'staging', 'zh')
      assert.equal((await names('#app input[type=radio]')).at(-1), '其他…')
    })
  })

  describe('typed inputs: the transcript row', () => {
    test('the row shows the submitted typed values read-only: unit, date, "4 on a scale of 1 to 5", tags, the user\'s own words marked', async () => {
      const values = { rps: 1250, p99: 180.5, when: '2026-12-10', risk: 4, endpoints: ['/checkout', '/cart'], where: { other: 'a dedicated perf cluster' }, notify: ['payments', { other: 'SRE lead' }], ticket: 'CHG-7', notes: '' }
      const got = await pageOf().evaluate((m, values) => {
        const meta = { kind: 'dsh/task-surface', version: 1, surfaceId: 'tsf_1', model: m, markdown: {} }
        const block = { kind: 'tool-result', callId: 'call_1', call: { name: 'show_task_surface', argsRaw: '{}' }, content: [{ type: 'text', text: 'Opened' }], isError: false, meta }
        const app = document.getElementById('app')
        window.TS.renderSubmittedRow(block, values, app)
        app.querySelector('button[aria-expanded]').click()
        return new Promise((r) => requestAnimationFrame(() => r({
          answers: [...app.querySelectorAll('.tsf-answer')].map((a) => a.innerText.replace(/\s+/g, ' ').trim()),
          inputs: app.querySelectorAll('input, textarea, button:not([aria-expanded])').length,
          plain: window.TS.answerOf({ kind: 'scale', id: 's', label: 'S', min: 1, max: 5 }, 3),
        })))
      }, typed, values)
      assert.deepEqual(got.answers, [
        'Target load 1250 req/s',
        'p99 latency budget 180.5 ms',
        'Run it on 2026-12-10',
        'How risky is a run against production? 4 on a scale of 1 (Harmless) to 5 (Dangerous)',
        'Endpoints to include /checkout /cart',
        'Where should it run? Other (the user\'s own words): “a dedicated perf cluster”',
        'Who should hear about it? The payments team Other (the user\'s own words): “SRE lead”',
        'Change ticket CHG-7',
        'Anything I should avoid? no answer',
      ])
      assert.equal(got.inputs, 0, 'the row is never an editor')
      assert.deepEqual(got.plain, { text: '3 on a scale of 1 to 5' })
    })
  })
}
