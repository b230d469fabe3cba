// Errors true and complete (issue 35, item 2; issue 45, items 3 and 4), in the real harness: a
// malformed number or date says so (not "required") in the user's locale format; one refused
// submit shows every problem the browser can know at once; the "needs attention" line goes
// once they are fixed; a text's minimum length, a number's step and a date's window are the
// plugin's to judge and its problem shows at the field; a pattern problem shows an example,
// never the expression; over-long text is kept whole, marked with the limit and a count, and
// Submit stops on it; tags that do not fit stay in the box; the limits are in sight under the
// field before they are broken (range, step and unit; a date's window; tags' maximum), at 1280
// and 360 px; the row reads a scale naturally and names the user's own words as the bubble does.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { clickInDock, example, focused, openSurfacePage, sessionWithSurface, waitFor } from './support/app.mjs'
import { DOCK, SHOTS, SUBMIT, dockGone, useSuite, EVENT_MS } from './support/suite.mjs'

let h, browser
useSuite({ onStart: (s) => ({ h, browser } = s) })
const problems = (page) => page.$$eval(`${DOCK} .tsf-field`, (els) => Object.fromEntries(els
  .map((e) => [e.querySelector('[data-field]')?.dataset.field ?? e.dataset.field, [...e.querySelectorAll('.tsf-problem')].map((p) => p.textContent)])
  .filter(([, p]) => p.length > 0)))
const alertText = (page) => page.$eval(`${DOCK} .tsf-alert`, (e) => e.textContent)
const selectAll = async (page) => { await page.keyboard.down('Control'); await page.keyboard.press('a'); await page.keyboard.up('Control') }
/** Replace what the box of `field` holds with `text`, typed. */
async function typeIn(page, field, text) {
  await focusIn(page, `${DOCK} input[data-field=${field}]`)
  await selectAll(page)
  await page.keyboard.press('Backspace')
  await page.keyboard.type(text)
}
/** Focus a control as Tab does (a date box on its first part) and bring it into view. */
const focusIn = (page, sel) => page.$eval(sel, (e) => { e.scrollIntoView({ block: 'center' }); e.focus() })

