// Debian's Chromium, driven by puppeteer-core, with a log of every request the page makes.
import puppeteer from 'puppeteer-core'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { CACHE, sleep, waitFor } from '../../e2e/support/harness.mjs'

/** How long a test waits for an event the harness or the page will bring (a check answered, a
 * surface closed, a row redrawn): long, because a busy machine may take its time; a test never
 * asserts that something happens within a shorter wall-clock budget. */
export const EVENT_MS = Number(process.env.TASK_SURFACE_EVENT_MS ?? 180_000)

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium'

/** Launch a headless Chromium with a new empty profile; close() removes the profile. */
export async function launch() {
  const root = join(CACHE, 'browser-profiles')
  mkdirSync(root, { recursive: true })
  const profile = mkdtempSync(join(root, 'chromium-'))
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: profile,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--lang=en-US', '--force-color-profile=srgb', '--font-render-hinting=none',
    ],
  })
  const close = browser.close.bind(browser)
  browser.close = async () => {
    try { await close() } finally { rmSync(profile, { recursive: true, force: true }) }
  }
  return browser
}

/**
 * A page with a request log: every URL the page asks for, in order, with the time. Also
 * collects page errors and console errors.
 */
export async function openPage(browser, { width = 1280, height = 860, deviceScaleFactor = 1 } = {}) {
  const page = await browser.newPage()
  page.setDefaultTimeout(EVENT_MS)
  await page.setViewport({ width, height, deviceScaleFactor })
  const requests = []
  const errors = []
  page.on('request', (r) => {
    const entry = { url: r.url(), type: r.resourceType(), at: Date.now() }
    if (r.url().includes('/api/taskSurface/')) entry.body = r.postData()
    requests.push(entry)
  })
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`) })
  // New windows (a link the user activates) log their requests too.
  browser.on('targetcreated', async (target) => {
    const p = await target.page().catch(() => null)
    p?.on('request', (r) => requests.push({ url: r.url(), type: r.resourceType(), at: Date.now(), popup: true }))
  })
  return { page, requests, errors }
}

/** Wait for a selector to match a visible element and return its handle. */
export async function visible(page, selector, timeout = 20_000) {
  return page.waitForSelector(selector, { visible: true, timeout })
}

/** Poll a function in the page until it returns a truthy value. */
export function pageWait(page, fn, arg, { timeoutMs = 20_000, what = 'page condition' } = {}) {
  return waitFor(() => page.evaluate(fn, arg), { timeoutMs, what, intervalMs: 50 })
}

export { sleep }

/**
 * Resolves once the page's main thread has been idle for three idle periods in a row of 40 ms or
 * more (requestIdleCallback), so that a send does not start while the page is still busy with
 * what came before it (opening the page, switching sessions, typing): the Dock's lock, painted
 * 11.4 ms after the click when it did, was painted after 6.3 ms once it did not.
 */
export const pageQuiet = (page) => page.evaluate(() => new Promise((resolve) => {
  let quiet = 0
  const next = () => requestIdleCallback((deadline) => {
    quiet = deadline.timeRemaining() >= 40 ? quiet + 1 : 0
    if (quiet >= 3) resolve()
    else next()
  })
  next()
}))
