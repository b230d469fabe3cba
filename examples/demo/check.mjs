// The demo's check mode: drives a running demo in headless Chromium (Debian's, through
// puppeteer-core) as a user would, once per surface, each in a session of its own:
//   open the page (the client bundle's apply ran: its stylesheet is in the page), start a new
//   session, type a message into the composer and send it, wait for the Dock, fill every field,
//   submit, and see the user bubble with the answers, the Dock close, the scripted model's reply
//   quoting them, and the session named after the surface.
// Returns one result per surface; the caller decides the exit code.
import puppeteer from 'puppeteer-core'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium'

const DOCK = 'section.tsf-dock'
const EDITING = `${DOCK}[data-state="editing"]`
const REPLY = 'Thanks, this is what I received'
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** Launch Chromium with a new empty profile under `scratch`; close() removes it. */
export async function launchChromium(scratch) {
  mkdirSync(scratch, { recursive: true })
  const profile = mkdtempSync(join(scratch, 'chromium-'))
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: profile,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--lang=en-US'],
  })
  const close = browser.close.bind(browser)
  browser.close = async () => {
    try { await close() } finally { rmSync(profile, { recursive: true, force: true }) }
  }
  return browser
}

/** The texts of the transcript entries: the user's (user: true) or the others'. */
function entries(page, user) {
  return page.evaluate((user) => [...document.querySelectorAll('[data-chat-flow-kind]')]
    .filter((e) => (e.getAttribute('data-chat-flow-kind') === 'user') === user).map((e) => e.innerText), user)
}

/** Wait until more than `after` transcript entries of the kind contain `text`; returns the last. */
async function bubbleWith(page, { user, text, after = 0, timeout = 30_000 }) {
  const handle = await page.waitForFunction((user, text, after) => {
    const found = [...document.querySelectorAll('[data-chat-flow-kind]')]
      .filter((e) => (e.getAttribute('data-chat-flow-kind') === 'user') === user && e.innerText.includes(text))
    return found.length > after ? found.at(-1).innerText : false
  }, { timeout, polling: 100 }, user, text, after)
  return handle.jsonValue()
}

/** How many transcript entries of the kind contain `text` now. */
async function countWith(page, user, text) {
  return (await entries(page, user)).filter((t) => t.includes(text)).length
}

/** Start a new session as a user does: the sidebar's "New Session" button. */
async function newSession(page) {
  await page.evaluate(() => [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'New Session')?.click())
  await page.waitForFunction(() => document.querySelectorAll('[data-chat-flow-kind]').length === 0, { timeout: 30_000 })
}

/** Wait until the page names the session `title` outside the conversation and the panel (the
 * sidebar, the session's header). */
function sessionNamed(page, title) {
  return page.waitForFunction((title) => [...document.querySelectorAll('body *')].some((e) => e.children.length === 0 && e.textContent.trim() === title
    && !e.closest('[data-chat-flow-kind], [data-task-surface-dock], [data-task-surface-row]')), { timeout: 30_000, polling: 200 }, title)
}

/** Load the app and wait until the composer is there and the Task Surface client applied. */
export async function openApp(page, url) {
  await page.goto(url, { waitUntil: 'domcontentloaded' })
  await page.waitForSelector('textarea', { visible: true, timeout: 60_000 })
  // The client bundle's apply adds its stylesheet; the Dock and the row register with it.
  await page.waitForSelector('style[data-plugin="dsh-task-surface"]', { timeout: 30_000 })
  await sleep(1_000)
}

/** The composer's text box (the Dock has text boxes of its own). */
function composer(page) {
  return page.evaluateHandle(() => [...document.querySelectorAll('textarea')].find((t) => t.closest('[data-task-surface-dock]') === null))
}

/**
 * Type a message into the composer and send it; resolves once the user bubble shows it. The
 * composer takes a moment to hydrate after it appears, and text typed before that is lost, so
 * a message that never shows up is typed again (at most three times).
 */
export async function sendMessage(page, text) {
  for (let attempt = 1; ; attempt++) {
    const box = await composer(page)
    await box.click()
    await box.evaluate((t) => t.select())
    await page.keyboard.type(text)
    await page.keyboard.press('Enter')
    try {
      await bubbleWith(page, { user: true, text, timeout: 30_000 })
      return
    } catch (err) {
      if (attempt === 3) throw new Error(`the message "${text}" never appeared as a user bubble: ${err.message}`)
    }
  }
}

/**
 * Click a control as a user does: itself, or its label when the control is drawn hidden. Then
 * look, as a user would, that it changed (checked, or its switch state), and click once more if a
 * layout shift made the click land beside it; a control that does not change is an error.
 */
