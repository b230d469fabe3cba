// The claiming phase and fork as a user sees them in the Dock, in Chromium against the real dsh,
// and the queue actions dsh's own queue row offers on a submission: an edit is undone and a steer
// put back while it is queued; once claimed there is no row to remove and a remove is refused.
// The harness restarts once with the test-only step gate (tests/e2e/support/harness.mjs
// stepGate), which holds the step that took a submission before dsh writes it to the log.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { busySessionWithSurface, clickInDock, TOOL, dockReady, example, openSurfacePage as openSurface, selectSession, sessionWithSurface, submissions, waitFor } from './support/app.mjs'
import { DOCK, SHOTS, SUBMIT, dockGone, enabledControls, useSuite, EVENT_MS } from './support/suite.mjs'

let h, browser, gate
useSuite({ gated: true, onStart: (s) => ({ h, browser, gate } = s) })

const openSurfacePage = (s, options) => openSurface(browser, h, s, options)
const statusText = (page) => page.$eval(`${DOCK} [role=status]`, (e) => e.textContent)
const checkedCache = (page) => page.$eval(`${DOCK} input[type=radio]:checked`, (e) => e.value)

describe('claiming and fork in the Dock', () => {
  test('claimed mid-step: the Dock says claiming and stays locked, also after a reload; a rejected step reopens it with the answers kept', async () => {
    const s = await sessionWithSurface(h, example('compare-options'))
    const { page } = await openSurfacePage(s)
    gate.set('hold')
    await clickInDock(page, `${DOCK} input[type=radio][value=ristretto]`)
    await page.click(SUBMIT)
    await page.waitForSelector(`${DOCK}[data-state="claiming"]`, { timeout: EVENT_MS })
    assert.match(await statusText(page), /taking your answer/)
    assert.deepEqual(await enabledControls(page), [], 'nothing can change while the agent takes the answer')
    assert.equal((await submissions(h, s.sessionId)).length, 0, 'not durable yet')
    await page.screenshot({ path: join(SHOTS, 'dock-claiming.png') })

    await page.reload({ waitUntil: 'domcontentloaded' })
    await page.waitForSelector('textarea')
    await selectSession(page, s.title)
    await page.waitForSelector(`${DOCK}[data-state="claiming"]`, { timeout: EVENT_MS })
    assert.deepEqual(await enabledControls(page), [])
    assert.equal(await checkedCache(page), 'ristretto')

    gate.set('reject')
    await page.waitForSelector(`${DOCK}[data-state="editing"]`, { timeout: EVENT_MS })
    assert.equal(await checkedCache(page), 'ristretto', 'the answers are kept')
    assert.equal((await submissions(h, s.sessionId)).length, 0)

    gate.set('open')
    h.llm.reply({ text: 'Ristretto it is.' })
    await page.click(SUBMIT)
    await dockGone(page)
    await h.dsh.waitIdle(s.sessionId)
    assert.deepEqual((await submissions(h, s.sessionId)).map((e) => e.data.source.taskSurface.values.cache), ['ristretto'])
    await page.close()
  })

  test('a fork from before the surface shows no Dock; a fork from after it shows the surface open, though the parent answered it', async () => {
    // One plain turn, then the turn that opens the surface.
    const sessionId = await h.dsh.createSession(h.home.workspace)
    h.llm.reply({ text: 'Hello.' })
    assert.equal((await h.dsh.prompt(sessionId, 'Hi.')).ok, true)
    await h.dsh.waitIdle(sessionId)
    h.llm.reply({ toolCall: { name: TOOL, arguments: { model: example('compare-options') } } })
    assert.equal((await h.dsh.prompt(sessionId, 'Please ask me in a panel.')).ok, true)
    const active = await waitFor(async () => (await h.dsh.projection(sessionId))?.active, { what: 'the surface to open' })
    await h.dsh.waitIdle(sessionId)
    const s = { sessionId, surfaceId: active.surfaceId, title: `Two turns ${sessionId.slice(-6)}` }
    await waitFor(async () => (await h.dsh.value('session.list', {})).items.find((i) => i.sessionId === sessionId)?.projections?.values?.title, { what: 'the session title' })
    await h.dsh.value('session.rename', { sessionId, title: s.title })
    const turnEnds = (await h.dsh.events(sessionId)).filter((e) => e.type === 'turn/end')
    const { page } = await openSurfacePage(s)
    h.llm.reply({ text: 'Ristretto on the parent.' })
    await clickInDock(page, `${DOCK} input[type=radio][value=ristretto]`)
    await page.click(SUBMIT)
    await dockGone(page)
    await h.dsh.waitIdle(sessionId)

    const forkAt = async (atSeq, title) => {
      const fork = await h.dsh.value('session.fork', { sessionId, atSeq })
      await h.dsh.value('session.rename', { sessionId: fork.sessionId, title })
      return fork.sessionId
    }
    const beforeTitle = `Fork before ${sessionId.slice(-6)}`
    await forkAt(turnEnds[0].seq, beforeTitle)
    await selectSession(page, beforeTitle)
    await waitFor(async () => (await page.$(DOCK)) === null, { what: 'no Dock on the fork from before the surface' })

    const afterTitle = `Fork after ${sessionId.slice(-6)}`
    const after = await forkAt(turnEnds.at(-1).seq, afterTitle)
    await selectSession(page, afterTitle)
    await dockReady(page, s.surfaceId)
    assert.equal(await checkedCache(page), 'redis', 'the fork starts from the model\'s initial value, not the parent\'s answer')
    assert.ok((await enabledControls(page)).length > 0, 'the fork\'s Dock is editable')
    await page.screenshot({ path: join(SHOTS, 'dock-fork.png') })
    h.llm.reply({ text: 'None on the fork.' })
    await clickInDock(page, `${DOCK} input[type=radio][value=none]`)
    await page.click(SUBMIT)
    await dockGone(page)
    await h.dsh.waitIdle(after)
    assert.deepEqual((await submissions(h, after)).map((e) => e.data.source.taskSurface.values.cache), ['none'])
    assert.deepEqual((await submissions(h, sessionId)).map((e) => e.data.source.taskSurface.values.cache), ['ristretto'])
    await page.close()
  })
})

