// The harness side of a browser test: one `dsh web` with the bundle installed and a scripted
// LLM, sessions whose model opens a surface, and the page operations a user performs.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeLlm } from '../../e2e/support/fake-llm.mjs'
import { Dsh, REPO, makeHome, removeHome, sleep, waitFor } from '../../e2e/support/harness.mjs'
import { packWithClient } from './bundle.mjs'
import { EVENT_MS, openPage } from './browser.mjs'

export const TOOL = 'show_task_surface'

/** An example model from examples/surfaces. */
export const example = (name) => JSON.parse(readFileSync(join(REPO, 'examples', 'surfaces', `${name}.json`), 'utf8'))

/**
 * Boot the harness once: the fake LLM, a home with the bundle, `dsh web` (with `patches`, patch
 * layers such as examples/demo/limits.patch.yml, and `env`, extra environment for dsh). A
 * watchdog stops dsh when this process is gone, however it ended (a killed test run must not
 * leave it up).
 */
export async function startHarness({ patches = [], env = {} } = {}) {
  const llm = await startFakeLlm()
  const { tarball } = await packWithClient()
  const home = await makeHome(tarball)
  const dsh = await Dsh.start({ home: home.home, workspace: home.workspace, llmUrl: llm.url, patches, env })
  const watchdog = watch(dsh)
  return {
    llm, home, dsh,
    /** Stop everything; the home goes too unless TASK_SURFACE_KEEP_HOME is set (to debug). */
    async stop() {
      await dsh.stop()
      await llm.close()
      watchdog.kill()
      if (!process.env.TASK_SURFACE_KEEP_HOME) removeHome(home.home)
    },
  }
}

/** A watchdog that stops `dsh` once this process is gone, however it ended. */
function watch(dsh) {
  const watchdog = spawn('sh', ['-c', `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; kill -TERM ${dsh.child.pid} 2>/dev/null`], { detached: true, stdio: 'ignore' })
  watchdog.unref()
  return watchdog
}

/** What a crash does to the harness: SIGKILL the running `dsh web`, then wait until it is gone. */
export async function killHarness(h) {
  h.dsh.child.kill('SIGKILL')
  await h.dsh.exited
}

/**
 * Start `dsh web` again on the same home, workspace and port, as a user restarts it after a
 * crash: pages already open reconnect by themselves. `patches` and `env` as for Dsh.start (the
 * step gate's, say). `h.dsh` becomes the new process (watched like the first); the test stops it
 * (`h.dsh.stop()`) before the suite's stop.
 */
export async function restartHarness(h, { patches = [], env = {} } = {}) {
  const port = Number(new URL(h.dsh.url).port)
  h.dsh = await Dsh.start({ home: h.home.home, workspace: h.home.workspace, llmUrl: h.llm.url, port, patches, env })
  watch(h.dsh)
  return h.dsh
}

let titles = 0

/**
 * A new session whose model calls show_task_surface with `model` (plus `alsoCall` in the same
 * step, and `thenReply` scripted after it). Unless `busy`, it waits for the turn to end. The
 * session gets a unique title, so the sidebar can find it.
 */
export async function sessionWithSurface(h, model, { alsoCall = [], thenReply = [], busy = false, prompt = 'Please ask me in a panel.', title } = {}) {
  const sessionId = await h.dsh.createSession(h.home.workspace)
  h.llm.reply({ toolCalls: [{ name: TOOL, arguments: { model } }, ...alsoCall] })
  for (const r of thenReply) h.llm.reply(r)
  const res = await h.dsh.prompt(sessionId, prompt)
  if (!res.ok) throw new Error(`prompt: ${JSON.stringify(res)}`)
  const active = await waitFor(async () => (await h.dsh.projection(sessionId))?.active, { what: 'the surface to open' })
  if (!busy) await h.dsh.waitIdle(sessionId)
  // The title model answers the first prompt; name the session only after it did.
  await waitFor(async () => {
    const { items } = await h.dsh.value('session.list', {})
    return items.find((s) => s.sessionId === sessionId)?.projections?.values?.title
  }, { what: 'the session title' })
  const name = title ?? `Surface ${++titles} ${sessionId.slice(-6)}`
  await h.dsh.value('session.rename', { sessionId, title: name })
  return { sessionId, title: name, ...active }
}

/**
 * A surface opened by a turn that stays busy: the same step starts a child agent whose reply the
 * scripted LLM holds until `h.llm.release()`, so a submission waits in dsh's queue. `alsoCall`
 * adds more calls to that step.
 */
export async function busySessionWithSurface(h, model, { alsoCall = [] } = {}) {
  const s = await sessionWithSurface(h, model, {
    alsoCall: [{ name: 'subagent', arguments: { description: 'busy', prompt: 'Stay busy.', run_in_background: false } }, ...alsoCall],
    thenReply: [{ text: 'child finished', hold: true }],
    busy: true,
  })
  await waitFor(() => h.llm.held() === 1, { what: 'the busy turn' })
  return s
}

