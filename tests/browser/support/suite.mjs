// What the browser suites share: one real harness (dsh web with the packed bundle and the
// scripted keyless LLM), one Chromium and the canary server per test file, the Dock's selectors,
// where screenshots go, and the checks several files make on the Dock.
import { mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { after, before } from 'node:test'
import { fileURLToPath } from 'node:url'
import { stepGate } from '../../e2e/support/harness.mjs'
import { EVENT_MS, launch } from './browser.mjs'
import { startCanary } from './canary.mjs'
import { restartHarness, startHarness } from './app.mjs'

const here = dirname(fileURLToPath(import.meta.url))
// Screenshots go to a git-ignored folder, so a test run leaves the committed ones alone;
// `make screenshots` points TASK_SURFACE_SCREENSHOTS at tests/browser/screenshots/.
export const SHOTS = process.env.TASK_SURFACE_SCREENSHOTS
  ? resolve(process.env.TASK_SURFACE_SCREENSHOTS)
  : join(here, '..', 'artifacts', 'screenshots')
mkdirSync(SHOTS, { recursive: true })

export { EVENT_MS }

export const DOCK = 'section.tsf-dock'
export const SUBMIT = `${DOCK} [data-action="submit"]`
export const DISMISS = `${DOCK} [data-action="dismiss"]`

/**
 * Start what one test file drives: the harness, Chromium and the canary server.
 * @returns {Promise<{h: any, browser: any, canary: any, stop: () => Promise<void>}>}
 */
export async function startSuite() {
  const h = await startHarness()
  const browser = await launch()
  const canary = await startCanary()
  return {
    h, browser, canary,
    async stop() {
      await browser?.close()
      await canary?.close()
      await h?.stop()
    },
  }
}

/**
 * Start one test file's suite before its tests and stop it after them (node:test hooks), and
 * hand it to onStart once it runs. With `gated`, dsh is restarted on the same home and port
 * with a step gate (tests/e2e/support/harness.mjs stepGate), left open, as `suite.gate`, so a
 * test can hold the agent's step.
 * @param {{gated?: boolean, onStart?: (suite: any) => void | Promise<void>}} [options]
 */
export function useSuite({ gated = false, onStart } = {}) {
  const suite = {}
  before(async () => {
    Object.assign(suite, await startSuite())
    if (gated) {
      suite.gate = stepGate(suite.h.home.home)
      suite.gate.set('open')
      await suite.h.dsh.stop()
      await restartHarness(suite.h, suite.gate)
    }
    await onStart?.(suite)
  })
  after(async () => {
    suite.gate?.set('open')
    if (gated) await suite.h?.dsh.stop() // the restarted harness; suite.stop() ends the first one
    await suite.stop?.()
  })
  return suite
}

export const dockGone = (page) => page.waitForSelector(DOCK, { hidden: true, timeout: EVENT_MS })

export const userBubble = (page, text) => page.waitForFunction(
  (text) => [...document.querySelectorAll('[data-chat-flow-kind="user"]')].some((e) => e.innerText.includes(text)),
  { timeout: EVENT_MS }, text)

export const composerHasFocus = (page) => page.evaluate(() => {
  const el = document.activeElement
  return el?.tagName === 'TEXTAREA' && el.closest('[data-task-surface-dock]') === null
})

export const submitRequests = (requests) => requests.filter((r) => r.url.endsWith('/api/taskSurface/submit'))
export const submissionIdOf = (request) => JSON.parse(request.body).payload.args.submissionId

/** Every interactive node of the Dock's accessibility tree that has no name. */
export async function unnamedControls(page) {
  const root = await page.$(DOCK)
  const tree = await page.accessibility.snapshot({ root, interestingOnly: true })
  const roles = new Set(['button', 'textbox', 'radio', 'checkbox', 'switch', 'listitem', 'region', 'combobox'])
  const out = []
  const walk = (n) => {
    if (!n) return
    if (roles.has(n.role) && !(n.name ?? '').trim()) out.push(n.role)
    for (const c of n.children ?? []) walk(c)
  }
  walk(tree)
  return out
}

/** Every control of the Dock that is still enabled, except the view's own: the collapse toggle
 * and the cue that scrolls to the questions (neither sends anything). */
export const enabledControls = (page) => page.evaluate((sel) => [...document.querySelectorAll(`${sel} input, ${sel} textarea, ${sel} button, ${sel} li[tabindex]`)]
  .filter((e) => !e.classList.contains('tsf-collapse') && e.getAttribute('data-action') !== 'to-questions')
  .filter((e) => e.getAttribute('aria-disabled') !== 'true' && (e.tagName === 'LI' || (!e.disabled && !e.closest('fieldset:disabled'))))
  .map((e) => e.getAttribute('data-action') ?? e.getAttribute('data-field') ?? e.getAttribute('data-option') ?? e.tagName), DOCK)

/**
 * The words of the labels `selector` matches that are drawn over more than one line (cut inside
 * the word), each with whether the word alone is wider than its label: a label wraps between
 * words, and inside one only when that word has no room (a matrix row's test name at 360 px).
 */
export const cutWords = (page, selector) => page.$$eval(selector, (labels) => labels.flatMap((l) => {
  const node = l.firstChild
  return [...node.textContent.matchAll(/\S+/g)].flatMap((m) => {
    const range = document.createRange()
    range.setStart(node, m.index)
    range.setEnd(node, m.index + m[0].length)
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
    const probe = document.createElement('span')
    probe.textContent = m[0]
    probe.style.whiteSpace = 'nowrap'
    l.append(probe)
    const wide = probe.getBoundingClientRect().width > l.clientWidth + 0.5
    probe.remove()
    return lines > 1 ? [{ word: m[0], wide }] : []
  })
}))