describe('errors true and complete', () => {
  test('a malformed number and date say so, every problem shows after one submit, and the line goes once fixed', async () => {
    const s = await sessionWithSurface(h, example('typed-inputs'))
    const { page, requests } = await openSurfacePage(browser, h, s)
    await typeIn(page, 'rps', '12e')
    await focusIn(page, `${DOCK} input[data-field=day]`)
    await page.keyboard.type('02302026')
    await typeIn(page, 'ticket', 'CHG')
    // The plugin's check of the answers as they stand has answered (not "300 ms have passed"):
    // what it says about the ticket is on screen before the submit, on any machine.
    await page.waitForSelector(`${DOCK}[data-checked]`, { timeout: EVENT_MS })
    await page.click(SUBMIT)
    await waitFor(async () => Object.keys(await problems(page)).length > 0, { what: 'problems', timeoutMs: EVENT_MS })
    const shown = await problems(page)
    assert.deepEqual({ rps: shown.rps, day: shown.day }, {
      rps: ['This is not a number; correct what the box shows.'],
      day: ['This is not a valid date; enter a real date as MM/DD/YYYY.'],
    }, 'every problem the browser must see itself at once, none called "required"')
    assert.deepEqual(Object.keys(shown).filter((k) => k !== 'rps' && k !== 'day').flatMap((k) => shown[k]).filter((p) => !/at least 5/.test(p)), [], 'besides, at most the check\'s length problem of the ticket')
    assert.equal(requests.filter((r) => r.url.endsWith('/api/taskSurface/submit')).length, 0)
    await page.$eval(`${DOCK} [data-field=rps]`, (e) => e.scrollIntoView({ block: 'start' }))
    await page.screenshot({ path: join(SHOTS, 'errors-malformed-1280.png') })
    // How many answers need attention (item 11), and the line leads to the first of them.
    assert.equal(await alertText(page), `${Object.keys(shown).length} answers need attention`)
    await page.focus(`${DOCK} [data-action=dismiss]`)
    await page.click(`${DOCK} .tsf-alert button`)
    assert.equal((await focused(page)).field, 'rps', 'the line leads to the first answer that needs attention')
    await typeIn(page, 'rps', '1500')
    await focusIn(page, `${DOCK} input[data-field=day]`)
    await page.keyboard.type('12102026')
    await page.waitForSelector(`${DOCK}[data-checked]`, { timeout: EVENT_MS })
    assert.deepEqual(Object.keys(await problems(page)).filter((k) => k !== 'ticket'), [])
    assert.equal(await alertText(page), '', 'the line goes with the last problem')
    // Too short is the plugin's to judge: its problem, at the field, every value kept.
    await page.click(SUBMIT)
    await waitFor(async () => (await problems(page)).ticket, { what: 'the plugin\'s length problem', timeoutMs: EVENT_MS })
    assert.equal((await problems(page)).ticket[0], 'Too short: 3 of at least 5 characters.')
    assert.equal(await page.$eval(`${DOCK} input[data-field=ticket]`, (e) => e.value), 'CHG')
    await typeIn(page, 'ticket', 'CHG-1')
    // Off the pattern: the plugin's problem, said with an example instead of the expression.
    await typeIn(page, 'ticket', 'CHANGE-1')
    await page.click(SUBMIT)
    await waitFor(async () => (await problems(page)).ticket, { what: 'the pattern problem', timeoutMs: EVENT_MS })
    const ticket = (await problems(page)).ticket[0]
    assert.equal(ticket, 'This is not in the form this field expects. For example: CHG-2041')
    await page.close()
  })

  for (const viewport of [{ width: 1280, height: 860 }, { width: 360, height: 740 }]) {
    test(`${viewport.width} px: over-long text is kept whole, marked with the limit and a count as it is typed or pasted, and Submit stops on it; tags that do not fit stay in the box`, async () => {
      const s = await sessionWithSurface(h, example('typed-inputs'))
      if (viewport.width < 600) await (await openSurfacePage(browser, h, s)).page.close() // the narrow page has no sidebar: select it wide first
      const { page, requests } = await openSurfacePage(browser, h, s, { viewport })
      const ticket = () => page.$eval(`${DOCK} [data-field=ticket]`, (e) => {
        const field = e.closest('.tsf-field')
        return { value: e.value, focused: document.activeElement === e, hint: field.querySelector('.tsf-hint').textContent,
          over: field.querySelector('.tsf-hint').hasAttribute('data-over'), problems: [...field.querySelectorAll('.tsf-problem')].map((p) => p.textContent) }
      })
      await typeIn(page, 'ticket', 'CHG-1234567890')
      assert.deepEqual(await ticket(), { value: 'CHG-1234567890', focused: true, hint: 'At least 5 characters · 14 / 12 characters', over: true,
        problems: ['Too long: 14 of at most 12 characters. Shorten it to send.'] }, 'typed: kept whole, the count marked, said while the user is still there')
      await page.screenshot({ path: join(SHOTS, `errors-too-long-${viewport.width}.png`) })
      await focusIn(page, `${DOCK} input[data-field=ticket]`)
      await selectAll(page)
      await page.keyboard.sendCharacter('CHG-20410000001') // pasted: one insertion of the whole text
      assert.deepEqual((await ticket()).value, 'CHG-20410000001')
      assert.deepEqual((await ticket()).problems, ['Too long: 15 of at most 12 characters. Shorten it to send.'])
      await focusIn(page, `${DOCK} input[data-field=day]`)
      await page.keyboard.type('12102026')
      await page.click(SUBMIT)
      await waitFor(async () => (await focused(page)).field === 'ticket', { what: 'focus back on the ticket', timeoutMs: EVENT_MS })
      assert.equal(requests.filter((r) => r.url.endsWith('/api/taskSurface/submit')).length, 0, 'nothing sent')
      assert.deepEqual((await ticket()).problems, ['Too long: 15 of at most 12 characters. Shorten it to send.'], 'said once')
      await typeIn(page, 'ticket', 'CHG-2041')
      assert.deepEqual(await ticket().then((t) => [t.over, t.problems]), [false, []])

      await focusIn(page, `${DOCK} [data-field=teams] input`)
      for (const t of ['a', 'b', 'c']) { await page.keyboard.type(t); await page.keyboard.press('Enter') }
      await page.keyboard.sendCharacter('d, e, f') // pasted: d has the last place
      const tags = await page.$eval(`${DOCK} [data-field=teams]`, (e) => ({ tags: [...e.querySelectorAll('[data-tag]')].map((x) => x.dataset.tag), box: e.querySelector('input').value, hint: e.querySelector('.tsf-hint').textContent }))
      assert.deepEqual(tags.tags, ['sre', 'a', 'b', 'c', 'd'])
      assert.equal(tags.box, 'e, f', 'what has no room stays in the box, not dropped')
      assert.match(tags.hint, /5 of at most 5\..*This field takes at most 5 tags; remove one to add another\./)
      await page.close()
    })

    test(`${viewport.width} px: the limits are in sight before they are broken; a value off the step or out of the window gets the plugin's problem at its field`, async () => {
      const s = await sessionWithSurface(h, example('typed-inputs'))
      if (viewport.width < 600) await (await openSurfacePage(browser, h, s)).page.close()
      const { page } = await openSurfacePage(browser, h, s, { viewport })
      const limits = await page.$$eval(`${DOCK} .tsf-field`, (els) => Object.fromEntries(els
        .map((e) => [e.querySelector('[data-field]')?.dataset.field ?? e.dataset.field, e.querySelector('[data-limits]')?.textContent ?? e.querySelector('.tsf-tags + .tsf-hint')?.textContent])
        .filter(([, t]) => t)))
      assert.deepEqual(limits, {
        rps: 'From 100 to 5,000 req/s, in steps of 50',
        p99: 'From 50 to 2,000 ms, in steps of 0.5',
        day: 'From 12/1/2026 to 12/31/2026',
        teams: '1 of at most 5. Enter or a comma adds a tag; Backspace removes the last.',
      })
      const described = await page.$eval(`${DOCK} input[data-field=rps]`, (e) => e.getAttribute('aria-describedby').split(' ').map((id) => document.getElementById(id)?.textContent))
      assert.ok(described.includes('From 100 to 5,000 req/s, in steps of 50'), 'the box is described by its limits')
      await typeIn(page, 'rps', '2025')
      await focusIn(page, `${DOCK} input[data-field=day]`)
      await page.keyboard.type('01152027')
      await page.click(SUBMIT)
      await waitFor(async () => (await problems(page)).rps && (await problems(page)).day, { what: 'the plugin\'s problems', timeoutMs: EVENT_MS })
      const got = await problems(page)
      assert.match(got.rps[0], /^2,025 must be /, 'no label: the problem is under its field; grouped as the hint')
      assert.match(got.day[0], /1\/15\/2027|12\/31\/2026/, 'in the format of the user\'s locale')
      await page.$eval(`${DOCK} [data-field=rps]`, (e) => e.scrollIntoView({ block: 'start' }))
      await page.screenshot({ path: join(SHOTS, `errors-limits-${viewport.width}.png`) })
      await page.close()
    })
  }

  test('the row reads a scale naturally and names the user\'s own words as the bubble does', async () => {
    const s = await sessionWithSurface(h, example('typed-inputs'))
    const { page } = await openSurfacePage(browser, h, s)
    await focusIn(page, `${DOCK} input[data-field=day]`)
    await page.keyboard.type('12102026')
    await clickInDock(page, `${DOCK} [data-field=region] input[data-other]`)
    await clickInDock(page, `${DOCK} [data-field=region] input[data-other-text]`)
    await page.keyboard.type('AP South')
    h.llm.reply({ text: 'Noted.' })
    await page.click(SUBMIT)
    await dockGone(page)
    const row = await page.waitForSelector('[data-task-surface-row][data-status="submitted"]')
    await (await row.$('button[aria-expanded]')).click()
    const answers = await page.$$eval('[data-task-surface-row] .tsf-answer', (els) => els.map((e) => e.innerText.replace(/\s+/g, ' ').trim()))
    assert.ok(answers.includes('How risky is a failed run for the release? 3 on a scale of 1 (Harmless) to 5 (Blocks the release)'), answers.join('\n'))
    assert.ok(answers.includes('Region Other (the user\'s own words): “AP South”'), answers.join('\n'))
    await page.close()
  })
})
