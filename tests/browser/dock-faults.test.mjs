// The Dock under faults in the real harness (dsh web, Debian's Chromium), as a user meets them:
// the plugin stopped mid-submit (SIGSTOP, as tests/e2e's fault tests do) ends in a retry that
// reuses the submission id once the bound passes; a plugin that keeps dying is reported as the
// harness answering that the plugin is away, not as an unreachable harness; two tabs that send
// different answers leave the losing tab with its own answers in view and a sentence that says
// another answer was sent. No submission is lost or doubled in any of them.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { example, openSurfacePage as openSurface, sessionWithSurface, submissions, waitFor } from './support/app.mjs'
import { DOCK, SHOTS, SUBMIT, startSuite, submissionIdOf, submitRequests } from './support/suite.mjs'

let suite
let h
let browser

before(async () => {
  suite = await startSuite()
  ;({ h, browser } = suite)
})

after(() => suite?.stop())

const openSurfacePage = (s) => openSurface(browser, h, s)
const signalPlugin = (signal) => { for (const pid of h.dsh.pluginPids()) process.kill(pid, signal) }
const alertText = (page) => page.$eval(`${DOCK} .tsf-alert`, (e) => e.textContent)

describe('the Dock under faults', () => {
  test('the plugin stopped mid-submit: after the bound a retry shows, and it reuses the id once the plugin runs again', async () => {
    const s = await sessionWithSurface(h, example('compare-options'))
    const { page, requests } = await openSurfacePage(s)
    await page.type(`${DOCK} textarea[data-field=constraints]`, 'stopped mid-submit')
    signalPlugin('SIGSTOP')
    try {
      await page.click(SUBMIT)
      await page.waitForSelector(`${DOCK} [data-action=retry]`, { visible: true, timeout: 40_000 })
      await page.screenshot({ path: join(SHOTS, 'dock-no-answer-retry.png') })
      assert.match(await alertText(page), /No answer from the harness within 15 s|plugin is restarting or not running/)
    } finally {
      signalPlugin('SIGCONT')
    }
    await page.click(`${DOCK} [data-action=retry]`)
    await waitFor(async () => (await submissions(h, s.sessionId)).length === 1, { what: 'the submission' })
    const ids = new Set(submitRequests(requests).map(submissionIdOf))
    assert.equal(ids.size, 1, 'every request carried the same submission id')
    await waitFor(async () => (await h.dsh.projection(s.sessionId))?.active === null, { what: 'the surface to close' })
    assert.equal((await submissions(h, s.sessionId)).length, 1, 'sent once')
    await page.close()
  })

  test('a plugin that keeps dying: the Dock says the harness answered that the plugin is away, then sending works', async () => {
    const s = await sessionWithSurface(h, example('compare-options'))
    const { page } = await openSurfacePage(s)
    await page.type(`${DOCK} textarea[data-field=constraints]`, 'while it restarts')
    const killer = setInterval(() => signalPlugin('SIGKILL'), 25)
    try {
      await page.click(SUBMIT)
      await page.waitForSelector(`${DOCK} [data-action=retry]`, { visible: true, timeout: 30_000 })
      await page.screenshot({ path: join(SHOTS, 'dock-plugin-restarting.png') })
    } finally {
      clearInterval(killer)
    }
    const text = await alertText(page)
    assert.match(text, /The harness answered, but the Task Surface plugin is restarting or not running/)
    assert.doesNotMatch(text, /Could not reach the harness/)
    await waitFor(() => h.dsh.pluginPids().length === 1, { what: 'the plugin back' })
    await page.click(`${DOCK} [data-action=retry]`)
    await waitFor(async () => (await submissions(h, s.sessionId)).length === 1, { what: 'the submission', timeoutMs: 40_000 })
    await page.close()
  })

  test('two tabs send different answers: the losing tab keeps its own as a visible draft and says another was sent', async () => {
    const s = await sessionWithSurface(h, example('compare-options'), {
      alsoCall: [{ name: 'subagent', arguments: { description: 'busy', prompt: 'Stay busy.', run_in_background: false } }],
      thenReply: [{ text: 'child finished', hold: true }],
      busy: true,
    })
    await waitFor(() => h.llm.held() === 1, { what: 'the busy turn' })
    const a = await openSurfacePage(s)
    const b = await openSurfacePage(s)
    // Only the tab in front runs its frames (puppeteer waits on them): switch like a user does.
    const front = async (tab) => { await tab.page.bringToFront(); return tab.page }
    await (await front(a)).type(`${DOCK} textarea[data-field=constraints]`, 'answer from tab A')
    await (await front(b)).type(`${DOCK} textarea[data-field=constraints]`, 'answer from tab B')
    await (await front(a)).click(SUBMIT)
    await a.page.waitForSelector(`${DOCK}[data-state="queued"]`)
    await (await front(b)).click(SUBMIT)
    await b.page.waitForSelector(`${DOCK}[data-state="overtaken"]`, { timeout: 30_000 })
    assert.match(await b.page.$eval(`${DOCK} [role=status]`, (e) => e.textContent), /Another answer to this panel was sent first/)
    h.llm.release()
    await waitFor(async () => (await h.dsh.projection(s.sessionId))?.active === null, { what: 'the surface to close', timeoutMs: 40_000 })
    await (await front(a)).waitForSelector(DOCK, { hidden: true, timeout: 30_000 })
    // Tab B still shows its own answer, read-only, with the sentence, until the user closes it.
    await front(b)
    await b.page.waitForFunction((sel) => document.querySelector(`${sel} [role=status]`)?.textContent.includes('yours was not sent'), { timeout: 10_000 }, DOCK)
    assert.equal(await b.page.$eval(`${DOCK} textarea[data-field=constraints]`, (e) => e.value), 'answer from tab B')
    await b.page.screenshot({ path: join(SHOTS, 'dock-two-tabs-overtaken.png') })
    const sent = await submissions(h, s.sessionId)
    assert.equal(sent.length, 1, 'one submission')
    assert.match(JSON.stringify(sent[0].data), /answer from tab A/)
    await b.page.click(`${DOCK} [data-action=close]`)
    await b.page.waitForSelector(DOCK, { hidden: true })
    await a.page.close()
    await b.page.close()
  })
})