/** The queue rows dsh draws above the composer: each one's text and action buttons. */
const queueRows = (page) => page.evaluate(() => {
  const labels = ['Edit queued message', 'Remove queued message', 'Steer queued message', 'Save queued message', 'Cancel editing']
  const strip = (text) => labels.reduce((t, l) => t.replaceAll(l, ''), text).trim()
  return [...document.querySelectorAll('button[aria-label="Remove queued message"]')].map((b) => {
    let row = b.parentElement
    while (row && row !== document.body && strip(row.innerText) === '') row = row.parentElement
    return { text: strip(row?.innerText ?? ''), actions: [...(row?.querySelectorAll('button[aria-label]') ?? [])].map((x) => x.getAttribute('aria-label')) }
  })
})
/** The texts the session log shows message `id` queued with, in order (agent/inbox/spliced). */
const queuedTexts = async (sessionId, id) => (await h.dsh.events(sessionId))
  .filter((e) => e.type === 'agent/inbox/spliced')
  .flatMap((e) => e.data.inserted.filter((m) => m.id === id))
  .map((m) => m.content.filter((c) => c.type === 'text').map((c) => c.text).join(''))
const ACTIONS = ['Edit queued message', 'Remove queued message', 'Steer queued message']

describe('queue actions on a submission, from dsh\'s own queue row', () => {
  test('queued: an edit from the queue row is undone and a steer is put back; the Dock stays queued and the answer arrives as submitted', async () => {
    const s = await busySessionWithSurface(h, example('compare-options'))
    const { page } = await openSurfacePage(s)
    await clickInDock(page, `${DOCK} input[type=radio][value=ristretto]`)
    await page.click(SUBMIT)
    await page.waitForSelector(`${DOCK}[data-state="queued"]`)
    const [row] = await waitFor(async () => {
      const rows = await queueRows(page)
      return rows.length === 1 && rows[0].text.length > 0 ? rows : undefined
    }, { what: 'the queue row' })
    assert.match(row.text, /^Task Surface "Pick a cache for the session store" submitted:/)
    assert.deepEqual(row.actions, ACTIONS)
    const submitted = row.text

    // Edit: dsh lets the user rewrite the queued text; the shim puts the submitted text back.
    await page.click('button[aria-label="Edit queued message"]')
    await page.waitForSelector('button[aria-label="Save queued message"]')
    await page.keyboard.down('Control')
    await page.keyboard.press('a')
    await page.keyboard.up('Control')
    await page.keyboard.type('use no cache at all')
    await page.click('button[aria-label="Save queued message"]')
    const messageId = (await h.dsh.taskSurface('getActive', { sessionId: s.sessionId })).pending.messageId
    const texts = await waitFor(async () => {
      const t = await queuedTexts(s.sessionId, messageId)
      return t.length >= 3 ? t : undefined
    }, { what: 'the edit and its undoing in the log' })
    assert.deepEqual([texts[1], texts.at(-1)], ['use no cache at all', texts[0]], 'dsh took the edit; the shim put the submitted text back')
    await waitFor(async () => {
      const rows = await queueRows(page)
      return rows.length === 1 && rows[0].text === submitted
    }, { what: 'the queue row to show the submitted text' })
    assert.equal(await page.$(`${DOCK}[data-state="queued"]`) !== null, true, 'the Dock still says queued')

    // Steer: dsh moves it into the running turn; the shim puts it back in the queue.
    await page.click('button[aria-label="Steer queued message"]')
    await waitFor(async () => {
      const splices = (await h.dsh.events(s.sessionId)).filter((e) => e.type === 'agent/inbox/spliced' && e.data.inserted.some((m) => m.id === messageId))
      return splices.some((e) => e.data.target === 'next-step') && splices.at(-1).data.target === 'next-turn'
    }, { what: 'dsh to steer it and the shim to put it back in the queue' })
    await waitFor(async () => {
      const rows = await queueRows(page)
      return rows.length === 1 && rows[0].text === submitted
    }, { what: 'the steered submission back in the queue row' })
    assert.equal(await page.$(`${DOCK}[data-state="queued"]`) !== null, true, 'the Dock still says queued')
    assert.equal((await submissions(h, s.sessionId)).length, 0, 'nothing reached the running turn')

    h.llm.reply({ text: 'Ristretto it is.' })
    h.llm.release()
    await dockGone(page)
    await h.dsh.waitIdle(s.sessionId)
    const subs = await submissions(h, s.sessionId)
    assert.equal(subs.length, 1)
    assert.equal(subs[0].data.source.taskSurface.values.cache, 'ristretto')
    assert.ok(!JSON.stringify(subs[0].data.content).includes('use no cache at all'), 'the edit did not reach the model')
    await page.close()
  })

  test('claimed: the queue row is gone, so there is nothing to remove, and a remove sent from the page is refused; the Dock stays claiming and the answer arrives once', async () => {
    const s = await sessionWithSurface(h, example('compare-options'))
    const { page } = await openSurfacePage(s)
    gate.set('hold')
    const responses = []
    page.on('response', async (r) => { if (r.url().endsWith('/api/taskSurface/submit')) responses.push(await r.json().catch(() => null)) })
    await clickInDock(page, `${DOCK} input[type=radio][value=ristretto]`)
    await page.click(SUBMIT)
    await page.waitForSelector(`${DOCK}[data-state="claiming"]`, { timeout: EVENT_MS })
    const messageId = responses[0]?.result?.value?.messageId
    assert.ok(messageId, 'the submit answer names the message')
    assert.deepEqual(await queueRows(page), [], 'no queue row offers a remove once the agent took the answer')
    // What the queue row's Remove sends (session.updateQueue), from the page: dsh refuses it.
    const removed = await page.evaluate(async (body) => (await (await fetch('/api/session.updateQueue', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    })).json()).result, { type: 'client-request', rpcId: 'remove-after-claim', method: 'session.updateQueue', payload: { sessionId: s.sessionId, itemId: messageId, action: { kind: 'remove' } } })
    assert.equal(removed.ok, false, JSON.stringify(removed))
    assert.equal(removed.error.code, 'queue-item-not-found')
    // A state that is final while the gate holds the step (not "still so half a second later"):
    // the turn runs, nothing reached the log, and the Dock says claiming.
    assert.equal(await h.dsh.running(s.sessionId), true, 'the step that took the answer is held')
    assert.deepEqual(await submissions(h, s.sessionId), [], 'the answer is not in the log yet')
    assert.equal(await page.$(`${DOCK}[data-state="claiming"]`) !== null, true, 'the Dock still says claiming')

    h.llm.reply({ text: 'Ristretto it is.' })
    gate.set('open')
    await dockGone(page)
    await h.dsh.waitIdle(s.sessionId)
    assert.deepEqual((await submissions(h, s.sessionId)).map((e) => e.data.id), [messageId])
    await page.close()
  })
})