async function clickControl(page, selector) {
  const stateOf = () => page.$eval(selector, (e) => String(e.checked ?? e.getAttribute('aria-checked')))
  const before = await stateOf().catch(() => null)
  if (before === null) throw new Error(`no ${selector} in the Dock`)
  for (let attempt = 1; ; attempt++) {
    const handle = await page.$(selector)
    const target = await handle.evaluateHandle((e) => {
      const r = e.getBoundingClientRect()
      return r.width > 4 && r.height > 4 ? e : (e.closest('label') ?? e)
    })
    await target.click()
    try {
      await page.waitForFunction((sel, was) => String(document.querySelector(sel)?.checked ?? document.querySelector(sel)?.getAttribute('aria-checked')) !== was,
        { timeout: attempt === 1 ? 3_000 : 10_000 }, selector, before)
      return
    } catch {
      if (attempt === 2) throw new Error(`clicking ${selector} did not change it`)
    }
  }
}

/** Click into a box of the Dock, select what is there (Ctrl+A) and type `text` over it. */
async function typeInto(page, selector, text) {
  await page.click(selector)
  await page.keyboard.down('Control')
  await page.keyboard.press('a')
  await page.keyboard.up('Control')
  await page.keyboard.type(text)
}

/** A number on the field's grid, inside its bounds: the middle of the range, or 42. */
function numberFor(field) {
  // A bound that names another field ({"field": id}) is that field's answer: the demo stays
  // inside the literal bounds and leaves the named ones to the fields the model pairs.
  const lo = typeof field.min === 'number' ? field.min : 0
  const step = field.step ?? 1
  if (typeof field.max !== 'number') return lo + 42 * step
  return lo + Math.floor((field.max - lo) / step / 2) * step
}

/**
 * Fill every field of `model` in the open Dock as a user would: pick another option (or write
 * an answer of one's own when the field allows one), add a choice, flip a switch, move the first
 * item down, answer every row of a matrix, type into text boxes, type a number and a date, rate,
 * add a tag, move a step of an allocation; skip a question its condition hides. A text field with
 * a pattern keeps its initial value (only the plugin runs the pattern).
 * @returns {Promise<string[]>} texts the submission must show (labels, chosen options, typed text)
 */
export async function fillFields(page, model) {
  const expect = []
  const days = {} // the dates typed so far, by field id: what a bound that names one reads
  for (const [i, field] of model.fields.entries()) {
    const scope = `${EDITING} [data-field="${field.id}"]`
    // A question its condition hides (when) is not drawn and not sent: the answers given so far
    // decide which are, as they do for a person.
    await page.evaluate(() => new Promise(requestAnimationFrame))
    if (field.when !== undefined && (await page.$(scope)) === null) continue
    expect.push(field.label)
    switch (field.kind) {
      case 'text': {
        if (field.pattern !== undefined) {
          // Only the plugin knows what matches; the demo keeps the model's own initial value.
          if (field.initial === undefined) throw new Error(`the demo check cannot answer "${field.label}" (a pattern and no initial value)`)
          expect.push(field.initial)
          break
        }
        const typed = `Demo answer ${i + 1}`.slice(0, field.maxLength)
        await page.click(scope)
        await page.keyboard.type(typed)
        expect.push(typed)
        break
      }
      case 'choice': {
        if (field.allowOther) {
          const own = `My own answer ${i + 1}`
          await clickControl(page, `${scope} input[data-other]`)
          await typeInto(page, `${scope} input[data-other-text]`, own)
          expect.push(own)
          break
        }
        const pick = field.options.filter((o) => o.id !== field.initial).at(-1)
        await clickControl(page, `${scope} input[type=radio][value="${pick.id}"]`)
        expect.push(pick.label)
        break
      }
      case 'multi-choice': {
        const pick = field.options.filter((o) => !(field.initial ?? []).includes(o.id)).at(-1)
        await clickControl(page, `${scope} input[type=checkbox][value="${pick.id}"]`)
        expect.push(pick.label)
        if (field.allowOther) {
          const own = `Also mine ${i + 1}`
          await clickControl(page, `${scope} input[data-other]`)
          await typeInto(page, `${scope} input[data-other-text]`, own)
          expect.push(own)
        }
        break
      }
      case 'number': {
        const n = numberFor(field)
        await typeInto(page, scope, String(n))
        expect.push(field.unit ? `${n} ${field.unit}` : String(n))
        break
      }
      case 'date': {
        const min = typeof field.min === 'string' ? field.min : days[field.min?.field]
        const day = min ?? field.initial ?? '2026-12-01'
        days[field.id] = day
        const [y, m, d] = day.split('-')
        await page.focus(scope) // its first segment (a click lands on whichever segment is under it)
        await page.keyboard.type(`${m}${d}${y}`) // the en-US order of the date box's segments
        expect.push(day)
        break
      }
      case 'scale': {
        const hi = field.max ?? 5
        await clickControl(page, `${scope} input[type=radio][value="${hi}"]`)
        expect.push(`${hi} on a scale of`)
        break
      }
      case 'tags': {
        const tag = `demo-tag-${i + 1}`
        await page.click(`${scope} .tsf-tags__input`)
        await page.keyboard.type(tag)
        await page.keyboard.press('Enter')
        expect.push(tag)
        break
      }
      case 'toggle':
        await clickControl(page, scope)
        break
      case 'matrix': {
        // One answer per row, the rows taking the options in turn.
        for (const [r, row] of field.rows.entries()) {
          const pick = field.options[(r + 1) % field.options.length]
          await clickControl(page, `${scope} [data-row="${row.id}"] input[type=radio][value="${pick.id}"]`)
          expect.push(`${row.label}: ${pick.label}`)
        }
        break
      }
      case 'order': {
        const first = await page.$(`${scope} li[data-option]`)
        await first.focus()
        await page.keyboard.down('Alt')
        await page.keyboard.press('ArrowDown')
        await page.keyboard.up('Alt')
        break
      }
      case 'allocation': {
        // Move one step from the first option to the second, keeping the total placed.
        const amounts = field.options.map((o) => field.initial?.[o.id] ?? 0)
        const step = field.step ?? 1
        if (amounts[0] < step) amounts[0] = field.total, amounts.fill(0, 1)
        amounts[0] -= step
        amounts[1] += step
        const boxes = await page.$$(`${scope} input[type=number]`)
        for (const [k, box] of boxes.entries()) {
          await box.focus()
          await page.keyboard.down('Control')
          await page.keyboard.press('a')
          await page.keyboard.up('Control')
          await page.keyboard.type(String(amounts[k]))
        }
        const unit = field.unit ? ` ${field.unit}` : ''
        expect.push(...field.options.map((o, k) => `${o.label}: ${amounts[k]}${unit}`))
        break
      }
      default:
        throw new Error(`the demo check does not know how to fill a ${field.kind} field`)
    }
  }
  return expect
}

