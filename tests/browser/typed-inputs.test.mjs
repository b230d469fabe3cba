// The typed inputs in the real harness: the packed bundle in `dsh web` (dsh 0.1.0-rc.8), the
// plugin built from this tree, the scripted keyless LLM opening components/typed-model.json (every
// typed kind, with the ids these tests assert), and Debian's Chromium. A keyboard user fills a number, a date, a scale, tags, an "Other…" of a
// choice and of a multi-choice and a bounded text, and sends; the message source carries the
// typed values (numbers as JSON numbers, the date as a string, tags as an array, the user's own
// words as {"other": ...}), the user bubble shows them, and the row replays them. Also: drafts
// of typed values survive a reload, the plugin's problem (a pattern) shows at its field, text
// made only of invisible characters is empty before sending, 360 px, dark and zh; in zh the live
// check and Submit word a number over its maximum with one Chinese sentence.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { press } from './components/keys.mjs'
import {
  dockReady, example, focused, openSurfacePage, selectSession, sessionWithSurface, submissions, tabUntil, waitFor,
} from './support/app.mjs'
import { DOCK, SHOTS, SUBMIT, dockGone, useSuite, submitRequests, EVENT_MS } from './support/suite.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const TYPED = JSON.parse(readFileSync(join(here, 'components', 'typed-model.json'), 'utf8'))

let h, browser
useSuite({ onStart: (s) => ({ h, browser } = s) })

const open = (s, options) => openSurfacePage(browser, h, s, options)
const squash = (text) => text.replace(/\s+/g, '')

/** Tab (forward from where focus is) to the control of `field` that `also` accepts. */
const tabTo = (page, field, also = () => true) => tabUntil(page, (f) => f.inDock && f.field === field && also(f), { max: 60 })

/** The values the keyboard flow below gives. */
const ANSWERS = {
  rps: 1250, p99: 180.5, when: '2026-12-10', risk: 4, endpoints: ['/checkout', '/cart', '/payment'],
  where: { other: 'a dedicated perf cluster' }, notify: ['payments', { other: 'SRE lead' }], ticket: 'CHG-1042', notes: 'Avoid the Friday deploy window.',
}

/** Fill every typed control of the typed-inputs example with the keyboard alone, from the panel's header. */
async function fillByKeyboard(page) {
  await page.focus(`${DOCK} .tsf-collapse`)
  await tabTo(page, 'rps')
  await press(page, 'Control+a')
  await page.keyboard.type('1250')
  await tabTo(page, 'p99')
  await page.keyboard.type('180.5')
  await tabTo(page, 'when')
  await page.keyboard.type('12102026')
  await tabTo(page, 'risk')
  await press(page, 'Space', 'ArrowRight', 'ArrowRight', 'ArrowRight')
  await tabTo(page, 'endpoints', (f) => f.tag === 'input')
  await page.keyboard.type('/cart')
  await press(page, 'Enter')
  await page.keyboard.type('/payment,')
  await tabTo(page, 'where')
  await press(page, 'ArrowDown', 'ArrowDown', 'Tab')
  await page.keyboard.type('a dedicated perf cluster')
  await tabTo(page, 'notify')
  await press(page, 'Tab', 'Space', 'Tab', 'Space', 'Tab')
  await page.keyboard.type('SRE lead')
  await tabTo(page, 'notes')
  await page.keyboard.type(ANSWERS.notes)
}

