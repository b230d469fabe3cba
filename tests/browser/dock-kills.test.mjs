// The session log is the only durable authority, seen from the Dock: the user submits from the
// Dock in Chromium, and `dsh web` is killed with SIGKILL 0, 1, 5, 20 and 100 ms after the page has
// the accepting answer, then started again on the same home and port (the page reconnects by
// itself). Every run must end one of two ways, never both and never neither:
//   - the answer is in the log exactly once and the Dock has closed; or
//   - the answer is not in the log, and the Dock shows the answers restored from its draft, says
//     plainly that they did not reach the conversation, with Submit ready.
// And nothing is sent after the restart that the user did not send again (the page waits 1.5 s
// and the log is read again).
//
// TASK_SURFACE_BROWSER_KILL_RUNS sets the runs per delay (default 20; make test runs 1,
// make release-check the full count).
import { after, test } from 'node:test'
import assert from 'node:assert/strict'
import { example, killHarness, openSurfacePage, restartHarness, sessionWithSurface, sleep, submissions, waitFor } from './support/app.mjs'
import { DOCK, SUBMIT, useSuite } from './support/suite.mjs'

let h, browser
useSuite({ onStart: (s) => ({ h, browser } = s) })
let restarted = false
after(async () => { if (restarted) await h.dsh.stop() }) // the restarted harness; the suite stops the first one

const RUNS = Number(process.env.TASK_SURFACE_BROWSER_KILL_RUNS ?? 20)
const DELAYS = [0, 1, 5, 20, 100]
const BOX = `${DOCK} textarea[data-field=constraints]`

/** What the page shows once the restarted harness has answered it: 'closed' (no Dock), 'notice'
 * (the answers back, the notice, Submit ready), or undefined while it is neither yet. */
const dockState = (page, answer) => page.evaluate((sel, answer) => {
  const dock = document.querySelector(sel)
  if (!dock) return 'closed'
  const alert = dock.querySelector('.tsf-alert')
  const box = dock.querySelector('textarea[data-field=constraints]')
  const submit = dock.querySelector('[data-action=submit]')
  const notice = alert?.dataset.tone === 'notice' && /did not reach the conversation/.test(alert.textContent)
  return notice && box?.value === answer && submit && !submit.disabled ? 'notice' : undefined
}, DOCK, answer)

/** What a wrong run leaves behind, to tell why: the page's Dock and drafts, its requests and
 * console from the kill on, and what the restarted harness holds. */
async function whatHappened(page, s, { killedAt, requests, said }) {
  const onPage = await page.evaluate((sel, sessionId) => ({
    dock: document.querySelector(sel)?.innerText.slice(0, 400) ?? null,
    drafts: localStorage.getItem(`dsh-task-surface.drafts.${sessionId}`),
  }), DOCK, s.sessionId).catch((e) => ({ page: String(e) }))
  const since = (t) => t - killedAt
  return {
    ...onPage,
    requests: requests.filter((r) => r.at >= killedAt).map((r) => `${since(r.at)} ${r.url.replace(h.dsh.url, '')}`),
    console: said.map((l) => l.replace(/^\d+/, (t) => String(since(Number(t))))),
    projection: await h.dsh.projection(s.sessionId).catch((e) => String(e)),
    getActive: await h.dsh.taskSurface('getActive', { sessionId: s.sessionId, surfaceId: s.surfaceId }).catch((e) => String(e)),
    dsh: h.dsh.output.join('').slice(-2000),
  }
}

test(`dsh killed 0, 1, 5, 20 and 100 ms after the Dock's answer was accepted, ${RUNS} times each: in the log once, or given back in the Dock; never both, never neither`, { timeout: DELAYS.length * RUNS * 90_000 }, async (t) => {
  const tally = Object.fromEntries(DELAYS.map((d) => [d, { runs: 0, delivered: 0, givenBack: 0, wrong: 0 }]))
  const wrong = []
  for (const delay of DELAYS) {
    for (let run = 0; run < RUNS; run++) {
      h.llm.reset()
      const s = await sessionWithSurface(h, example('compare-options'))
      const { page, requests } = await openSurfacePage(browser, h, s, { viewport: { width: 1280, height: 900 } })
      const said = []
      page.on('console', (m) => said.push(`${Date.now()} ${m.type()}: ${m.text()}`))
      const answer = `killed ${delay} ms after the accept (${run})`
      await page.type(BOX, answer)
      h.llm.reply({ text: 'Noted.' })
      await page.click(SUBMIT)
      await page.waitForFunction(() => performance.getEntriesByName('task-surface:submit:answered').length > 0, { timeout: 30_000 })
      if (delay > 0) await sleep(delay)
      const killedAt = Date.now()
      await killHarness(h)
      await restartHarness(h)
      restarted = true
      let state
      try {
        state = await waitFor(async () => {
          const shown = await dockState(page, answer)
          const sent = (await submissions(h, s.sessionId)).length
          if (shown === 'closed' && sent === 1) return 'delivered'
          if (shown === 'notice' && sent === 0) return 'givenBack'
          return undefined
        }, { what: `run ${delay}/${run} to settle`, timeoutMs: 45_000 })
      } catch {
        state = undefined
      }
      // Nothing more goes out by itself.
      await sleep(1500)
      const sent = (await submissions(h, s.sessionId)).length
      const shown = await dockState(page, answer)
      const row = tally[delay]
      row.runs++
      if (state === 'delivered' && sent === 1 && shown === 'closed') row.delivered++
      else if (state === 'givenBack' && sent === 0 && shown === 'notice') row.givenBack++
      else {
        row.wrong++
        wrong.push({ delay, run, state, sent, shown, ...await whatHappened(page, s, { killedAt, requests, said }) })
      }
      await page.close()
      await h.dsh.waitIdle(s.sessionId)
    }
    const r = tally[delay]
    t.diagnostic(`killed ${delay} ms after the accept: runs ${r.runs}, in the log once ${r.delivered}, given back in the Dock ${r.givenBack}, both or neither ${r.wrong}`)
  }
  for (const w of wrong) t.diagnostic(`wrong: ${JSON.stringify(w)}`)
  assert.deepEqual(wrong, [], 'every run in the log once or given back in the Dock; never both, never neither, nothing sent later')
})