/** Load the web client (optionally dark, zh) and wait for the sidebar. */
export async function openApp(page, h, { dark = false, zh = false } = {}) {
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: dark ? 'dark' : 'light' }])
  if (zh) {
    await page.evaluateOnNewDocument(() => {
      Object.defineProperty(navigator, 'language', { get: () => 'zh-CN' })
      Object.defineProperty(navigator, 'languages', { get: () => ['zh-CN', 'zh'] })
    })
  }
  await page.goto(h.dsh.url, { waitUntil: 'domcontentloaded' })
  await page.waitForSelector('textarea', { timeout: EVENT_MS })
}

/** Click the leaf element whose whole text is `text`; returns whether there was one. */
export function clickText(page, text) {
  return page.evaluate((text) => {
    const el = [...document.querySelectorAll('body *')].find((e) => e.children.length === 0 && e.textContent.trim() === text)
    el?.click()
    return el !== undefined
  }, text)
}

/** Select a session in the sidebar (expanding its workspace group when needed). */
export async function selectSession(page, title) {
  await waitFor(async () => {
    if (await clickText(page, title)) return true
    await clickText(page, 'Ungrouped')
    await clickText(page, '未分组')
    await sleep(300)
    return clickText(page, title)
  }, { what: `session "${title}" in the sidebar`, timeoutMs: EVENT_MS })
  await page.waitForFunction((title) => document.body.innerText.includes(title), { timeout: EVENT_MS }, title)
}

/**
 * In the page (`handle.evaluate(untilSteady)`): resolves with `el`'s box once it has kept its
 * place and size for three frames in a row. A click goes where the element was when the mouse
 * moved, and on a loaded machine the page may still be moving it.
 */
export const untilSteady = (el) => new Promise((resolve) => {
  let last = ''
  let same = 0
  const frame = () => {
    const r = el.getBoundingClientRect()
    const now = `${r.top},${r.left},${r.width},${r.height}`
    same = now === last ? same + 1 : 0
    last = now
    if (same >= 3) resolve({ top: r.top, left: r.left, width: r.width, height: r.height })
    else requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
})

/** Wait until the Dock shows the editor of a surface (not loading) and return its handle. */
export async function dockReady(page, surfaceId) {
  const sel = surfaceId ? `section.tsf-dock[data-surface-id="${surfaceId}"]` : 'section.tsf-dock'
  const dock = await page.waitForSelector(`${sel}[data-state="editing"]`, { visible: true, timeout: EVENT_MS })
  // The progress line follows the plugin's check, which the Dock asks for as it opens.
  await page.waitForFunction((sel) => {
    const d = document.querySelector(sel)
    return d && (!d.querySelector('.tsf-form > .tsf-field') || d.querySelector('[data-progress]'))
  }, { timeout: EVENT_MS }, sel)
  // Steady first: the page may still be laying out the transcript beside it, and a click meant
  // for one option landed on the next.
  await dock.evaluate(untilSteady)
  return dock
}

/**
 * Click a control inside the Dock's scrolling body as a user does: bring it into view, wait until
 * it is steady, then click it. Scrolling the body moves things under the pointer for a moment
 * (the "Questions below" cue leaves once the first question is in view, and parts that were
 * off-screen get their real height), and a click aimed at one option of a choice landed on the
 * option above it.
 */
export async function clickInDock(page, selector) {
  const el = await page.waitForSelector(selector, { visible: true, timeout: EVENT_MS })
  await el.evaluate((e) => e.scrollIntoView({ block: 'center' }))
  await el.evaluate(untilSteady)
  await el.click()
}

/** The submitted user messages of a session (source.taskSurface present). */
export async function submissions(h, sessionId) {
  const events = await h.dsh.events(sessionId)
  return events.filter((e) => e.type === 'user/message' && e.data.source?.kind === 'user' && e.data.source.taskSurface)
}

/** Dismissal command runs of a session. */
export async function dismissals(h, sessionId) {
  const events = await h.dsh.events(sessionId)
  return events.filter((e) => e.type === 'command/run' && e.data.name === 'task-surface')
}

/** The element that has focus, described. */
export function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return { tag: 'body' }
    return {
      tag: el.tagName.toLowerCase(),
      type: el.getAttribute('type'),
      name: el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? el.textContent?.trim().slice(0, 80),
      inDock: el.closest('[data-task-surface-dock]') !== null,
      field: el.closest('[data-field]')?.getAttribute('data-field') ?? null,
      option: el.getAttribute('data-option'),
      action: el.getAttribute('data-action'),
      placeholder: el.getAttribute('placeholder'),
    }
  })
}

/** Press Tab (or Shift+Tab) until `match(focused)` holds; fails after `max` presses. */
export async function tabUntil(page, match, { back = false, max = 40 } = {}) {
  for (let i = 0; i < max; i++) {
    if (back) {
      await page.keyboard.down('Shift')
      await page.keyboard.press('Tab')
      await page.keyboard.up('Shift')
    } else {
      await page.keyboard.press('Tab')
    }
    const f = await focused(page)
    if (match(f)) return f
  }
  throw new Error(`focus never reached the target after ${max} ${back ? 'Shift+Tab' : 'Tab'} presses`)
}

