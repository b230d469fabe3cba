// The Dock on a page restored from the back/forward cache, in Chromium against the real dsh: a
// page restored from the cache must either work or say that it must be reloaded. dsh's page is
// restored from the cache (the test asserts that `pageshow` said persisted: if a later Chromium or
// dsh stops restoring it, this test says so instead of passing on a fresh load), and the Dock on
// it works with no code of its own: the answer chosen before leaving is still chosen, Submit
// sends it once, and a surface dismissed while the page was away is gone when it comes back.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { clickInDock, example, openApp, sessionWithSurface, showSession, submissions } from './support/app.mjs'
import { openPage } from './support/browser.mjs'
import { DOCK, SUBMIT, dockGone, useSuite, EVENT_MS } from './support/suite.mjs'

let h, browser
useSuite({ onStart: (s) => ({ h, browser } = s) })

/** Leave the page for another document, run `meanwhile`, come back, and wait for the page's
 * `pageshow`: returns whether it was restored from the cache (persisted). */
async function awayAndBack(page, meanwhile = async () => {}) {
  const shows = await page.evaluate(() => window.__shows.length)
  await page.goto('data:text/html,<p>elsewhere</p>')
  await meanwhile()
  await page.goBack()
  await page.waitForFunction((n) => window.__shows?.length > n, { timeout: EVENT_MS }, shows)
  return page.evaluate(() => window.__shows.at(-1))
}

test('restored from the back/forward cache, the Dock works: the answer chosen before leaving is sent once; a surface dismissed while away is gone', async () => {
  const s = await sessionWithSurface(h, example('compare-options'))
  const away = await sessionWithSurface(h, example('compare-options'))
  const { page } = await openPage(browser, { width: 1280, height: 800 })
  await page.evaluateOnNewDocument(() => addEventListener('pageshow', (e) => { window.__shows = [...(window.__shows ?? []), e.persisted] }))
  await openApp(page, h)
  await showSession(page, s)
  await clickInDock(page, `${DOCK} input[type=radio][value=ristretto]`)
  assert.equal(await awayAndBack(page), true, 'dsh\'s page came back from the back/forward cache (pageshow persisted)')
  assert.equal(await page.$eval(`${DOCK} input[type=radio][value=ristretto]`, (e) => e.checked), true, 'the answer is as it was left')
  await page.click(SUBMIT)
  await dockGone(page)
  await h.dsh.waitIdle(s.sessionId, EVENT_MS)
  assert.deepEqual((await submissions(h, s.sessionId)).map((e) => e.data.source.taskSurface.values.cache), ['ristretto'], 'sent once')

  // Dismissed from elsewhere while the page was in the cache: back, the page learns it.
  await showSession(page, away)
  const restored = await awayAndBack(page, async () => {
    const r = await h.dsh.taskSurface('dismiss', { sessionId: away.sessionId, surfaceId: away.surfaceId, dismissalId: 'dis-while-away' })
    assert.equal(r.dismissed, true)
  })
  assert.equal(restored, true, 'restored from the cache again')
  await dockGone(page)
  assert.equal((await h.dsh.projection(away.sessionId)).active, null)
  await page.close()
})