describe('typed inputs in the browser', () => {
  test('by keyboard alone: number, date, scale, tags, Other… and text; the message source has typed values; the bubble and the row show them', async () => {
    const s = await sessionWithSurface(h, TYPED)
    const { page, errors } = await open(s)
    const unnamed = await page.evaluate((sel) => [...document.querySelectorAll(`${sel} input, ${sel} button, ${sel} textarea`)]
      .filter((e) => !(e.getAttribute('aria-label') || e.labels?.[0]?.innerText.trim() || e.textContent.trim())).map((e) => e.outerHTML.slice(0, 80)), DOCK)
    assert.deepEqual(unnamed, [], 'every control has an accessible name')
    await fillByKeyboard(page)
    assert.equal((await focused(page)).field, 'notes')
    await page.$eval(`${DOCK} [data-field=risk]`, (e) => e.scrollIntoView({ block: 'center' }))
    await page.screenshot({ path: join(SHOTS, 'typed-light.png') })
    h.llm.reply({ text: 'Planning it.' })
    await press(page, 'Control+Enter')
    await dockGone(page)

    const subs = await submissions(h, s.sessionId)
    assert.equal(subs.length, 1)
    assert.deepEqual(subs[0].data.source.taskSurface.values, ANSWERS, 'typed values in the message source')
    const row = await page.waitForSelector('[data-task-surface-row][data-status="submitted"]')
    await (await row.$('button[aria-expanded]')).click()
    const answers = await page.$$eval('[data-task-surface-row] .tsf-answer', (els) => els.map((e) => e.innerText.replace(/\s+/g, ' ').trim()))
    assert.deepEqual(answers.slice(0, 7), [
      'Target load 1250 req/s',
      'p99 latency budget 180.5 ms',
      'Run it on 2026-12-10',
      'How risky is a run against production? 4 on a scale of 1 (Harmless) to 5 (Dangerous)',
      'Endpoints to include /checkout /cart /payment',
      'Where should it run? Other (the user\'s own words): “a dedicated perf cluster”',
      'Who should hear about it? The payments team Other (the user\'s own words): “SRE lead”',
    ])
    const text = subs[0].data.content[0].text
    const bubble = await page.waitForFunction((title) => [...document.querySelectorAll('[data-chat-flow-kind="user"]')]
      .map((e) => e.innerText).find((t) => t.includes(title)), { timeout: EVENT_MS }, TYPED.title).then((x) => x.jsonValue())
    // The message text is the plugin's formatter's (plugin/format): one line per field.
    const lines = [
      '- Target load: 1250 req/s',
      '- p99 latency budget: 180.5 ms',
      '- Run it on: 2026-12-10',
      '- How risky is a run against production? 4 on a scale of 1 (Harmless) to 5 (Dangerous)',
      '- Endpoints to include: /checkout; /cart; /payment',
      '- Where should it run? Other (the user\'s own words): "a dedicated perf cluster"',
      '- Who should hear about it? The payments team; Other (the user\'s own words): "SRE lead"',
      '- Change ticket: CHG-1042',
    ]
    for (const line of lines) {
      assert.ok(text.split('\n').includes(line), `the message has the line ${line}\n${text}`)
      // The harness draws a word like "/cart" in a bubble as a chip of its own: compare without white space.
      assert.ok(squash(bubble).includes(squash(line)), `the bubble shows ${line}\n${bubble}`)
    }
    assert.deepEqual(errors, [])
    await page.close()
  })

  test('typed values survive a reload as a draft; a value off the pattern gets the plugin\'s problem at its field, every value kept', async () => {
    const s = await sessionWithSurface(h, TYPED)
    const { page, requests } = await open(s)
    await fillByKeyboard(page)
    await page.$eval(`${DOCK} input[data-field=ticket]`, (e) => e.select())
    await page.keyboard.type('ticket 9')
    await page.reload({ waitUntil: 'domcontentloaded' })
    await page.waitForSelector('textarea')
    await selectSession(page, s.title)
    await dockReady(page, s.surfaceId)
    const shown = () => page.evaluate((sel) => {
      const q = (s) => document.querySelector(`${sel} ${s}`)
      return {
        rps: q('input[data-field=rps]').value,
        when: q('input[data-field=when]').value,
        risk: q('[data-field=risk] input:checked')?.value,
        tags: [...document.querySelectorAll(`${sel} [data-field=endpoints] [data-tag]`)].map((e) => e.dataset.tag),
        other: q('[data-field=where] [data-other-text]')?.value,
        multi: [...document.querySelectorAll(`${sel} [data-field=notify] input:checked`)].map((e) => e.value),
        own: q('[data-field=notify] [data-other-text]')?.value,
        ticket: q('input[data-field=ticket]').value,
      }
    }, DOCK)
    const restored = { rps: '1250', when: '2026-12-10', risk: '4', tags: ['/checkout', '/cart', '/payment'], other: 'a dedicated perf cluster', multi: ['payments', 'on'], own: 'SRE lead', ticket: 'ticket 9' }
    assert.deepEqual(await shown(), restored)
    assert.match(await page.$eval(`${DOCK} [role=status]`, (e) => e.textContent), /Restored your unsent answers/)

    await page.click(SUBMIT)
    await page.waitForFunction((sel) => document.querySelector(`${sel} input[data-field=ticket]`)?.getAttribute('aria-invalid') === 'true', { timeout: EVENT_MS }, DOCK)
    assert.equal(submitRequests(requests).length, 1, 'the browser sent it: only the plugin runs the pattern')
    assert.ok((await page.$eval(`${DOCK} input[data-field=ticket]`, (e) => e.closest('.tsf-field').querySelector('.tsf-problem')?.textContent ?? '')).length > 0, 'the plugin\'s problem is under the field')
    // Focus moves to the field in the frame after the problems are drawn.
    await waitFor(async () => (await focused(page)).field === 'ticket', { what: 'focus on the ticket field' })
    assert.deepEqual(await shown(), restored, 'every value is kept')
    await page.close()
  })

  test('a required text made only of white space and invisible characters is empty: the plugin refuses it as "required" and nothing reaches the conversation', async () => {
    const s = await sessionWithSurface(h, example('requirement-intake'))
    const { page, requests } = await open(s)
    // No U+FEFF here: the plugin refuses a byte order mark in any text by name ("remove it").
    await page.type(`${DOCK} textarea[data-field=goal]`, ' \u200B\u2060\u3164\u200D\u00A0')
    await page.click(SUBMIT)
    await page.waitForFunction((sel) => document.querySelector(`${sel} [role=alert]`)?.textContent.match(/needs? attention/), {}, DOCK)
    assert.equal(submitRequests(requests).length, 1, 'the plugin judged it')
    assert.equal(await page.$eval(`${DOCK} textarea[data-field=goal]`, (e) => e.getAttribute('aria-invalid')), 'true')
    assert.match(await page.$eval(`${DOCK} .tsf-field--text .tsf-problem`, (e) => e.textContent), /required/)
    await waitFor(async () => (await focused(page)).field === 'goal', { what: 'focus on the goal field' })
    assert.equal((await submissions(h, s.sessionId)).length, 0)
    await page.close()
  })
})