/**
 * Show a session on a page that is already open, as a user does from the sidebar: open the
 * sidebar when it is folded away (360 px), unfold the group and its "Show N more sessions"
 * (dsh lists five), then click the session.
 */
export async function showSession(page, s) {
  await waitFor(async () => {
    const step = await page.evaluate((title) => {
      const leaves = [...document.querySelectorAll('body *')].filter((e) => e.children.length === 0)
      const session = leaves.find((e) => e.textContent.trim() === title && e.closest('button')?.getAttribute('aria-haspopup') == null)
      if (session) { session.click(); return 'session' }
      const open = document.querySelector('button[aria-label="Open sidebar"], button[aria-label="打开侧边栏"]')
      if (open) { open.click(); return 'sidebar' }
      const more = [...document.querySelectorAll('button')].find((b) => /^(Show \d+ more sessions|展开其余 \d+ 个会话)$/.test(b.textContent.trim()))
      if (more) { more.click(); return 'more' }
      leaves.find((e) => /^(Ungrouped|未分组)$/.test(e.textContent.trim()))?.click()
      return 'group'
    }, s.title)
    if (step === 'session') return true
    await sleep(200)
    return false
  }, { what: `session "${s.title}" in the sidebar`, timeoutMs: EVENT_MS })
  await dockReady(page, s.surfaceId)
}

/** A new page on the app with the session selected and its Dock ready. */
export async function openSurfacePage(browser, h, s, options = {}) {
  const p = await openPage(browser, options.viewport)
  await openApp(p.page, h, options)
  await selectSession(p.page, s.title)
  await dockReady(p.page, s.surfaceId)
  return p
}

/** The durations of the Dock's render measure of `surfaceId` (useEditor.ts), once there is one:
 * the measure ends in the frame after the render. */
export async function dockRenderTimes(page, surfaceId, { timeout = EVENT_MS } = {}) {
  const times = await page.waitForFunction((id) => {
    const entries = performance.getEntriesByName(`task-surface:dock-render:${id}`)
    return entries.length > 0 && entries.map((e) => e.duration)
  }, { timeout }, surfaceId)
  return times.jsonValue()
}

/** Focus the composer's text box (where a keyboard user already is after typing a prompt). */
export const focusComposer = (page) => page.evaluate(() => [...document.querySelectorAll('textarea')].find((t) => t.closest('[data-task-surface-dock]') === null).focus())

/** The name of the page's CPU profile of one send (watchSend with `profile`). */
export const SEND_PROFILE = 'task-surface:send'

/**
 * Start timing a send: `start` is when `trigger` (a click on `clickSelector`, or an Enter key
 * anywhere when it is null) happens, `locked` the first painted frame after the Dock leaves its
 * editing state, `dom` the moment a user bubble holding `marker` is in the transcript and `bubble`
 * the first painted frame after it. Resolve the numbers with readSendTiming. With `profile`, the
 * page's CPU profile SEND_PROFILE (console.profile) runs from `start` to `bubble` exactly; a CDP
 * session with the Profiler enabled receives it (Profiler.consoleProfileFinished).
 */
export function watchSend(page, { clickSelector = null, marker, profile = false }) {
  return page.evaluate((clickSelector, marker, profile, name) => {
    const t = (window.__sendTiming = {})
    const begin = () => {
      t.start = performance.now()
      if (profile) console.profile(name)
    }
    const paint = (key) => requestAnimationFrame(() => {
      t[key] = performance.now()
      if (profile && key === 'bubble') console.profileEnd(name)
    })
    if (clickSelector) document.querySelector(clickSelector).addEventListener('click', begin, { capture: true, once: true })
    else document.addEventListener('keydown', (e) => { if (e.key === 'Enter') begin() }, { capture: true, once: true })
    const dock = document.querySelector('section.tsf-dock')
    if (dock) {
      const locked = new MutationObserver(() => { if (dock.dataset.state !== 'editing') { locked.disconnect(); paint('locked') } })
      locked.observe(dock, { attributes: true, attributeFilter: ['data-state'] })
    }
    // textContent, not innerText: this runs at every change of the page, and innerText would
    // lay the page out each time, slowing the very thing it times.
    const seen = new MutationObserver(() => {
      if ([...document.querySelectorAll('[data-chat-flow-kind="user"]')].some((e) => e.textContent.includes(marker))) {
        seen.disconnect()
        t.dom = performance.now()
        paint('bubble')
      }
    })
    seen.observe(document.body, { childList: true, subtree: true, characterData: true })
  }, clickSelector, marker, profile, SEND_PROFILE)
}

/** The timings watchSend recorded, once the bubble was painted. */
export async function readSendTiming(page) {
  return (await page.waitForFunction(() => window.__sendTiming.bubble && window.__sendTiming, { timeout: EVENT_MS })).jsonValue()
}

export { sleep, waitFor }
