// The claiming phase and fork as a user sees them in the Dock, in Chromium against the real dsh.
// The harness restarts once with the test-only step gate (tests/e2e/support/harness.mjs
// stepGate), which holds the step that took a submission before dsh writes it to the log.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { clickInDock, TOOL, dockReady, example, openSurfacePage as openSurface, selectSession, sessionWithSurface, submissions, waitFor } from './support/app.mjs'
import { DOCK, SHOTS, SUBMIT, dockGone, enabledControls, useSuite } from './support/suite.mjs'

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
    await page.waitForSelector(`${DOCK}[data-state="claiming"]`, { timeout: 30_000 })
    assert.match(await statusText(page), /taking your answer/)
    assert.deepEqual(await enabledControls(page), [], 'nothing can change while the agent takes the answer')
    assert.equal((await submissions(h, s.sessionId)).length, 0, 'not durable yet')
    await page.screenshot({ path: join(SHOTS, 'dock-claiming.png') })

    await page.reload({ waitUntil: 'domcontentloaded' })
    await page.waitForSelector('textarea')
    await selectSession(page, s.title)
    await page.waitForSelector(`${DOCK}[data-state="claiming"]`, { timeout: 30_000 })
    assert.deepEqual(await enabledControls(page), [])
    assert.equal(await checkedCache(page), 'ristretto')

    gate.set('reject')
    await page.waitForSelector(`${DOCK}[data-state="editing"]`, { timeout: 30_000 })
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