describe('typed inputs: narrow, dark, zh', () => {
  test('zh: the live check and Submit say a number over its maximum with one Chinese sentence, 5,000 grouped as the hint writes it', async () => {
    const s = await sessionWithSurface(h, TYPED)
    const { page, requests } = await open(s, { zh: true })
    await fillByKeyboard(page)
    const rps = () => page.$eval(`${DOCK} input[data-field=rps]`, (e) => {
      const field = e.closest('.tsf-field')
      return { limits: field.querySelector('[data-limits]')?.textContent ?? '', problems: [...field.querySelectorAll('.tsf-problem')].map((p) => p.textContent) }
    })
    await page.$eval(`${DOCK} input[data-field=rps]`, (e) => { e.scrollIntoView({ block: 'center' }); e.focus() })
    await press(page, 'Control+a')
    await page.keyboard.type('6000')
    await waitFor(async () => (await rps()).problems.length > 0, { what: 'the live check\'s problem' })
    const sentence = '6,000 大于最大值 5,000。'
    const live = await rps()
    assert.deepEqual(live.problems, [sentence], 'the live check words it in zh, no label, 6,000 grouped')
    assert.match(live.limits, /5,000/, 'as the hint under the field writes 5,000')
    const checks = requests.filter((r) => r.url.endsWith('/api/taskSurface/check'))
    assert.ok(checks.length > 0 && checks.every((r) => JSON.parse(r.body).payload.args.locale === 'zh'), 'every check asks in zh')

    const answered = page.waitForResponse((r) => r.url().endsWith('/api/taskSurface/submit'), { timeout: 20_000 })
    await page.click(SUBMIT)
    const submitted = await (await answered).text()
    assert.equal(JSON.parse(submitRequests(requests)[0].body).payload.args.locale, 'zh')
    assert.ok(submitted.includes(JSON.stringify(sentence)), `Submit's answer says the same sentence: ${submitted}`)
    await page.waitForFunction((sel) => document.querySelector(`${sel} .tsf-alert`)?.textContent, { timeout: 20_000 }, DOCK)
    assert.deepEqual((await rps()).problems, [sentence], 'after Submit the field says the same sentence, once')
    assert.equal((await submissions(h, s.sessionId)).length, 0)
    await page.close()
  })

  test('zh chrome names the new controls; at 360 px in the dark theme every typed control fits', async () => {
    const s = await sessionWithSurface(h, TYPED)
    // At 1280 px first: the harness keeps the selected session, which the 360 px page (no sidebar) needs.
    const zh = await open(s, { zh: true })
    const chrome = await zh.page.evaluate((sel) => ({
      other: [...document.querySelectorAll(`${sel} [data-field=where] .tsf-option__label`)].at(-1).textContent,
      remove: document.querySelector(`${sel} .tsf-tag__x`).getAttribute('aria-label'),
      add: document.querySelector(`${sel} .tsf-tags__suggest button`).getAttribute('aria-label'),
      required: document.querySelector(`${sel} label[for$="-input"] .tsf-required`).textContent,
    }), DOCK)
    assert.deepEqual(chrome, { other: '其他…', remove: '移除“/checkout”', add: '添加“/cart”', required: ' （必填）' })
    await zh.page.$eval(`${DOCK} [data-field=endpoints]`, (e) => e.scrollIntoView({ block: 'center' }))
    await zh.page.screenshot({ path: join(SHOTS, 'typed-zh.png') })
    await zh.page.close()

    const { page } = await open(s, { dark: true, viewport: { width: 360, height: 760, deviceScaleFactor: 2 } })
    await page.focus(`${DOCK} .tsf-collapse`)
    await tabTo(page, 'where')
    await press(page, 'ArrowDown', 'ArrowDown', 'Tab')
    await page.keyboard.type('a dedicated perf cluster')
    const layout = await page.$eval(DOCK, (e) => ({
      dark: document.body.hasAttribute('data-ds-dark-theme'),
      overflow: e.scrollWidth - e.clientWidth,
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
      outside: [...e.querySelectorAll('.tsf-form input, .tsf-form button, .tsf-form label')]
        .filter((c) => { const r = c.getBoundingClientRect(); return r.width > 0 && (r.left < 0 || r.right > window.innerWidth) })
        .map((c) => c.outerHTML.slice(0, 60)),
    }))
    assert.equal(layout.dark, true)
    assert.ok(layout.overflow <= 0, 'nothing overflows the panel sideways')
    assert.ok(layout.pageOverflow <= 0, 'the page does not scroll sideways')
    assert.deepEqual(layout.outside, [], 'every control is inside the window')
    await page.$eval(`${DOCK} [data-field=where]`, (e) => e.scrollIntoView({ block: 'start' }))
    await page.screenshot({ path: join(SHOTS, 'typed-360-dark.png') })
    await page.close()
  })
})
