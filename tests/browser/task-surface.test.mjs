// The client bundle in the real harness: dsh 0.1.0-rc.8 (`dsh web` on 127.0.0.1) with the packed
// Task Surface bundle installed, the plugin binary built from this tree, a scripted keyless LLM
// that calls show_task_surface with the example models, and Debian's Chromium driven by
// puppeteer-core. Every test acts as a user would (mouse, keyboard) and checks what a user or
// the model would notice: the panel, the transcript, focus, the session log, the next request.
// Themes, narrow screens and languages are in people.test.mjs.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { lastUserText } from '../e2e/support/fake-llm.mjs'
import { openPage } from './support/browser.mjs'
import { hostileMarkdownModel, limitsModel } from './support/surfaces.mjs'
import {
  busySessionWithSurface, clickInDock, clickText, dismissals, dockReady, dockRenderTimes, example, focusComposer, focused, openApp, openSurfacePage as openSurface, readSendTiming, selectSession,
  sessionWithSurface, submissions, tabUntil, waitFor, watchSend,
} from './support/app.mjs'
import {
  DOCK, SHOTS, SUBMIT, composerHasFocus, dockGone, enabledControls, useSuite, submissionIdOf, submitRequests, unnamedControls, userBubble, EVENT_MS,
} from './support/suite.mjs'

/** The drafts the session's store holds in this page's browser, by surface id: dsh's per-session
 * slot store persists them whole under the store's name and the session id. */
const draftsOf = (page, sessionId) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{"drafts":{}}').drafts, `dsh-task-surface.drafts.${sessionId}`)

/** What the Dock's live region last said. */
const announced = (page) => page.$eval('[data-task-surface-dock] [data-announce]', (e) => e.textContent)

let h, browser, canary
useSuite({ onStart: (s) => ({ h, browser, canary } = s) })

/** A fresh page on the app with the session selected and its Dock ready. */
const openSurfacePage = (s, options) => openSurface(browser, h, s, options)