/**
 * One surface, end to end, in an open page.
 * @returns {Promise<{surface: string, ok: boolean, ms: number, detail: string}>}
 */
export async function checkSurface(page, { name, model }, index) {
  const started = Date.now()
  const step = { now: 'start a session' }
  try {
    if (index > 0) await newSession(page)
    step.now = 'send a message'
    await sendMessage(page, `Demo check ${index + 1}: show me ${name}`)
    step.now = 'wait for the Dock'
    const dock = await page.waitForSelector(EDITING, { visible: true, timeout: 30_000 })
    const shown = await dock.evaluate((e) => e.innerText)
    if (!shown.includes(model.title)) throw new Error(`the Dock does not show the title "${model.title}"`)
    step.now = 'fill the fields'
    const expect = await fillFields(page, model)
    step.now = 'submit'
    const submitted = `Task Surface "${model.title}" submitted`
    const before = { bubbles: await countWith(page, true, submitted), replies: await countWith(page, false, REPLY) }
    await page.click(`${EDITING} [data-action="submit"]`)
    step.now = 'see the user bubble'
    await bubbleWith(page, { user: true, text: submitted, after: before.bubbles })
    step.now = 'see the Dock close'
    await page.waitForSelector(DOCK, { hidden: true, timeout: 30_000 })
    step.now = 'see the reply'
    const reply = await bubbleWith(page, { user: false, text: REPLY, after: before.replies })
    const missing = expect.filter((t) => !reply.includes(t))
    if (missing.length > 0) throw new Error(`the reply does not quote ${missing.map((t) => JSON.stringify(t)).join(', ')}`)
    step.now = 'see the session named after the surface'
    await sessionNamed(page, model.title)
    return { surface: name, ok: true, ms: Date.now() - started, detail: `${model.fields.length} fields, reply quotes ${expect.length} answers, session "${model.title}"` }
  } catch (err) {
    return { surface: name, ok: false, ms: Date.now() - started, detail: `${step.now}: ${err.message}` }
  }
}

/**
 * Drive the demo at `url` through every surface, one session each.
 * @param {{url: string, surfaces: {name: string, model: object}[], scratch: string, screenshotDir?: string}} options
 */
export async function runCheck({ url, surfaces, scratch, screenshotDir = scratch }) {
  const browser = await launchChromium(join(scratch, 'profiles'))
  const errors = []
  try {
    const page = await browser.newPage()
    await page.setViewport({ width: 1280, height: 900 })
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    await openApp(page, url)
    const results = []
    for (const [i, surface] of surfaces.entries()) {
      const result = await checkSurface(page, surface, i)
      if (!result.ok) {
        const shot = join(screenshotDir, `demo-check-${surface.name}.png`)
        await page.screenshot({ path: shot }).then(() => { result.detail += ` (screenshot: ${shot})` }, () => {})
      }
      results.push(result)
      if (!result.ok) break
    }
    return { results, errors }
  } finally {
    await browser.close()
  }
}
