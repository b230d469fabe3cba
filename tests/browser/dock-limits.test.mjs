// The Dock follows the limits in force, in the real harness started with the shipped patch layer
// examples/demo/limits.patch.yml (maxSubmissionBytes 8192): an answer over 8 KiB is refused in the
// browser with the configured limit named, nothing is sent, and a shorter one goes through.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { launch } from './support/browser.mjs'
import { example, openSurfacePage, sessionWithSurface, startHarness, submissions, waitFor } from './support/app.mjs'
import { DOCK, SHOTS, SUBMIT, submitRequests, EVENT_MS } from './support/suite.mjs'
import { REPO } from '../e2e/support/harness.mjs'

let h
let browser

before(async () => {
  h = await startHarness({ patches: [join(REPO, 'examples', 'demo', 'limits.patch.yml')] })
  browser = await launch()
})

after(async () => {
  await browser?.close()
  await h?.stop()
})

describe('limits from a patch layer', () => {
  test('maxSubmissionBytes 8192: the Dock refuses 9000 bytes naming 8 KiB, then sends 7000', async () => {
    const s = await sessionWithSurface(h, example('compare-options'))
    const { page, requests } = await openSurfacePage(browser, h, s)
    const field = `${DOCK} textarea[data-field=constraints]`
    await page.$eval(field, (e) => e.focus())
    await page.keyboard.sendCharacter('x'.repeat(9000))
    await page.click(SUBMIT)
    await page.waitForFunction((sel) => document.querySelector(`${sel} .tsf-alert`).textContent.includes('the limit is 8 KiB'), { timeout: EVENT_MS }, DOCK)
    await page.screenshot({ path: join(SHOTS, 'dock-limit-8k.png') })
    assert.equal(submitRequests(requests).length, 0, 'nothing was sent')
    await page.$eval(field, (e) => { e.select() })
    await page.keyboard.press('Backspace')
    await page.keyboard.sendCharacter('y'.repeat(7000))
    await page.click(SUBMIT)
    await waitFor(async () => (await submissions(h, s.sessionId)).length === 1, { what: 'the submission' })
    await page.close()
  })
})