describe('Task Surface in the browser', () => {
  test('by mouse: choose, type and submit; one user bubble; the Dock closes, focus returns to the composer, the row replays the answer', async (t) => {
    const s = await sessionWithSurface(h, example('compare-options'))
    const { page, errors } = await openSurfacePage(s)
    assert.equal(await page.$eval(`${DOCK} input[type=radio]:checked`, (e) => e.value), 'redis', 'the initial choice')
    await page.waitForSelector('[data-task-surface-row][data-status="open"]')
    assert.deepEqual(await unnamedControls(page), [], 'every control has an accessible name')
    // The 3-column metrics grid uses three tracks at this width.
    assert.equal(await page.$eval(`${DOCK} .tsf-grid`, (g) => getComputedStyle(g).gridTemplateColumns.split(' ').length), 3)

    await clickInDock(page, `${DOCK} input[type=radio][value=ristretto]`)
    await page.type(`${DOCK} textarea[data-field=constraints]`, 'Keep memory under 512 MiB.')
    await page.screenshot({ path: join(SHOTS, 'dock-light.png') })

    h.llm.reply({ text: 'Wiring in Ristretto.' })
    const before = h.llm.requests.length
    await watchSend(page, { clickSelector: SUBMIT, marker: 'Keep memory under 512 MiB.' })
    await page.click(SUBMIT)
    await userBubble(page, 'Keep memory under 512 MiB.')
    await dockGone(page)
    const timing = await readSendTiming(page)
    t.diagnostic(`click on Submit to the user bubble painted: ${(timing.bubble - timing.start).toFixed(0)} ms`)

    assert.equal(await composerHasFocus(page), true, 'focus is back in the composer')
    const subs = await submissions(h, s.sessionId)
    assert.equal(subs.length, 1)
    assert.deepEqual(subs[0].data.source.taskSurface.values, { cache: 'ristretto', constraints: 'Keep memory under 512 MiB.' })
    const request = await h.llm.waitForRequests(before + 1)
    assert.match(lastUserText(request), /Ristretto/)
    assert.match(lastUserText(request), /Keep memory under 512 MiB\./)

    const row = await page.waitForSelector('[data-task-surface-row][data-status="submitted"]')
    await (await row.$('button[aria-expanded]')).click()
    const answers = await page.$$eval('[data-task-surface-row] .tsf-answer', (els) => els.map((e) => e.innerText.replace(/\s+/g, ' ').trim()))
    assert.deepEqual(answers, ['Cache to use Ristretto', 'Anything I should keep in mind? Keep memory under 512 MiB.'])
    assert.equal(await page.$$eval('[data-task-surface-row] input, [data-task-surface-row] textarea', (e) => e.length), 0, 'the row is never an editor')
    await page.$eval('[data-task-surface-row]', (e) => e.scrollIntoView({ block: 'start' }))
    await page.screenshot({ path: join(SHOTS, 'row-submitted-light.png') })
    assert.deepEqual(errors, [])
    await page.close()
  })

  test('by keyboard alone: reorder with Alt+arrows (announced), flip a switch, send with Ctrl+Enter; focus returns to the composer', async () => {
    const s = await sessionWithSurface(h, example('reorder-plan'))
    const { page } = await openSurfacePage(s)
    assert.deepEqual(await unnamedControls(page), [])
    await focusComposer(page)
    await tabUntil(page, (f) => f.inDock && f.option !== null, { back: true })
    await page.keyboard.press('End')
    assert.equal((await focused(page)).option, 'cleanup')
    await page.keyboard.down('Alt')
    await page.keyboard.press('Home')
    await page.keyboard.up('Alt')
    const live = () => page.$eval(`${DOCK} [data-order-live]`, (e) => e.textContent.trim())
    assert.equal(await live(), 'Moved “Remove the legacy consumer” to position 1 of 5.')
    assert.equal((await focused(page)).option, 'cleanup', 'focus stays on the moved item')
    await page.keyboard.down('Alt')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.up('Alt')
    assert.equal(await live(), 'Moved “Remove the legacy consumer” to position 2 of 5.')
    const order = await page.$$eval(`${DOCK} li[data-option]`, (els) => els.map((e) => e.dataset.option))
    assert.deepEqual(order, ['schema', 'cleanup', 'dual-write', 'backfill', 'cutover'])
    assert.match((await focused(page)).name, /position 2 of 5/, 'the item names its position')

    await tabUntil(page, (f) => f.field === 'pause')
    await page.keyboard.press('Space')
    assert.equal(await page.$eval(`${DOCK} input[data-field=pause]`, (e) => e.checked), false)

    h.llm.reply({ text: 'Starting with the schema.' })
    await page.keyboard.down('Control')
    await page.keyboard.press('Enter')
    await page.keyboard.up('Control')
    await dockGone(page)
    await waitFor(() => composerHasFocus(page), { what: 'focus in the composer' })
    assert.equal(await announced(page), 'Submitted', 'a live region says what happened')
    const subs = await submissions(h, s.sessionId)
    assert.equal(subs.length, 1)
    assert.deepEqual(subs[0].data.source.taskSurface.values, { steps: ['schema', 'cleanup', 'dual-write', 'backfill', 'cutover'], pause: false })
    await page.close()
  })

  test('by keyboard alone: dismiss records one event, starts no turn, and gives focus back', async () => {
    const s = await sessionWithSurface(h, example('review-change'))
    const { page } = await openSurfacePage(s)
    assert.deepEqual(await unnamedControls(page), [])
    // The diff reads as a line diff: a new file is all additions.
    const newFile = await page.$$eval(`${DOCK} figure.tsf-diff`, (figs) => figs.map((f) => ({
      head: f.querySelector('figcaption').innerText, markers: [...f.querySelectorAll('.tsf-diff__marker')].map((m) => m.textContent),
    })))
    assert.deepEqual(newFile[0].markers, ['', '-', '+', ''])
    assert.match(newFile[1].head, /New file/)
    assert.deepEqual(newFile[1].markers, ['+', '+', '+'])

    await focusComposer(page)
    const before = h.llm.requests.length
    const f = await tabUntil(page, (f) => f.action === 'dismiss', { back: true })
    assert.equal(f.name, 'Dismiss this panel without answering')
    await page.keyboard.press('Enter')
    await dockGone(page)
    await waitFor(() => composerHasFocus(page), { what: 'focus in the composer' })
    await page.waitForSelector('[data-task-surface-row][data-status="dismissed"]')
    assert.equal((await dismissals(h, s.sessionId)).length, 1)
    assert.equal((await h.dsh.projection(s.sessionId)).active, null)
    // Final, not "nothing yet after half a second": the dismissal's record is in the log (the
    // Dock's request returned after it), the session is idle, and nothing after the record is a
    // message or a turn.
    await h.dsh.waitIdle(s.sessionId)
    const events = await h.dsh.events(s.sessionId)
    const after = events.slice(events.findIndex((e) => e.type === 'command/run' && e.data.name === 'task-surface') + 1)
    assert.deepEqual(after.filter((e) => /^(user|assistant|turn|tool)\//.test(e.type)).map((e) => e.type), [], 'dismissing starts no turn')
    assert.equal(h.llm.requests.length, before, 'the model was not asked')
    await page.close()
  })

  for (const viewport of [{ width: 1280, height: 860 }, { width: 360, height: 740 }]) {
    test(`${viewport.width} px, by keyboard: Dismiss with a typed answer asks first; "Keep answering" keeps it; "Give up answering" records one dismissal; focus and a live region say so; a keyboard submit too`, async () => {
      const s = await sessionWithSurface(h, example('review-change'))
      const sent = await sessionWithSurface(h, example('compare-options'))
      await (await openSurfacePage(sent)).page.close() // the narrow page has no sidebar: the harness keeps the session selected
      const { page } = await openSurfacePage(sent, { viewport })
      await focusComposer(page)
      await tabUntil(page, (f) => f.inDock && f.field === 'constraints', { back: true })
      await page.keyboard.type('Sent by keyboard.')
      h.llm.reply({ text: 'Noted.' })
      await page.keyboard.down('Control'); await page.keyboard.press('Enter'); await page.keyboard.up('Control')
      await dockGone(page)
      await waitFor(() => composerHasFocus(page), { what: 'focus in the composer after the submit' })
      assert.equal(await announced(page), 'Submitted')
      await page.close()

      await (await openSurfacePage(s)).page.close()
      const p2 = (await openSurfacePage(s, { viewport })).page
      await focusComposer(p2)
      await tabUntil(p2, (f) => f.inDock && f.field === 'comments', { back: true })
      await p2.keyboard.type('Worth keeping.')
      const f = await tabUntil(p2, (f) => f.action === 'dismiss')
      assert.equal(f.name, 'Dismiss this panel without answering')
      await p2.keyboard.press('Enter')
      await waitFor(async () => (await focused(p2)).action === 'keep', { what: 'the question, focus on "Keep answering"' })
      assert.match(await p2.$eval(`${DOCK} .tsf-alert`, (e) => e.textContent), /Give up answering\? Your answers will not be sent\./)
      await p2.screenshot({ path: join(SHOTS, `dock-dismiss-ask-${viewport.width}.png`) })
      await p2.keyboard.press('Enter')
      assert.equal((await focused(p2)).action, 'dismiss', 'kept: focus back on Dismiss')
      assert.equal(await p2.$eval(`${DOCK} textarea[data-field=comments]`, (e) => e.value), 'Worth keeping.')
      await p2.keyboard.press('Enter')
      await tabUntil(p2, (f) => f.action === 'give-up')
      await p2.keyboard.press('Enter')
      await dockGone(p2)
      await waitFor(() => composerHasFocus(p2), { what: 'focus in the composer after the dismissal' })
      assert.equal(await announced(p2), 'Dismissed')
      assert.equal((await dismissals(h, s.sessionId)).length, 1, 'one dismissal, recorded only once confirmed')
      await p2.close()
    })
  }

  test('an ordinary message bypasses the surface: the Dock closes, its draft goes, the row says so', async () => {
    const s = await sessionWithSurface(h, example('requirement-intake'))
    const { page } = await openSurfacePage(s)
    await page.type(`${DOCK} textarea[data-field=goal]`, 'half-typed answer')
    await waitFor(async () => (await draftsOf(page, s.sessionId))[s.surfaceId], { what: 'the draft' })
    h.llm.reply({ text: 'Fine, plain text works too.' })
    await focusComposer(page)
    await page.keyboard.type('Just CSV for now, thanks.')
    await page.keyboard.press('Enter')
    await userBubble(page, 'Just CSV for now, thanks.')
    await dockGone(page)
    await page.waitForSelector('[data-task-surface-row][data-status="bypassed"]')
    assert.equal(await page.$eval('[data-task-surface-row] [data-status]', (e) => e.textContent), 'Answered with an ordinary message')
    await waitFor(async () => !(await draftsOf(page, s.sessionId))[s.surfaceId], { what: 'the draft to be cleared' })
    assert.equal((await submissions(h, s.sessionId)).length, 0)
    await page.close()
  })

  test('a double click on Submit sends one request and makes one message', async () => {
    const s = await sessionWithSurface(h, example('release-gate'))
    const { page, requests } = await openSurfacePage(s)
    await clickInDock(page, `${DOCK} input[data-field=changelog]`)
    h.llm.reply({ text: 'Gate recorded.' })
    await page.click(SUBMIT, { count: 2 })
    await dockGone(page)
    await h.dsh.waitIdle(s.sessionId)
    assert.equal(submitRequests(requests).length, 1)
    const subs = await submissions(h, s.sessionId)
    assert.equal(subs.length, 1)
    assert.equal(subs[0].data.source.taskSurface.values.changelog, true)
    await page.close()
  })

  test('a failed send keeps the answers; trying again reuses the submission id; a lost answer is recovered from the host, one message', async () => {
    const s = await busySessionWithSurface(h, example('compare-options'))
    const { page, requests } = await openSurfacePage(s)
    // 1st submit: the connection fails before the host sees it. 2nd: the host accepts it, and
    // the browser only sees the connection drop.
    const cdp = await page.createCDPSession()
    await cdp.send('Fetch.enable', { patterns: [
      { urlPattern: '*/api/taskSurface/submit', requestStage: 'Request' },
      { urlPattern: '*/api/taskSurface/submit', requestStage: 'Response' },
    ] })
    let paused = 0
    cdp.on('Fetch.requestPaused', (e) => {
      paused++
      const fail = paused === 1 || (paused === 3 && e.responseStatusCode !== undefined)
      const call = fail ? cdp.send('Fetch.failRequest', { requestId: e.requestId, errorReason: 'ConnectionReset' }) : cdp.send('Fetch.continueRequest', { requestId: e.requestId })
      call.catch(() => {})
    })
    await clickInDock(page, `${DOCK} input[type=radio][value=none]`)
    await page.type(`${DOCK} textarea[data-field=constraints]`, 'Fewer moving parts.')
    await page.click(SUBMIT)
    await page.waitForFunction((sel) => document.querySelector(`${sel} [role=alert]`)?.textContent.includes('Could not reach the harness'), { timeout: EVENT_MS }, DOCK)
    assert.equal(await page.$eval(`${DOCK} input[type=radio]:checked`, (e) => e.value), 'none', 'the answer is kept')
    assert.equal(await page.$eval(`${DOCK} textarea[data-field=constraints]`, (e) => e.value), 'Fewer moving parts.')
    assert.equal((await h.dsh.remote('taskSurface/getActive', { sessionId: s.sessionId })).value.pending, null, 'the host never saw it')

    await page.click(SUBMIT)
    // The Dock learns from getActive that the lost answer arrived: queued, locked, no error.
    await page.waitForSelector(`${DOCK}[data-state="queued"]`, { timeout: EVENT_MS })
    assert.equal(await page.$eval(`${DOCK} [role=alert]`, (e) => e.textContent), '')
    const sent = submitRequests(requests)
    assert.equal(sent.length, 2)
    assert.equal(submissionIdOf(sent[0]), submissionIdOf(sent[1]), 'the retry carries the same submission id')
    assert.equal(paused, 3, 'the first request was stopped before the host, the second after it')

    h.llm.reply({ text: 'No cache then.' })
    h.llm.release()
    await userBubble(page, 'Fewer moving parts.')
    await dockGone(page)
    await h.dsh.waitIdle(s.sessionId)
    const subs = await submissions(h, s.sessionId)
    assert.equal(subs.length, 1)
    assert.equal(subs[0].data.source.taskSurface.submissionId, submissionIdOf(sent[0]))
    await cdp.detach()
    await page.close()
  })

  test('while queued every control is locked, also after a reload; a removed queue row unlocks the Dock with the answers kept; sending again works', async () => {
    const s = await busySessionWithSurface(h, example('release-gate'))
    const { page, requests } = await openSurfacePage(s)
    await clickInDock(page, `${DOCK} input[data-field=migrations]`)
    await clickInDock(page, `${DOCK} input[type=radio][value=stable]`)
    const responses = []
    page.on('response', async (r) => { if (r.url().endsWith('/api/taskSurface/submit')) responses.push(await r.json().catch(() => null)) })
    await page.click(SUBMIT)
    await page.waitForSelector(`${DOCK}[data-state="queued"]`)
    assert.match(await page.$eval(`${DOCK} [role=status]`, (e) => e.textContent), /Waiting for the agent/)
    assert.deepEqual(await enabledControls(page), [], 'nothing can change while the answer is pending')
    await page.screenshot({ path: join(SHOTS, 'dock-queued.png') })

    const messageId = responses[0]?.result?.value?.messageId
    assert.ok(messageId, 'the submit answer names the queued message')

    // A reload while queued: getActive brings the pending phase back, still locked, answers shown.
    await page.reload({ waitUntil: 'domcontentloaded' })
    await page.waitForSelector('textarea')
    await selectSession(page, s.title)
    await page.waitForSelector(`${DOCK}[data-state="queued"]`, { timeout: EVENT_MS })
    assert.deepEqual(await enabledControls(page), [])
    assert.equal(await page.$eval(`${DOCK} input[data-field=migrations]`, (e) => e.checked), true)
    const removed = await h.dsh.api('session.updateQueue', { sessionId: s.sessionId, itemId: messageId, action: { kind: 'remove' } })
    assert.equal(removed.ok, true, JSON.stringify(removed))
    await page.waitForSelector(`${DOCK}[data-state="editing"]`, { timeout: EVENT_MS })
    assert.match(await page.$eval(`${DOCK} [role=status]`, (e) => e.textContent), /withdrawn/)
    assert.equal(await page.$eval(`${DOCK} input[data-field=migrations]`, (e) => e.checked), true, 'the answers are kept')
    assert.equal(await page.$eval(`${DOCK} input[type=radio]:checked`, (e) => e.value), 'stable')

    h.llm.reply({ text: 'Stable it is.' })
    await page.click(SUBMIT)
    await page.waitForSelector(`${DOCK}[data-state="queued"]`)
    h.llm.release()
    await dockGone(page)
    await h.dsh.waitIdle(s.sessionId)
    const sent = submitRequests(requests)
    assert.equal(sent.length, 2)
    assert.notEqual(submissionIdOf(sent[0]), submissionIdOf(sent[1]), 'a new attempt after a discard has a new id')
    const subs = await submissions(h, s.sessionId)
    assert.equal(subs.length, 1)
    assert.deepEqual(subs[0].data.source.taskSurface.values, { changelog: false, migrations: true, 'p1-accepted': false, channel: 'stable' })
    await page.close()
  })

  test('a rejected submission keeps every answer and shows the problem at its field; an empty required text is the plugin\'s "required"', async () => {
    const s = await sessionWithSurface(h, example('requirement-intake'))
    const { page, requests } = await openSurfacePage(s)
    await clickInDock(page, `${DOCK} input[type=checkbox][value=xlsx]`)
    await page.type(`${DOCK} input[data-field=deadline]`, 'end of March')

    await page.click(SUBMIT)
    await page.waitForFunction((sel) => document.querySelector(`${sel} [role=alert]`)?.textContent.match(/needs? attention/), {}, DOCK)
    assert.equal(submitRequests(requests).length, 1, 'the plugin judges the empty required field: refused, nothing in the conversation')
    assert.equal((await submissions(h, s.sessionId)).length, 0)
    // Focus moves in the frame after the message is drawn.
    await waitFor(async () => (await focused(page)).field === 'goal', { what: 'focus to move to the field to fix' })
    assert.equal(await page.$eval(`${DOCK} textarea[data-field=goal]`, (e) => e.getAttribute('aria-invalid')), 'true')
    assert.match(await page.$eval(`${DOCK} .tsf-field--text .tsf-problem`, (e) => e.textContent), /required/)

    // A bidi override is refused by the plugin, not by the browser.
    await page.type(`${DOCK} textarea[data-field=goal]`, 'Invoices \u202Eand refunds')
    await page.click(SUBMIT)
    await page.waitForFunction((sel) => /bidi/.test(document.querySelector(`${sel} .tsf-problem`)?.textContent ?? ''), { timeout: EVENT_MS }, DOCK)
    assert.equal(submitRequests(requests).length, 2)
    assert.equal(await page.$eval(`${DOCK} textarea[data-field=goal]`, (e) => e.value), 'Invoices \u202Eand refunds', 'the text is kept')
    assert.equal(await page.$eval(`${DOCK} input[data-field=deadline]`, (e) => e.value), 'end of March')
    assert.deepEqual(await page.$$eval(`${DOCK} input[type=checkbox]:checked`, (els) => els.map((e) => e.value)), ['csv', 'xlsx'])
    await waitFor(async () => (await focused(page)).field === 'goal', { what: 'focus to move back to the refused field' })
    await page.screenshot({ path: join(SHOTS, 'dock-rejected.png') })

    await page.$eval(`${DOCK} textarea[data-field=goal]`, (e) => e.select())
    await page.keyboard.press('Backspace')
    await page.type(`${DOCK} textarea[data-field=goal]`, 'Invoices and refunds')
    h.llm.reply({ text: 'Noted.' })
    await page.click(SUBMIT)
    await dockGone(page)
    const sent = submitRequests(requests)
    assert.equal(sent.length, 3, 'refused twice, then accepted')
    assert.equal(new Set(sent.map(submissionIdOf)).size, 3, 'a rejected attempt ends; the next one has a new id')
    const subs = await submissions(h, s.sessionId)
    assert.equal(subs.length, 1)
    assert.deepEqual(subs[0].data.source.taskSurface.values, { goal: 'Invoices and refunds', formats: ['csv', 'xlsx'], who: [], deadline: 'end of March', async: null })
    await page.close()
  })

  test('a draft lives in dsh\'s per-session slot store: it survives a reload, stays in its own session, and is cleared once the submission is durable', async () => {
    const s = await sessionWithSurface(h, example('requirement-intake'))
    const other = await sessionWithSurface(h, example('requirement-intake'))
    const { page } = await openSurfacePage(s)
    await page.type(`${DOCK} textarea[data-field=goal]`, 'Monthly invoice export')
    await clickInDock(page, `${DOCK} input[type=checkbox][value=parquet]`)
    await clickInDock(page, `${DOCK} input[data-field=async]`)
    await page.click(`${DOCK} .tsf-add-note`)
    await page.type(`${DOCK} .tsf-form textarea:not([data-field])`, 'Finance asked for this.')
    const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('dsh-task-surface')))
    assert.ok(keys.includes(`dsh-task-surface.drafts.${s.sessionId}`), 'one store per session, named as dsh names a declared store\'s instance')
    assert.deepEqual(keys.filter((k) => !k.startsWith('dsh-task-surface.drafts.')), [], 'nothing kept beside dsh\'s store')
    const stored = await draftsOf(page, s.sessionId)
    assert.deepEqual([Object.keys(stored), stored[s.surfaceId].values.goal, stored[s.surfaceId].note], [[s.surfaceId], 'Monthly invoice export', 'Finance asked for this.'], 'keyed by surface')

    await page.reload({ waitUntil: 'domcontentloaded' })
    await page.waitForSelector('textarea')
    await selectSession(page, s.title)
    await dockReady(page, s.surfaceId)
    assert.equal(await page.$eval(`${DOCK} textarea[data-field=goal]`, (e) => e.value), 'Monthly invoice export')
    assert.deepEqual(await page.$$eval(`${DOCK} input[type=checkbox]:checked`, (els) => els.map((e) => e.value ?? e.dataset.field)), ['csv', 'parquet', 'on'])
    assert.equal(await page.$eval(`${DOCK} .tsf-form textarea:not([data-field])`, (e) => e.value), 'Finance asked for this.')
    assert.match(await page.$eval(`${DOCK} [role=status]`, (e) => e.textContent), /Restored your unsent answers/)

    await selectSession(page, other.title)
    await dockReady(page, other.surfaceId)
    assert.equal(await page.$eval(`${DOCK} textarea[data-field=goal]`, (e) => e.value), '', 'another session starts clean')
    assert.equal(await page.$(`${DOCK} .tsf-form textarea:not([data-field])`), null)

    await selectSession(page, s.title)
    await dockReady(page, s.surfaceId)
    h.llm.reply({ text: 'Got it.' })
    await page.click(SUBMIT)
    await dockGone(page)
    // Cleared once a read after the close finds it still closed (the message durable).
    await waitFor(async () => !(await draftsOf(page, s.sessionId))[s.surfaceId], { what: 'the draft to be cleared' })
    const subs = await submissions(h, s.sessionId)
    assert.equal(subs[0].data.content[0].text.includes('Finance asked for this.'), true, 'the note travels with the answer')
    await page.close()
  })

  test('the Dock stays actionable when the tool row is outside the loaded history (30 goal rounds later)', async () => {
    const s = await sessionWithSurface(h, example('review-change'), {
      alsoCall: [{ name: 'create_goal', arguments: { objective: 'Review the retry change with the user', max_goal_rounds: 30 } }],
      busy: true,
    })
    await waitFor(async () => (await h.dsh.events(s.sessionId)).filter((e) => e.type === 'user/message').length >= 30, { what: '30 goal rounds', timeoutMs: EVENT_MS })
    await h.dsh.waitIdle(s.sessionId, 60_000)
    assert.equal((await h.dsh.projection(s.sessionId)).active?.surfaceId, s.surfaceId, 'goal rounds do not close the surface')
    const { page } = await openSurfacePage(s)
    assert.ok(await page.$('[data-chat-flow-kind]'), 'the transcript is loaded')
    assert.equal(await page.$('[data-task-surface-row]'), null, 'the show_task_surface row is not in the loaded window')
    await clickInDock(page, `${DOCK} input[type=radio][value=revise]`)
    h.llm.reply({ text: 'Revising.' })
    await page.click(SUBMIT)
    await userBubble(page, 'Revise first')
    await dockGone(page)
    const subs = await submissions(h, s.sessionId)
    assert.equal(subs.length, 1)
    assert.equal(subs[0].data.source.taskSurface.values.verdict, 'revise')
    await page.close()
  })

  test('a composer takeover hides the Dock without unmounting it; the same Dock and its answers come back', async () => {
    const s = await busySessionWithSurface(h, example('release-gate'), {
      alsoCall: [{ name: 'ask_user_question', arguments: { questions: [{ id: 'region', question: 'Which region ships first?', options: [{ label: 'EU' }, { label: 'US' }] }] } }],
    })
    const { page } = await openSurfacePage(s)
    await clickInDock(page, `${DOCK} input[data-field=changelog]`)
    await clickInDock(page, `${DOCK} input[type=radio][value=stable]`)
    await page.$eval(DOCK, (e) => { e.__sameDock = true })
    h.llm.release() // the subagent returns; ask_user_question takes over the composer
    await page.waitForFunction(() => document.body.innerText.includes('Which region ships first?'), { timeout: EVENT_MS })
    await page.waitForFunction((sel) => document.querySelector(sel) !== null && document.querySelector(sel).offsetParent === null, {}, DOCK)
    assert.equal(await page.$eval(DOCK, (e) => e.__sameDock === true), true, 'still mounted while hidden')
    assert.ok(await clickText(page, 'EU'))
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Submit' && !b.disabled))
    await page.evaluate(() => [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Submit' && !b.disabled).click())
    await page.waitForSelector(`${DOCK}[data-state="editing"]`, { visible: true, timeout: EVENT_MS })
    assert.equal(await page.$eval(DOCK, (e) => e.__sameDock === true), true, 'the same Dock is back')
    assert.equal(await page.$eval(`${DOCK} input[data-field=changelog]`, (e) => e.checked), true)
    assert.equal(await page.$eval(`${DOCK} input[type=radio]:checked`, (e) => e.value), 'stable')
    await page.close()
  })

  test('Markdown from the model: images become alt text, raw HTML does not render, and no model URL is requested until the user opens a link', async () => {
    const model = hostileMarkdownModel(canary.url)
    const s = await sessionWithSurface(h, model)
    const { page, requests } = await openSurfacePage(s)
    const row = await page.waitForSelector('[data-task-surface-row] button[aria-expanded]')
    await row.click() // the read-only replay renders the same Markdown
    // Rendered: what it would fetch is in the page now (nothing, below), not after a pause.
    await page.waitForFunction(() => /A script link/.test(document.querySelector('[data-task-surface-row]')?.innerText ?? ''))
    const seen = await page.evaluate((sel) => {
      const dock = document.querySelector(sel)
      const zones = [dock, document.querySelector('[data-task-surface-row]')]
      return {
        text: dock.innerText,
        fetching: zones.flatMap((z) => [...z.querySelectorAll('img, iframe, video, audio, script, style, object, embed, source, link, picture, .tsf-md svg')]).map((e) => e.tagName),
        anchors: [...dock.querySelectorAll('.tsf-md a')].map((a) => ({ text: a.textContent, href: a.getAttribute('href'), rel: a.rel, target: a.target })),
        handlers: [...dock.querySelectorAll('.tsf-md *')].flatMap((e) => [...e.attributes].map((a) => a.name)).filter((n) => n.startsWith('on') || n === 'style'),
        pwned: window.__pwned,
      }
    }, DOCK)
    assert.deepEqual(seen.fetching, [])
    assert.deepEqual(seen.handlers, [])
    assert.equal(seen.pwned, undefined)
    assert.match(seen.text, /An image: tracking pixel and a reference image ref pixel\./)
    assert.match(seen.text, /A script link and an autolink/)
    assert.doesNotMatch(seen.text, /__pwned|<img|<script|<iframe/, 'raw HTML is omitted, not shown')
    assert.deepEqual(seen.anchors, [
      { text: 'release notes', href: `${canary.url}/docs`, rel: 'noopener noreferrer nofollow', target: '_blank' },
      { text: `${canary.url}/auto`, href: `${canary.url}/auto`, rel: 'noopener noreferrer nofollow', target: '_blank' },
    ])
    assert.deepEqual(canary.hits, [], 'nothing the model named was requested')
    assert.deepEqual(requests.filter((r) => r.url.startsWith(canary.url)), [])

    // The tab the link opens, loaded: every request the click led to was made by then.
    const opened = page.browser().waitForTarget((t) => t.url().startsWith(`${canary.url}/docs`), { timeout: EVENT_MS })
    await page.click(`${DOCK} .tsf-md a[href$="/docs"]`)
    const tab = await (await opened).page()
    await tab.waitForFunction(() => document.readyState === 'complete', { timeout: EVENT_MS })
    await waitFor(() => canary.hits.length > 0, { what: 'the link the user opened' })
    // (The new tab may also ask the canary for its icon: that is the page the user opened.)
    assert.deepEqual(canary.hits.map((hit) => hit.path).filter((p) => p !== '/favicon.ico'), ['/docs'], 'only the activated link is requested')
    await tab.close()
    await page.close()
  })

  test('a model at every limit: the long table is folded with counts and unfolds without widening the panel', async (t) => {
    const s = await sessionWithSurface(h, limitsModel())
    const { page } = await openSurfacePage(s)
    const measure = await dockRenderTimes(page, s.surfaceId)
    t.diagnostic(`Dock render at the limits (render, commit, layout): ${measure.map((d) => d.toFixed(1)).join(', ')} ms`)
    assert.equal(measure.length, 1)
    assert.equal(await page.$$eval(`${DOCK} .tsf-form > [data-field], ${DOCK} .tsf-form > .tsf-field`, (els) => els.length), 32)
    assert.equal(await page.$$eval(`${DOCK} .tsf-block`, (els) => els.length), 64)
    const width = () => page.$eval(DOCK, (e) => e.getBoundingClientRect().width)
    const before = await width()
    const table = `${DOCK} .tsf-table`
    assert.equal(await page.$eval(`${table} caption`, (e) => e.textContent), '200 rows × 6 columns')
    assert.equal(await page.$$eval(`${table} tbody tr`, (r) => r.length), 20)
    assert.match(await page.$eval(`${table} .tsf-table__more`, (e) => e.textContent), /Showing 20 of 200 rows\./)
    await page.click(`${table} .tsf-table__more button`)
    assert.equal(await page.$$eval(`${table} tbody tr`, (r) => r.length), 200)
    assert.equal(await width(), before, 'the panel keeps its width')
    // A long table grows in the panel's body, which scrolls: no scroll box in a scroll box
    // (issue 51, item 9); only sideways does the table's own box scroll.
    const box = await page.$eval(`${table} .tsf-table__scroll`, (e) => ({ tall: e.scrollHeight > e.clientHeight + 1, y: getComputedStyle(e).overflowY }))
    assert.deepEqual(box, { tall: false, y: 'hidden' }, 'the table\'s box holds all its rows')
    assert.ok(await page.$eval(`${DOCK} .tsf-body`, (e) => e.scrollHeight > e.clientHeight), 'the body scrolls')
    assert.ok(before <= (await page.evaluate(() => window.innerWidth)), 'the panel fits the window')
    await page.screenshot({ path: join(SHOTS, 'dock-limits.png') })
    await page.close()
  })

  test('a failed call shows the ordinary tool result in the transcript and opens no Dock', async () => {
    const sessionId = await h.dsh.createSession(h.home.workspace)
    h.llm.reply({ toolCall: { name: 'show_task_surface', arguments: { model: { ...example('compare-options'), version: 3 } } } })
    await h.dsh.prompt(sessionId, 'Try a version 3 panel.')
    await h.dsh.waitIdle(sessionId)
    await waitFor(async () => (await h.dsh.value('session.list', {})).items.find((x) => x.sessionId === sessionId)?.projections?.values?.title, { what: 'the title' })
    await h.dsh.value('session.rename', { sessionId, title: 'Failed call' })
    const { page } = await openPage(browser)
    await openApp(page, h)
    await selectSession(page, 'Failed call')
    const fallback = await page.waitForSelector('[data-task-surface-fallback][data-error]', { timeout: EVENT_MS })
    assert.match(await fallback.evaluate((e) => e.innerText), /version/i)
    assert.equal(await page.$(DOCK), null)
    await page.close()
  })
})

/**
 * Keeps the bundle's cordis context on the page as `window.__taskSurface` ({ctx, locale}), so the
 * test can unload the bundle as dsh does: by disposing the plugin's fiber. It wraps the bundle's
 * registration with dsh's module table (window.__ModuleLoader__.load) before any page script
 * runs; the bundle itself is the one dsh serves, unchanged.
 */
function keepBundleContext(id) {
  const wrap = (rec) => (rec?.id !== id ? rec : {
    ...rec,
    factory: (require) => {
      const exports = rec.factory(require)
      const apply = exports.apply
      exports.apply = function (ctx, config) {
        window.__taskSurface = { ctx, locale: ctx.locale }
        return apply.call(this, ctx, config)
      }
      return exports
    },
  })
  let facade
  Object.defineProperty(window, '__ModuleLoader__', {
    configurable: true,
    get: () => facade,
    set: (value) => {
      facade = value
      let load = value.load
      Object.defineProperty(value, 'load', {
        configurable: true,
        enumerable: true,
        get: () => function (rec) { return load.call(this, wrap(rec)) },
        set: (f) => { load = f },
      })
    },
  })
}

describe('unloading the bundle', () => {
  test('disposing its fiber takes the Dock, the row, the styles and the dictionaries away; the transcript is unchanged and shows the result text', async () => {
    const s = await sessionWithSurface(h, example('compare-options'))
    const { page, errors } = await openPage(browser)
    await page.evaluateOnNewDocument(keepBundleContext, 'dsh-task-surface')
    await openApp(page, h)
    await selectSession(page, s.title)
    await dockReady(page, s.surfaceId)
    await page.waitForSelector('[data-task-surface-row]')
    await page.type(`${DOCK} textarea[data-field=constraints]`, 'A draft.')
    const logged = await h.dsh.events(s.sessionId)

    const look = () => page.evaluate(() => ({
      dock: document.querySelector('section.tsf-dock') !== null,
      row: document.querySelector('[data-task-surface-row]') !== null,
      styles: [...document.querySelectorAll('style[data-plugin]')].filter((e) => e.getAttribute('data-plugin') === 'dsh-task-surface').length,
      // A key whose name the build keeps (the row builds it from the outcome's word); it
      // shortens most others' (client-bundle/README.md).
      submitted: window.__taskSurface.locale.bind('taskSurface')('row.status.submitted'),
    }))
    assert.deepEqual(await look(), { dock: true, row: true, styles: 1, submitted: 'Submitted' })

    await page.evaluate(() => window.__taskSurface.ctx.fiber.dispose())
    await page.waitForSelector(DOCK, { hidden: true, timeout: EVENT_MS })
    assert.deepEqual(await look(), { dock: false, row: false, styles: 0, submitted: 'row.status.submitted' }, 'no Dock, row, stylesheet or dictionary is left')
    // The transcript is dsh's again: the call shows its ordinary result, which tells the user
    // an ordinary message bypasses the surface; nothing was written to the session.
    // The call is dsh's generic tool line now; opened, it shows that text.
    await waitFor(() => clickText(page, 'Tool call'), { what: 'dsh\'s generic tool line' })
    await page.waitForFunction(() => document.body.innerText.includes('as they must when their client cannot render the panel'), { timeout: EVENT_MS })
    await page.screenshot({ path: join(SHOTS, 'unloaded-tool-result.png') })
    assert.deepEqual(await h.dsh.events(s.sessionId), logged, 'the session log is unchanged')
    assert.equal((await h.dsh.taskSurface('getActive', { sessionId: s.sessionId, surfaceId: s.surfaceId })).active, true, 'the surface is still open')
    assert.deepEqual(errors, [])
    await page.close()
  })
})
