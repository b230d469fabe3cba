// The Dock as a user meets it when things go wrong, in Chromium with the bundle's own modules and
// React 18.3.1 from npm, against a scripted host: the real RPC client (host/rpc.ts) over a fake
// page connection whose every call the test answers, fails or leaves hanging. Timers set by the
// Dock are recorded instead of run, so the test fires the request bound itself: nothing here
// depends on how fast the machine is. Covered: the bound on a submit or dismiss and its retry with
// the same id; unmounting (the bundle unloading) leaving no timer and no request behind; the
// host's limits and the plugin's own limit text; an unavailable plugin told apart from an
// unreachable harness; a connection lost after acceptance; another tab's answer overtaking this
// one. The editor's state machine gets the same message choices checked in node.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { launch, openPage, pageWait } from './support/browser.mjs'
import { serveFiles } from './support/static.mjs'
import { normalized } from './support/normalized.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const repo = join(here, '..', '..')
const src = (p) => JSON.stringify(join(repo, 'client-bundle', 'src', p))
// The intake example as the plugin hands it to the Dock: normalised.
const [intake] = normalized(JSON.parse(readFileSync(join(repo, 'examples', 'surfaces', 'requirement-intake.json'), 'utf8')))

// The page: the Dock over createApi and a connection the test drives through window.DT.
const ENTRY = `
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { flushSync } from 'react-dom'
import { TaskSurfaceDock } from ${src('dock/Dock.tsx')}
import { createApi } from ${src('host/rpc.ts')}
import { fallbackT } from ${src('locales.ts')}
import { installStyles } from ${src('styles.ts')}

const calls = []
const timers = new Map()
let nextTimer = 1
const record = (kind) => (fn, ms) => { const id = nextTimer++; timers.set(id, { kind, fn, ms }); return id }
const forget = (id) => { timers.delete(id) }
Object.assign(window, { setTimeout: record('timeout'), setInterval: record('interval'), clearTimeout: forget, clearInterval: forget })

const connection = { rpc: { call(path, method, payload, signal) {
  return new Promise((resolve, reject) => {
    const call = { method: method.split('/')[1], args: payload.args, aborted: false, resolve, reject }
    signal?.addEventListener('abort', () => { call.aborted = true })
    calls.push(call)
  })
} } }
const api = createApi(connection)
let root = null
let projection = null
let nodes = []

// The session's draft store as dsh's store seat hands it to the Dock: a selector hook over the
// state and its one write, persisted whole under the name and session id (as defineStore does).
const STORE_KEY = 'dsh-task-surface.drafts.ses_1'
const stored = () => { try { return JSON.parse(localStorage.getItem(STORE_KEY)) ?? { drafts: {} } } catch { return { drafts: {} } } }
let store = null
const newStore = () => ({ useStore: (sel) => sel(stored()), actions: { set(drafts) { localStorage.setItem(STORE_KEY, JSON.stringify({ drafts })) } } })

function render() {
  const props = { sessionId: 'ses_1', useProjection: () => projection, useSession: (sel) => sel({ queue: [], nodes }), api, ...store, t: fallbackT }
  flushSync(() => root.render(createElement(TaskSurfaceDock, props)))
}

// mount and reload run the page's next task after the Dock's first render: the read on mount
// leaves in a task of its own (a 0 ms timer).
window.DT = {
  mount(active) {
    installStyles('dock-test')
    localStorage.clear()
    calls.length = 0
    timers.clear()
    projection = { active, outcomes: [] }
    nodes = []
    store = newStore()
    root = createRoot(document.getElementById('app'))
    render()
    window.DT.fire(0)
  },
  /** The projection changes. The event behind its newest outcome reaches the conversation in the
   * same render, unless \`landed\` is false: dsh sends the projection a moment before the event. */
  project(active, outcomes = [], { landed = true } = {}) {
    projection = { active, outcomes }
    const seq = Math.max(-1, ...outcomes.map((o) => o.seq))
    if (landed && seq > (nodes.at(-1)?.seq ?? -1)) nodes = [...nodes, { kind: 'user', seq }]
    render()
  },
  /** The event at \`seq\` reaches the page's conversation. */
  land(seq) { nodes = [...nodes, { kind: 'user', seq }]; render() },
  /** The page holds no projection of Task Surface (a restarted harness serves the session before
   * the host half has registered its unit). */
  absent() { projection = undefined; render() },
  /** The session's latest node becomes the tool result of call_1, with this presentation metadata. */
  result(meta) { nodes = [{ kind: 'tool-result', seq: 1, callId: 'call_1', meta }]; render() },
  /** The page loaded again: a new Dock over the same storage. */
  reload(active, outcomes = []) {
    flushSync(() => root.unmount())
    calls.length = 0
    timers.clear()
    projection = { active, outcomes }
    store = newStore()
    root = createRoot(document.getElementById('app'))
    render()
    window.DT.fire(0)
  },
  /** The drafts the session's store holds, by surface id. */
  drafts: () => stored().drafts,
  unmount() { flushSync(() => root.unmount()) },
  calls: () => calls.map((c) => ({ method: c.method, args: c.args, aborted: c.aborted, open: !c.done })),
  answer(i, value) { calls[i].done = true; calls[i].resolve({ ok: true, value }) },
  refuse(i, message) { calls[i].done = true; calls[i].resolve({ ok: false, error: { message } }) },
  drop(i) { calls[i].done = true; calls[i].reject(new Error('network error')) },
  timers: () => [...timers.values()].map((t) => ({ kind: t.kind, ms: t.ms })),
  fire(ms) { for (const [id, t] of [...timers]) if (t.ms === ms) { if (t.kind === 'timeout') timers.delete(id); t.fn() } },
}
`

let browser
let server
let page
let L

before(async () => {
  const built = await build({
    stdin: { contents: ENTRY, resolveDir: here, loader: 'tsx' },
    bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2022', jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' }, loader: { '.css': 'text' }, logLevel: 'warning',
  })
  server = await serveFiles({
    '/': { type: 'text/html; charset=utf-8', body: '<!doctype html><html lang="en"><meta charset="utf-8"><title>dock</title><body><div id="app"></div><script src="/entry.js"></script></body></html>' },
    '/entry.js': { type: 'text/javascript; charset=utf-8', body: built.outputFiles[0].text },
  })
  const logic = await build({
    stdin: { contents: `export * from ${src('dock/editorState.ts')}\nexport { readModel } from ${src('model.ts')}\nexport { initialValues, mergeDraft } from ${src('fields/kinds.ts')}\nexport { en, zh, STORED_KEYS } from ${src('locales.ts')}`, resolveDir: here, loader: 'ts' },
    bundle: true, write: false, format: 'esm', platform: 'node', target: 'es2022', logLevel: 'warning', define: { 'process.env.NODE_ENV': '"production"' },
  })
  L = await import(`data:text/javascript;base64,${Buffer.from(logic.outputFiles[0].text).toString('base64')}`)
  browser = await launch()
  ;({ page } = await openPage(browser, { width: 1280, height: 900 }))
  await page.goto(server.url, { waitUntil: 'load' })
  await page.waitForFunction(() => typeof window.DT === 'object')
})

after(async () => {
  await browser?.close()
  await server?.close()
})

const ACTIVE = { callId: 'call_1', surfaceId: 'tsf_1' }
/** What the first read of the intake surface brings to the editor's state, with `draft`. */
const firstRead = (draft) => {
  const model = L.readModel(intake)
  return { callId: 'c', model, markdown: {}, draft, start: L.initialValues(model), values: L.mergeDraft(model, draft?.values) }
}
const open = (extra = {}) => ({ active: true, callId: 'call_1', surfaceId: 'tsf_1', model: intake, markdown: {}, pending: null, limits: {}, ...extra })
const calls = () => page.evaluate(() => window.DT.calls())
const lastCall = async (method) => (await calls()).map((c, i) => ({ ...c, i })).filter((c) => c.method === method).at(-1)
const waitCalls = (n) => pageWait(page, (n) => window.DT.calls().length >= n, n, { what: `${n} requests` })
const text = (sel) => page.$eval(sel, (e) => e.textContent)
/** Once the Dock has set a timer of `ms` (`what` names it in a failure), fire every timer of `ms`. */
async function fireWhenSet(ms, what) {
  await pageWait(page, (ms) => window.DT.timers().some((t) => t.ms === ms), ms, { what })
  await page.evaluate((ms) => window.DT.fire(ms), ms)
}
/** Fire the Dock's settling timers (the read after a change, the end of an accepted submit's
 * sending look and its read) once the Dock has set one. */
const settle = () => fireWhenSet(L.READ_SETTLE_MS, 'a settling timer')
const answer = (i, value) => page.evaluate((i, v) => window.DT.answer(i, v), i, value)
const waitText = (sel, want) => pageWait(page, ([sel, want]) => document.querySelector(sel)?.textContent.includes(want), [sel, want], { what: `${sel} says ${want}` })

/** Mount the Dock on the intake surface, answer its first read with `first`, and type a goal. */
async function openDock(first = open(), goal = 'CSV for finance') {
  await page.evaluate((a) => window.DT.mount(a), ACTIVE)
  await waitCalls(1)
  await answer(0, first)
  await page.waitForSelector('section.tsf-dock [data-field=goal]')
  await page.type('section.tsf-dock [data-field=goal]', goal)
}

/** Accept the submit `sent`, let it settle, answer the read that follows with it queued, and
 * wait for the Dock to show it queued. */
async function acceptQueued(sent) {
  await answer(sent.i, { accepted: true, messageId: 'tsm_1', phase: 'queued' })
  await settle()
  await waitCalls(sent.i + 2)
  await answer(sent.i + 1, open({ pending: { submissionId: sent.args.submissionId, messageId: 'tsm_1', phase: 'queued' } }))
  await page.waitForSelector('section.tsf-dock[data-state=queued]')
}

/** Click Send and return the submit request. */
async function send() {
  const before = (await calls()).length
  await page.click('section.tsf-dock [data-action=submit]')
  await waitCalls(before + 1)
  return lastCall('submit')
}

describe('the tool result the page holds draws the panel before getActive answers', () => {
  const meta = { kind: 'dsh/task-surface', version: 1, surfaceId: 'tsf_1', model: intake, markdown: {} }
  const seen = () => page.evaluate(() => {
    const d = document.querySelector('section.tsf-dock')
    return d && { state: d.dataset.state, goal: d.querySelector('[data-field=goal]').disabled, submit: d.querySelector('[data-action=submit]').disabled }
  })

  test('read-only until getActive says the surface is open, then editable', async () => {
    await page.evaluate((a) => window.DT.mount(a), ACTIVE)
    await waitCalls(1)
    assert.equal(await seen(), null, 'with no tool result in the page, a loading bar')
    await page.evaluate((m) => window.DT.result(m), meta)
    assert.deepEqual(await seen(), { state: 'opening', goal: true, submit: true }, 'the model at once, every control locked')
    await page.click('section.tsf-dock [data-action=submit]')
    assert.deepEqual((await calls()).map((c) => c.method), ['getActive'], 'nothing is sent from it')
    await answer(0, open())
    await pageWait(page, () => document.querySelector('section.tsf-dock')?.dataset.state === 'editing', null, { what: 'the panel editable' })
    assert.deepEqual(await seen(), { state: 'editing', goal: false, submit: false })
  })

  test('getActive saying it is not open takes the panel away', async () => {
    await page.evaluate((a) => window.DT.mount(a), ACTIVE)
    await waitCalls(1)
    await page.evaluate((m) => window.DT.result(m), meta)
    await answer(0, { active: false, reason: 'not-open' })
    await pageWait(page, () => document.querySelector('section.tsf-dock') === null, null, { what: 'the panel gone' })
  })
})

describe('a request with no answer ends in a retry with the same id', () => {
  test('submit: after the bound the request is aborted, the alert says so, and Try again reuses the id', async () => {
    await openDock()
    const first = await send()
    assert.deepEqual((await page.evaluate(() => window.DT.timers())).filter((t) => t.ms === 15_000).length, 1, 'the submit is bounded')
    await page.evaluate(() => window.DT.fire(15_000))
    await waitText('section.tsf-dock .tsf-alert', 'No answer from the harness within 15 s')
    assert.equal((await lastCall('submit')).aborted, true, 'the request is aborted')
    assert.equal(await page.$eval('section.tsf-dock [data-field=goal]', (e) => e.value), 'CSV for finance', 'the answers are kept')
    await page.click('section.tsf-dock [data-action=retry]')
    await waitCalls(first.i + 2)
    const again = await lastCall('submit')
    assert.notEqual(again.i, first.i)
    assert.equal(again.args.submissionId, first.args.submissionId, 'the retry reuses the submission id')
  })

  test('dismiss: the same bound, and its retry reuses the dismissal id', async () => {
    await openDock()
    await page.click('section.tsf-dock [data-action=dismiss]')
    await page.click('section.tsf-dock [data-action=give-up]') // typed answers: it asks first
    await waitCalls(2)
    const first = await lastCall('dismiss')
    await page.evaluate(() => window.DT.fire(15_000))
    await waitText('section.tsf-dock .tsf-alert', 'No answer from the harness within 15 s')
    await page.click('section.tsf-dock [data-action=retry]')
    await waitCalls(first.i + 2)
    assert.equal((await lastCall('dismiss')).args.dismissalId, first.args.dismissalId)
  })

  test('unmounting (the bundle unloading) aborts the request in flight and leaves no timer; a late answer changes nothing', async () => {
    await openDock()
    const sent = await send()
    await page.evaluate(() => window.DT.unmount())
    assert.deepEqual(await page.evaluate(() => window.DT.timers()), [], 'no timer outlives the Dock')
    assert.equal((await lastCall('submit')).aborted, true)
    const count = (await calls()).length
    await answer(sent.i, { accepted: true, messageId: 'tsm_1', phase: 'queued' })
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
    assert.equal((await calls()).length, count, 'no request after the unmount')
    assert.equal(await page.$('section.tsf-dock'), null)
  })

  test('unmounting while a submission is pending stops the poll', async () => {
    await page.evaluate((a) => window.DT.mount(a), ACTIVE)
    await waitCalls(1)
    await answer(0, open({ pending: { submissionId: 'tss_1', messageId: 'tsm_1', phase: 'queued' } }))
    await page.waitForSelector('section.tsf-dock[data-state=queued]')
    assert.equal((await page.evaluate(() => window.DT.timers())).filter((t) => t.kind === 'interval').length, 1, 'pending polls')
    await page.evaluate(() => window.DT.unmount())
    assert.deepEqual(await page.evaluate(() => window.DT.timers()), [])
  })
})

/** Two animation frames: whatever the last change drew is on screen. */
const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))

describe('closing', () => {
  const closed = (outcome) => [{ callId: 'call_1', surfaceId: 'tsf_1', outcome, seq: 9 }]
  /** Frames, then an idle period of the page: what waits only for the page to be idle has run. */
  const idle = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestIdleCallback(() => r()))))

  test('closed by a message that is not in the conversation yet, the Dock stays until that message is, then leaves', async () => {
    await openDock(open(), '')
    await page.evaluate((o) => window.DT.project(null, o, { landed: false }), closed('bypassed'))
    await frames()
    await idle()
    assert.notEqual(await page.$('section.tsf-dock'), null, 'still on screen while the message is on its way')
    const leave = (ts) => ts.filter((t) => t.kind === 'timeout' && t.ms === L.LEAVE_MS).length
    assert.equal(leave(await page.evaluate(() => window.DT.timers())), 1, 'at most LEAVE_MS')
    await page.evaluate(() => window.DT.land(9))
    await page.waitForSelector('section.tsf-dock', { hidden: true })
    assert.equal(leave(await page.evaluate(() => window.DT.timers())), 0, 'and its timer went with it')
  })

  test('closed by an event with no row of its own (a dismissal), the Dock leaves LEAVE_MS after the close', async () => {
    await openDock(open(), '')
    await page.evaluate((o) => window.DT.project(null, o, { landed: false }), closed('dismissed'))
    await idle()
    assert.notEqual(await page.$('section.tsf-dock'), null)
    await page.evaluate((ms) => window.DT.fire(ms), L.LEAVE_MS)
    await page.waitForSelector('section.tsf-dock', { hidden: true })
  })
})

describe('a submit in flight', () => {
  const look = () => page.$eval('section.tsf-dock', (e) => ({
    state: e.dataset.state,
    button: e.querySelector('[data-action=submit]').textContent,
    status: e.querySelector('.tsf-status').textContent,
    statusFocused: document.activeElement === e.querySelector('.tsf-status'),
  }))

  test('a projection change while the submit is open reads nothing; accepted, the Dock keeps "Sending…" until it settles, then reads once and says queued', async () => {
    await openDock()
    const sent = await send()
    await page.evaluate((a) => window.DT.project(a, []), ACTIVE)
    await page.evaluate((a) => window.DT.project({ ...a }, []), ACTIVE)
    await frames()
    assert.deepEqual((await calls()).slice(sent.i + 1).map((c) => c.method), [], 'no read while the submit is open')
    const sending = await look()
    await answer(sent.i, { accepted: true, messageId: 'tsm_1', phase: 'queued' })
    await frames()
    assert.deepEqual(await look(), sending, 'just accepted: the panel looks as it did while sending')
    assert.deepEqual([sending.state, sending.button, sending.status], ['submit', 'Sending…', ''])
    assert.deepEqual((await calls()).slice(sent.i + 1).map((c) => c.method), [], 'no read before it settles')
    await settle()
    await waitCalls(sent.i + 2)
    await frames()
    assert.deepEqual((await calls()).slice(sent.i + 1).map((c) => c.method), ['getActive'], 'one read once it settled')
    const queued = await look()
    assert.deepEqual([queued.state, queued.statusFocused], ['queued', true], 'then it says queued, with focus on the status line')
    assert.match(queued.status, /Waiting for the agent/)
    await page.evaluate(() => window.DT.unmount())
  })

  test('sending, Submit keeps the focus the click gave it (aria-disabled, where a disabled button drops it to the page\'s body); queued, it is disabled and focus is on the status line', async () => {
    await openDock()
    const sent = await send()
    await frames()
    const controls = () => page.$eval('section.tsf-dock', (e) => {
      const submit = e.querySelector('[data-action=submit]')
      return {
        focused: document.activeElement === submit ? 'submit' : document.activeElement?.tagName.toLowerCase(),
        submit: [submit.disabled, submit.getAttribute('aria-disabled'), submit.textContent],
        goal: e.querySelector('[data-field=goal]').disabled,
      }
    })
    assert.deepEqual(await controls(), { focused: 'submit', submit: [false, 'true', 'Sending…'], goal: true }, 'focus where the click put it, the answers locked')
    await page.click('section.tsf-dock [data-action=submit]')
    await page.keyboard.press('Enter')
    await frames()
    assert.deepEqual((await calls()).slice(sent.i + 1).map((c) => c.method), [], 'a second click or Enter on it sends nothing')
    await acceptQueued(sent)
    assert.deepEqual(await controls(), { focused: 'div', submit: [true, 'false', 'Send requirements'], goal: true }, 'queued: locked, focus on the status line')
    await page.evaluate(() => window.DT.unmount())
  })

  test('sent with Ctrl+Enter from a field, the focus goes to Submit, not to the page\'s body when the sending look disables the field', async () => {
    await openDock()
    const before = (await calls()).length
    await page.focus('section.tsf-dock [data-field=goal]')
    await page.keyboard.down('Control')
    await page.keyboard.press('Enter')
    await page.keyboard.up('Control')
    await waitCalls(before + 1)
    const sent = await lastCall('submit')
    await frames()
    const focus = () => page.$eval('section.tsf-dock', (e) => ({
      focused: document.activeElement === e.querySelector('[data-action=submit]') ? 'submit' : document.activeElement?.tagName.toLowerCase(),
      goal: e.querySelector('[data-field=goal]').disabled,
    }))
    assert.deepEqual(await focus(), { focused: 'submit', goal: true }, 'the field is locked and the focus is on Submit')
    await acceptQueued(sent)
    assert.deepEqual(await focus(), { focused: 'div', goal: true }, 'queued: on the status line, as after a click')
    await page.evaluate(() => window.DT.unmount())
  })

  test('the surface closing while the accepted submit settles: the Dock stays as sent until the page is idle, then closes with no read and no queued state drawn', async () => {
    await openDock()
    const sent = await send()
    await answer(sent.i, { accepted: true, messageId: 'tsm_1', phase: 'queued' })
    await frames()
    // The close and what is on screen in the same task: the page has not been idle yet.
    const closing = await page.evaluate(() => {
      window.DT.project(null, [{ callId: 'call_1', surfaceId: 'tsf_1', outcome: 'submitted', seq: 9 }])
      const e = document.querySelector('section.tsf-dock')
      return e && { state: e.dataset.state, button: e.querySelector('[data-action=submit]').textContent, timers: window.DT.timers() }
    })
    const durable = { kind: 'timeout', ms: L.DURABLE_MS }
    assert.deepEqual(closing, { state: 'submit', button: 'Sending…', timers: [durable] }, 'still on screen as sent, its settle timer gone')
    await page.waitForSelector('section.tsf-dock', { hidden: true })
    assert.deepEqual((await calls()).slice(sent.i + 1).map((c) => c.method), [], 'no read')
    assert.deepEqual(await page.evaluate(() => window.DT.timers()), [durable], 'and no timer left but the one that clears the draft once the close is durable')
    assert.equal((await page.evaluate(() => window.DT.drafts())).tsf_1.accepted.messageId, 'tsm_1', 'the draft remembers the message its answers were accepted as')
    await page.evaluate((ms) => window.DT.fire(ms), L.DURABLE_MS)
    await waitCalls(sent.i + 2)
    const check = (await calls())[sent.i + 1]
    assert.deepEqual([check.method, check.args.known], ['getActive', 'tsf_1'])
    await answer(sent.i + 1, { active: false, reason: 'not-open' })
    await pageWait(page, () => !('tsf_1' in window.DT.drafts()), null, { what: 'the draft to go once the close is confirmed' })
    await page.evaluate(() => window.DT.unmount())
  })

  test('a new surface opening while the closed one leaves takes the Dock at once', async () => {
    // Nothing typed: nothing of its own to keep, so the closed surface's editor only leaves.
    await page.evaluate((a) => window.DT.mount(a), ACTIVE)
    await waitCalls(1)
    await answer(0, open())
    await page.waitForSelector('section.tsf-dock [data-field=goal]')
    const reads = (await calls()).length
    const seen = await page.evaluate(() => {
      const outcomes = [{ callId: 'call_1', surfaceId: 'tsf_1', outcome: 'dismissed', seq: 9 }]
      window.DT.project(null, outcomes)
      const leaving = Boolean(document.querySelector('section.tsf-dock[data-surface-id=tsf_1]'))
      window.DT.project({ callId: 'call_2', surfaceId: 'tsf_2' }, outcomes)
      const seen = { leaving, old: Boolean(document.querySelector('section.tsf-dock[data-surface-id=tsf_1]')), loading: Boolean(document.querySelector('.tsf-dock[data-state=loading]')) }
      window.DT.fire(0) // the page's next task: the new editor's read on mount
      return seen
    })
    assert.deepEqual(seen, { leaving: true, old: false, loading: true }, 'the closed surface was leaving; the new one replaced it at once')
    await waitCalls(reads + 1)
    const next = (await calls())[reads]
    assert.deepEqual([next.method, next.args.surfaceId], ['getActive', 'tsf_2'], 'and is read on its mount')
    await page.evaluate(() => window.DT.unmount())
  })
})

describe('reads after a change', () => {
  test('a burst of projection changes is read once, after it settles', async () => {
    await openDock()
    const before = (await calls()).length
    for (let i = 0; i < 3; i++) await page.evaluate((a) => window.DT.project({ ...a }, []), ACTIVE)
    await frames()
    assert.equal((await calls()).length, before, 'nothing read during the burst')
    assert.equal((await page.evaluate(() => window.DT.timers())).filter((t) => t.ms === L.READ_SETTLE_MS).length, 1, 'one read waiting')
    await settle()
    await waitCalls(before + 1)
    await frames()
    assert.deepEqual((await calls()).slice(before).map((c) => c.method), ['getActive'], 'one read')
    await page.evaluate(() => window.DT.unmount())
  })
})

describe('reads after the first', () => {
  test('a read once the model is on screen names it as known; an answer without model or Markdown leaves the panel as it was', async () => {
    await openDock()
    const [first] = await calls()
    assert.deepEqual(first.args, { sessionId: 'ses_1', surfaceId: 'tsf_1' }, 'the first read asks for the whole surface')
    const blocks = await page.$$eval('section.tsf-dock .tsf-block', (es) => es.length)
    const sent = await send()
    await answer(sent.i, { accepted: true, messageId: 'tsm_1', phase: 'queued' })
    await settle()
    await waitCalls(sent.i + 2)
    const read = (await calls())[sent.i + 1]
    assert.deepEqual([read.method, read.args], ['getActive', { sessionId: 'ses_1', surfaceId: 'tsf_1', known: 'tsf_1' }], 'the read after the answer names the surface it holds')
    await answer(sent.i + 1, open({ model: null, markdown: null, pending: { submissionId: sent.args.submissionId, messageId: 'tsm_1', phase: 'queued' } }))
    await page.waitForSelector('section.tsf-dock[data-state=queued]')
    assert.equal(await page.$eval('section.tsf-dock [data-field=goal]', (e) => e.value), 'CSV for finance', 'the answers stay on screen')
    assert.equal(await page.$$eval('section.tsf-dock .tsf-block', (es) => es.length), blocks, 'so do the blocks')
    assert.ok(blocks > 0)
    await page.evaluate(() => window.DT.unmount())
  })
})

describe('the host\'s limits and the plugin\'s own words', () => {
  test('a lowered limit refuses in the browser and names the limit; a raised one sends what 32 KiB would refuse', async () => {
    await openDock(open({ limits: { maxSubmissionBytes: 8192 } }), '')
    await page.$eval('section.tsf-dock [data-field=goal]', (e) => { e.focus() })
    await page.keyboard.sendCharacter('x'.repeat(9000))
    const before = (await calls()).length
    await page.click('section.tsf-dock [data-action=submit]')
    await waitText('section.tsf-dock .tsf-alert', 'the limit is 8 KiB')
    assert.equal((await calls()).length, before, 'nothing was sent')

    await openDock(open({ limits: { maxSubmissionBytes: 65536 } }), '')
    await page.$eval('section.tsf-dock [data-field=goal]', (e) => { e.focus() })
    await page.keyboard.sendCharacter('y'.repeat(40_000))
    const sent = await send()
    assert.equal(sent.args.values.goal.length, 40_000, 'a 40 000-byte answer is sent under a 64 KiB limit')
  })

  test('the plugin\'s limit-exceeded text is shown as the plugin wrote it', async () => {
    await openDock()
    const sent = await send()
    const words = 'The submission is 9000 bytes; this harness allows 8192 bytes (limits.maxSubmissionBytes).'
    await answer(sent.i, { accepted: false, reason: 'invalid-submission', problems: [{ code: 'limit-exceeded', message: words, pointer: '' }] })
    await waitText('section.tsf-dock .tsf-alert', words)
    assert.doesNotMatch(await text('section.tsf-dock .tsf-alert'), /32 KiB/)
  })
})

describe('say what happened', () => {
  test('a page opened while the plugin restarts says so, reads again by itself, and loads once the plugin is back', async () => {
    await page.evaluate((a) => window.DT.mount(a), ACTIVE)
    await waitCalls(1)
    await page.evaluate(() => window.DT.refuse(0, 'The Task Surface plugin is restarting after a failure; it will be back in about 2 s. Try again shortly.'))
    await waitText('[data-task-surface-dock] [data-state=error]', 'The Task Surface plugin is restarting. The panel loads by itself once it is back')
    assert.doesNotMatch(await text('[data-task-surface-dock]'), /Could not load the panel/)
    // Read again by itself, as often as it takes; no click.
    for (let i = 1; i <= 2; i++) {
      await fireWhenSet(L.LOAD_RETRY_MS, 'the retry timer')
      await waitCalls(i + 1)
      if (i === 1) await page.evaluate((i) => window.DT.drop(i), i)
    }
    await waitText('[data-task-surface-dock] [data-state=error]', 'Could not load the panel. Trying again by itself')
    await answer(2, open())
    await page.waitForSelector('section.tsf-dock[data-state=editing]')
    assert.equal(await page.$('[data-task-surface-dock] [data-state=error]'), null)
    assert.deepEqual((await page.evaluate(() => window.DT.timers())).filter((t) => t.ms === L.LOAD_RETRY_MS), [], 'loaded: no more retries')
  })

  test('the harness answering that the plugin is restarting is not "could not reach the harness"', async () => {
    await openDock()
    let sent = await send()
    await page.evaluate((i) => window.DT.refuse(i, 'The Task Surface plugin is restarting after a failure; it will be back in about 2 s. Try again shortly.'), sent.i)
    await waitText('section.tsf-dock .tsf-alert', 'the Task Surface plugin is restarting or not running')
    assert.doesNotMatch(await text('section.tsf-dock .tsf-alert'), /Could not reach/)
    await page.click('section.tsf-dock [data-action=retry]')
    await waitCalls(sent.i + 2)
    sent = await lastCall('submit')
    await page.evaluate((i) => window.DT.drop(i), sent.i)
    await waitText('section.tsf-dock .tsf-alert', 'Could not reach the harness')
  })

  test('a connection lost after acceptance is said as such, not as a withdrawal', async () => {
    await openDock()
    const sent = await send()
    await acceptQueued(sent)
    await page.evaluate(() => window.DT.fire(1500)) // the pending poll
    await waitCalls(sent.i + 3)
    await page.evaluate((i) => window.DT.drop(i), sent.i + 2)
    await waitText('section.tsf-dock .tsf-alert', 'The connection to the harness was lost after your answer was accepted')
    await page.evaluate(() => window.DT.fire(1500))
    await waitCalls(sent.i + 4)
    await answer(sent.i + 3, open())
    await waitText('section.tsf-dock .tsf-alert', 'Your answers did not reach the conversation: the harness restarted before the agent took them.')
    assert.doesNotMatch(await text('section.tsf-dock'), /withdrawn/)
    assert.equal(await page.$eval('section.tsf-dock [data-action=submit]', (e) => e.disabled), false, 'Submit is ready, and nothing was sent')
    assert.equal(await page.$eval('section.tsf-dock [data-field=goal]', (e) => e.value), 'CSV for finance')
  })

  /** The page's projection of Task Surface goes; the Dock's first ask leaves in a task of its own. */
  const goesAbsent = async () => {
    await page.evaluate(() => window.DT.absent())
    await fireWhenSet(0, 'the first ask')
  }

  test('a restarted harness that serves the page no projection of Task Surface (its host half not back yet): the Dock asks what is open, until the harness answers, and gives back the answers it lost', async () => {
    await openDock(open(), 'accepted, then the harness restarted')
    const sent = await send()
    await answer(sent.i, { accepted: true, messageId: 'tsm_1', phase: 'queued' })
    await pageWait(page, () => window.DT.drafts().tsf_1?.accepted?.messageId === 'tsm_1', null, { what: 'the acceptance in the draft' })
    // The page was sent the message that closed the surface; then dsh died before writing it.
    await page.evaluate(() => window.DT.project(null, [{ callId: 'call_1', surfaceId: 'tsf_1', outcome: 'submitted', seq: 9 }]))
    await page.waitForSelector('section.tsf-dock', { hidden: true })
    const before = (await calls()).length
    await goesAbsent()
    await waitCalls(before + 1)
    const asked = await lastCall('getActive')
    assert.deepEqual(asked.args, { sessionId: 'ses_1' }, 'what is open, whichever surface it is')
    await page.evaluate((i) => window.DT.drop(i), asked.i) // the harness is still starting
    await fireWhenSet(L.DURABLE_MS, 'the next ask')
    await waitCalls(before + 2)
    await answer(before + 1, open())
    // The editor's first read leaves in a task of its own.
    await fireWhenSet(0, 'the editor\'s first read')
    await waitCalls(before + 3)
    await answer(before + 2, open())
    await waitText('section.tsf-dock .tsf-alert', 'Your answers did not reach the conversation: the harness restarted before the agent took them.')
    assert.deepEqual(await page.$eval('section.tsf-dock', (d) => [d.querySelector('[data-field=goal]').value, d.querySelector('[data-action=submit]').disabled]),
      ['accepted, then the harness restarted', false], 'the answers back, Submit ready')
    assert.equal((await calls()).filter((c) => c.method === 'submit').length, 1, 'nothing sent again without a click')
    assert.deepEqual((await page.evaluate(() => window.DT.timers())).filter((t) => t.ms === L.DURABLE_MS), [], 'answered: asked no more')
    await page.evaluate(() => window.DT.unmount())
  })

  test('with no projection of Task Surface and nothing open, the Dock stays empty; a harness that never answers is asked a bounded number of times; the projection, once there, decides again', async () => {
    /** The projection opens the intake surface again; the editor reads it. */
    const reopen = async () => {
      const n = (await calls()).length
      await page.evaluate((a) => window.DT.project(a), ACTIVE)
      await fireWhenSet(0, 'the editor\'s first read')
      await waitCalls(n + 1)
      await answer(n, open())
      await page.waitForSelector('section.tsf-dock[data-state=editing]')
    }
    await page.evaluate((a) => window.DT.mount(a), ACTIVE)
    await waitCalls(1)
    await answer(0, open())
    await page.waitForSelector('section.tsf-dock[data-state=editing]')
    let before = (await calls()).length
    await goesAbsent()
    await waitCalls(before + 1)
    await answer(before, { active: false, reason: 'not-open', problems: [] })
    await page.waitForSelector('section.tsf-dock', { hidden: true })
    await reopen()
    // A harness with no host half: every ask fails, and the asking stops at the bound.
    before = (await calls()).length
    await goesAbsent()
    for (let n = 1; n <= L.ABSENT_ASKS; n++) {
      await waitCalls(before + n)
      const ask = await lastCall('getActive')
      await page.evaluate((i) => window.DT.drop(i), ask.i)
      if (n < L.ABSENT_ASKS) {
        await fireWhenSet(L.DURABLE_MS, `ask ${n + 1}`)
      }
    }
    await frames()
    assert.deepEqual((await page.evaluate(() => window.DT.timers())).filter((t) => t.ms === L.DURABLE_MS), [], `no ask after the ${L.ABSENT_ASKS}th`)
    assert.equal((await calls()).length, before + L.ABSENT_ASKS)
    await reopen()
    await page.evaluate(() => window.DT.unmount())
  })

  test('another tab\'s answer overtakes this one: the answers stay in view as a draft, with why, after the surface closes', async () => {
    await openDock(open(), 'mine, from this tab')
    const sent = await send()
    await answer(sent.i, { accepted: false, reason: 'submission-pending', problems: [] })
    // Said the first time, before any read: Submit locked, the answers kept.
    await waitText('section.tsf-dock .tsf-status', 'Another answer to this panel was sent first')
    assert.equal(await page.$eval('section.tsf-dock [data-action=submit]', (e) => e.disabled), true)
    await waitCalls(sent.i + 2)
    await answer(sent.i + 1, open({ pending: { submissionId: 'tss_other_tab', messageId: 'tsm_9', phase: 'queued' } }))
    await waitText('section.tsf-dock .tsf-status', 'Another answer to this panel was sent first')
    assert.equal(await page.$eval('section.tsf-dock [data-field=goal]', (e) => e.value), 'mine, from this tab')
    // The other tab's answer is delivered: the projection closes the surface.
    const reads = (await calls()).length
    await page.evaluate(() => window.DT.project(null, [{ callId: 'call_1', surfaceId: 'tsf_1', outcome: 'submitted', seq: 9 }]))
    await settle()
    await waitCalls(reads + 1)
    await answer(reads, { active: false, reason: 'not-open' })
    await waitText('section.tsf-dock .tsf-status', 'yours was not sent')
    assert.equal(await page.$eval('section.tsf-dock [data-field=goal]', (e) => e.value), 'mine, from this tab', 'the draft is still visible')
    assert.equal(await page.$eval('section.tsf-dock [data-field=goal]', (e) => e.disabled), true, 'read-only')
    await page.click('section.tsf-dock [data-action=close]')
    await page.waitForSelector('section.tsf-dock', { hidden: true })
  })
})

describe('message choice (state machine)', () => {
  const opened = () => L.edited(L.readOpen(L.initialEditorState, null, firstRead(undefined)), 'goal', 'x')
  const queued = () => L.submitAnswered(L.submitSent(opened(), 'tss_1'), 'tss_1', { accepted: true, messageId: 'm', phase: 'queued' })

  test('a lost request names why, offers the retry and keeps the id', () => {
    for (const [why, key] of [['transport', 'error.transport'], ['unavailable', 'error.unavailable'], ['timeout', 'error.timeout']]) {
      const s = L.submitLost(L.submitSent(opened(), 'tss_1'), 'tss_1', why)
      assert.deepEqual([s.message.key, s.message.params.retry, s.submissionId], [key, 'submit', 'tss_1'], why)
      const d = L.dismissLost(L.dismissSent(opened(), 'tsd_1'), why)
      assert.deepEqual([d.message.key, d.message.params.retry, d.dismissalId], [key, 'dismiss', 'tsd_1'], why)
    }
  })

  test('a pending answer that vanishes: withdrawn only when every read in between succeeded', () => {
    assert.equal(L.readOpen(queued(), null).message.key, 'status.discarded')
    const cut = L.readFailed(queued())
    assert.deepEqual([cut.cutOff, cut.message.key], [true, 'error.connectionLost'])
    assert.deepEqual(L.readOpen(cut, null).message, { key: 'status.notDelivered', tone: 'notice' })
    const back = L.readOpen(cut, queued().pending)
    assert.equal(back.message, null, 'found still pending: the lost-connection line goes')
  })

  test('a pending answer of another attempt overtakes this tab\'s attempt but is adopted after a reload', () => {
    const mine = L.submitAnswered(L.submitSent(opened(), 'tss_mine'), 'tss_mine', { accepted: false, reason: 'submission-pending', problems: [] })
    const other = { submissionId: 'tss_other', messageId: 'm', phase: 'queued' }
    const s = L.readOpen(mine, other)
    assert.deepEqual([s.overtaken, s.message.key, L.isLocked(s), s.values.goal], [true, 'status.overtaken', true, 'x'])
    assert.equal(L.readClosed(s).load.status, 'ready', 'kept after the surface closes')
    const typedOnly = L.readOpen(opened(), other)
    assert.deepEqual([typedOnly.overtaken, typedOnly.values.goal], [true, 'x'], 'answers typed but not yet sent are overtaken too')
    const reloaded = L.readOpen(L.initialEditorState, other, firstRead(undefined))
    assert.deepEqual([reloaded.overtaken, reloaded.submissionId], [false, 'tss_other'], 'a reload adopts the pending answer')
    const untouched = L.readOpen(L.readOpen(L.initialEditorState, null, firstRead(undefined)), other)
    assert.deepEqual([untouched.overtaken, untouched.submissionId], [false, 'tss_other'], 'nothing typed here: nothing to keep')
  })

  test('every new message has an English and a Chinese text', () => {
    for (const key of ['error.unavailable', 'error.timeout', 'error.connectionLost', 'status.notDelivered', 'status.overtaken', 'action.closeDraft', 'error.load', 'error.loadRestarting']) {
      assert.ok(L.en[key] && L.zh[key], key)
    }
    assert.match(L.en['problem.limit-exceeded'], /\{limit\}/)
  })
})

describe('the losing tab keeps its own answers when the other answer was already delivered', () => {
  const closedBy = (outcome) => [{ callId: 'call_1', surfaceId: 'tsf_1', outcome, seq: 9 }]
  const status = () => text('section.tsf-dock .tsf-status')
  const goal = () => page.$eval('section.tsf-dock [data-field=goal]', (e) => ({ value: e.value, disabled: e.disabled }))
  // Each case ends with the Dock unmounted, so the next one starts on an empty page.
  const done = () => page.evaluate(() => window.DT.unmount())

  /** The projection closes the surface with `outcome`; the read that follows says not-open. */
  async function closeElsewhere(outcome) {
    const reads = (await calls()).length
    await page.evaluate((o) => window.DT.project(null, o), closedBy(outcome))
    await settle()
    await waitCalls(reads + 1)
    await answer(reads, { active: false, reason: 'not-open' })
  }

  test('typed answers, the surface answered from another tab: kept read-only with the sentence, copied, then closed', async () => {
    await openDock(open(), 'typed here, never sent')
    await closeElsewhere('submitted')
    await waitText('section.tsf-dock .tsf-status', 'This panel was answered from another tab or window, and yours was not sent.')
    assert.deepEqual(await goal(), { value: 'typed here, never sent', disabled: true })
    assert.equal(await page.$eval('section.tsf-dock', (e) => e.dataset.state), 'overtaken')
    assert.equal(await page.$('section.tsf-dock [data-action=retry]'), null)
    await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t) => { window.copied = t } } }))
    await page.click('section.tsf-dock [data-action=copy]')
    await waitText('section.tsf-dock [data-action=copy]', 'Copied')
    const copied = (await page.evaluate(() => window.copied)).split('\n')
    assert.equal(copied[0], intake.title)
    assert.ok(copied.includes(`${intake.fields.find((f) => f.id === 'goal').label}: typed here, never sent`), copied.join(' | '))
    await page.click('section.tsf-dock [data-action=close]')
    await page.waitForSelector('section.tsf-dock', { hidden: true })
    await done()
  })

  test('a kept draft survives a reload: offered with its sentence after the surface closed, copied, then closed for good', async () => {
    await openDock(open(), 'kept across a reload')
    await closeElsewhere('submitted')
    await waitText('section.tsf-dock .tsf-status', 'answered from another tab or window')
    await page.evaluate((o) => window.DT.reload(null, o), closedBy('submitted'))
    await page.waitForSelector('section.tsf-dock[data-state=kept]')
    assert.match(await text('section.tsf-dock[data-state=kept]'), new RegExp(`${intake.title}.*answered from another tab or window, and yours was not sent`))
    assert.equal((await calls()).length, 0, 'nothing is asked of the harness for a closed surface')
    await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t) => { window.copied = t } } }))
    await page.click('section.tsf-dock [data-action=copy]')
    await waitText('section.tsf-dock [data-action=copy]', 'Copied')
    assert.ok((await page.evaluate(() => window.copied)).split('\n').includes(`${intake.fields.find((f) => f.id === 'goal').label}: kept across a reload`))
    await page.click('section.tsf-dock [data-action=close]')
    await page.waitForSelector('section.tsf-dock', { hidden: true })
    await page.evaluate((o) => window.DT.reload(null, o), closedBy('submitted'))
    assert.equal(await page.$('section.tsf-dock'), null, 'closed: gone after the next reload too')
    await done()
  })

  test('a kept draft goes when a new surface opens', async () => {
    await openDock(open(), 'kept, then replaced')
    await closeElsewhere('dismissed')
    await waitText('section.tsf-dock .tsf-status', 'dismissed from another tab or window')
    await page.evaluate((o) => window.DT.reload({ callId: 'call_2', surfaceId: 'tsf_2' }, o), closedBy('dismissed'))
    await pageWait(page, () => !('tsf_1' in window.DT.drafts()), null, { what: 'the kept draft to go' })
    await done()
  })

  test('the sentence follows how the surface closed: dismissed from another tab', async () => {
    await openDock()
    await closeElsewhere('dismissed')
    await waitText('section.tsf-dock .tsf-status', 'dismissed from another tab or window')
    assert.match(await status(), /your answers were not sent/)
    await done()
  })

  test('an ordinary message or a newer panel closes the Dock and its draft as before, typed answers or not', async () => {
    for (const outcome of ['bypassed', 'replaced']) {
      await openDock()
      await pageWait(page, () => 'tsf_1' in window.DT.drafts(), null, { what: 'the draft' })
      await page.evaluate((o) => window.DT.project(null, o), closedBy(outcome))
      await page.waitForSelector('section.tsf-dock', { hidden: true })
      assert.equal(await page.evaluate(() => 'tsf_1' in window.DT.drafts()), false, `${outcome}: the draft goes`)
      await done()
    }
  })

  test('nothing typed here: the Dock closes with the surface, as before', async () => {
    await page.evaluate((a) => window.DT.mount(a), ACTIVE)
    await waitCalls(1)
    await answer(0, open())
    await page.waitForSelector('section.tsf-dock[data-state=editing]')
    await page.evaluate((o) => window.DT.project(null, o), closedBy('submitted'))
    await page.waitForSelector('section.tsf-dock', { hidden: true })
    await done()
  })

  test('Submit after the other answer was delivered: not-open keeps the answers with the sentence, not "no longer open"', async () => {
    await openDock(open(), 'sent too late')
    const sent = await send()
    await answer(sent.i, { accepted: false, reason: 'not-open', problems: [] })
    await waitText('section.tsf-dock .tsf-status', 'This panel was closed elsewhere; your answers were not sent.')
    assert.doesNotMatch(await text('section.tsf-dock'), /no longer open/)
    await waitCalls(sent.i + 2)
    await answer(sent.i + 1, { active: false, reason: 'not-open' })
    // The projection catches up: the sentence says how.
    await page.evaluate((o) => window.DT.project(null, o), closedBy('submitted'))
    await waitText('section.tsf-dock .tsf-status', 'answered from another tab or window')
    assert.deepEqual(await goal(), { value: 'sent too late', disabled: true })
    await done()
  })

  test('this tab\'s own submission delivered: the Dock closes, also when the projection closes before the submit is answered', async () => {
    await openDock()
    let sent = await send()
    await acceptQueued(sent)
    await page.evaluate((o) => window.DT.project(null, o), closedBy('submitted'))
    await page.waitForSelector('section.tsf-dock', { hidden: true })
    await done()

    await openDock()
    sent = await send()
    await page.evaluate((o) => window.DT.project(null, o), closedBy('submitted'))
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
    assert.equal(await page.$eval('section.tsf-dock', (e) => e.dataset.state), 'submit', 'kept while its own answer is unknown')
    assert.equal((await calls()).length, sent.i + 1, 'nothing is read while the submit is open')
    await answer(sent.i, { accepted: true, messageId: 'tsm_1', phase: 'queued' })
    await page.waitForSelector('section.tsf-dock', { hidden: true })
    assert.equal((await calls()).length, sent.i + 1, 'accepted: its own answer closed the surface, nothing left to read')
    await done()
  })
})

describe('kept drafts (state machine)', () => {
  const first = firstRead
  const clean = () => L.readOpen(L.initialEditorState, null, first(undefined))
  const typed = () => L.edited(clean(), 'goal', 'x')

  test('closed with answers of its own never sent: kept, with a sentence by outcome; with nothing of its own: closed', () => {
    const s = L.readClosed(typed())
    assert.deepEqual([s.overtaken, s.load.status, s.message.key, L.isLocked(s), L.keepsOnClose(s)], [true, 'ready', 'status.closedElsewhere', true, true])
    assert.equal(L.explained(s.message, 'submitted').key, 'status.answeredElsewhere')
    assert.equal(L.explained(s.message, 'dismissed').key, 'status.dismissedElsewhere')
    assert.equal(L.explained(s.message, 'bypassed').key, 'status.closedElsewhere', 'a bypass is not kept (the Dock lets it go); the sentence stays general')
    assert.equal(L.explained(s.message, undefined).key, 'status.closedElsewhere')
    assert.equal(L.readClosed(clean()).load.status, 'closed')
    assert.equal(L.keepsOnClose(clean()), false)
    const restored = L.readOpen(L.initialEditorState, null, first({ values: { goal: 'from the draft' }, note: '' }))
    assert.equal(L.readClosed(restored).overtaken, true, 'a restored draft is this tab\'s own')
    const reverted = L.edited(typed(), 'goal', clean().values.goal)
    assert.equal(L.readClosed(reverted).load.status, 'closed', 'changed and changed back: nothing to keep')
  })

  test('its own submission, a dismissal of its own: closed, also when the surface closes before the dismiss is answered', () => {
    const pending = L.readOpen(L.submitAnswered(L.submitSent(typed(), 'tss_1'), 'tss_1', { accepted: true, messageId: 'm', phase: 'queued' }),
      { submissionId: 'tss_1', messageId: 'm', phase: 'queued' })
    assert.equal(L.keepsOnClose(pending), false)
    assert.equal(L.readClosed(pending).load.status, 'closed')
    const dismissed = L.dismissAnswered(L.dismissSent(typed(), 'tsd_1'), { dismissed: true })
    assert.equal(L.readClosed(dismissed).load.status, 'closed')
    // The dismissal's command closes the surface in the projection, which can reach the page
    // before the dismiss's own answer: nothing is decided until that answer comes.
    const dismissing = L.dismissSent(typed(), 'tsd_1')
    assert.deepEqual(L.readClosed(dismissing), dismissing, 'a read that finds it closed while the dismiss is on its way: no kept draft')
    assert.equal(L.keepsOnClose(L.dismissAnswered(L.readClosed(dismissing), { dismissed: true })), false, 'its answer lets the editor go')
  })

  test('an attempt of its own not answered yet decides nothing; not-open for its id means another answer closed it', () => {
    const inFlight = L.submitSent(typed(), 'tss_1')
    assert.equal(L.keepsOnClose(L.submitSent(clean(), 'tss_1')), true, 'kept while its fate is unknown, even with nothing typed')
    assert.deepEqual(L.readClosed(inFlight), inFlight)
    const lost = L.submitLost(inFlight, 'tss_1', 'transport')
    assert.deepEqual(L.readClosed(lost), lost, 'a lost answer: its retry (answered idempotently) decides')
    const refused = L.submitAnswered(L.submitSent(clean(), 'tss_1'), 'tss_1', { accepted: false, reason: 'not-open', problems: [] })
    assert.deepEqual([refused.overtaken, refused.submissionId, refused.message.key, L.keepsOnClose(refused)], [true, null, 'status.closedElsewhere', true])
    assert.equal(L.readOpen(refused, null).overtaken, false, 'read open again with nothing pending: editable again')
  })

  test('the other tab\'s pending answer withdrawn: this tab is not told its own was withdrawn; delivered: answered elsewhere', () => {
    const over = L.readOpen(typed(), { submissionId: 'tss_other', messageId: 'm', phase: 'queued' })
    const back = L.readOpen(over, null)
    assert.deepEqual([back.overtaken, back.message.key, back.values.goal], [false, 'status.otherWithdrawn', 'x'])
    const closed = L.readClosed(over)
    assert.deepEqual([closed.overtaken, closed.load.status, L.explained(closed.message, 'submitted').key], [true, 'ready', 'status.answeredElsewhere'],
      'delivered: the sentence says the panel was answered elsewhere, not that another answer waits')
  })

  test('read again after a reload while the other answer is still pending: still a kept draft, not this tab\'s answer on its way', () => {
    const other = { submissionId: 'tss_other', messageId: 'm', phase: 'queued' }
    const kept = L.readOpen(L.initialEditorState, other, first({ values: { goal: 'mine' }, note: '', kept: { title: 't', text: 'x' } }))
    assert.deepEqual([kept.overtaken, kept.submissionId, kept.message.key, kept.values.goal], [true, null, 'status.overtaken', 'mine'])
    const plain = L.readOpen(L.initialEditorState, other, first({ values: { goal: 'mine' }, note: '' }))
    assert.deepEqual([plain.overtaken, plain.submissionId], [false, 'tss_other'], 'a plain draft adopts the pending answer, as before')
  })

  test('every kept-draft text has an English and a Chinese text', () => {
    for (const key of ['status.closedElsewhere', 'status.answeredElsewhere', 'status.dismissedElsewhere', 'status.otherWithdrawn', 'action.copyDraft', 'action.copied', 'action.copyFailed']) {
      assert.ok(L.en[key] && L.zh[key], key)
    }
  })

  test('the sentence a kept draft stores (moved on) is a key whose name the build keeps, so a later build of the bundle still says it', () => {
    assert.ok(L.STORED_KEYS.includes(L.MESSAGES.movedOn) && L.en[L.MESSAGES.movedOn] && L.zh[L.MESSAGES.movedOn])
  })
})

describe('the Dock as a person meets it (issue 45), over the scripted host', () => {
  const done = () => page.evaluate(() => window.DT.unmount())
  const progressLine = () => text('section.tsf-dock [data-progress] .tsf-progress__full')
  const checksSent = async () => (await calls()).filter((c) => c.method === 'check')

  test('the plugin\'s check judges the answers as the user types: its problem shows under the field while the user is still in it', async () => {
    await openDock(open(), '')
    await page.type('section.tsf-dock [data-field=deadline]', 'someday')
    assert.equal((await checksSent()).length, 0, 'nothing asked before the user pauses')
    await fireWhenSet(L.CHECK_MS, 'the check timer')
    const [check] = await checksSent().then((c) => c.length ? c : pageWait(page, () => window.DT.calls().some((c) => c.method === 'check'), null, { what: 'a check' }).then(checksSent))
    assert.deepEqual(check.args, { sessionId: 'ses_1', surfaceId: 'tsf_1', values: { goal: '', formats: ['csv'], who: [], deadline: 'someday', async: null }, locale: 'en' })
    const i = (await calls()).findIndex((c) => c.method === 'check')
    const words = 'Give the deadline as a date, such as 2026-12-01 or 2026-12-15.'
    await answer(i, { checked: true, problems: [
      { code: 'invalid-value', message: words, pointer: '/values/deadline' },
      { code: 'required', message: 'This field is required.', pointer: '/values/goal' },
    ], unanswered: ['goal', 'who'] })
    await waitText('section.tsf-dock [data-field=deadline] ~ .tsf-problems', words)
    const seen = await page.evaluate(() => ({
      focused: document.activeElement?.dataset.field,
      invalid: document.querySelector('section.tsf-dock [data-field=deadline]').getAttribute('aria-invalid'),
      problems: [...document.querySelectorAll('section.tsf-dock .tsf-problem')].map((p) => p.textContent),
      alert: document.querySelector('section.tsf-dock .tsf-alert').textContent,
    }))
    assert.deepEqual(seen, { focused: 'deadline', invalid: 'true', problems: [words], alert: '' },
      'under its field, the user still there; nothing at fields the user did not touch, no "needs attention" line')
    assert.equal((await calls()).filter((c) => c.method === 'submit').length, 0, 'nothing was sent')
    await done()
  })

  test('progress counts the user\'s answers as the plugin\'s check judges them; collapsed, the Dock shows it and that answers are unsent; Escape collapses and never dismisses', async () => {
    await page.evaluate((a) => window.DT.mount(a), ACTIVE)
    await waitCalls(1)
    await answer(0, open())
    await page.waitForSelector('section.tsf-dock [data-field=goal]')
    assert.equal(await page.$('section.tsf-dock [data-progress]'), null, 'nothing said before the plugin judged the answers')
    // The panel asks the plugin as it opens (at once), and after a change once the user pauses.
    await fireWhenSet(0, 'the first check')
    await pageWait(page, () => window.DT.calls().some((c) => c.method === 'check'), null, { what: 'a check' })
    const first = await lastCall('check')
    assert.deepEqual(first.args.values, { goal: '', formats: ['csv'], who: [], deadline: '', async: null }, 'the values the panel starts with')
    await answer(first.i, { checked: true, problems: [{ code: 'required', message: 'required', pointer: '/goal' }], unanswered: ['goal', 'who', 'deadline'] })
    await waitText('section.tsf-dock [data-progress] .tsf-progress__full', '0 of 5 answered · 1 required left')
    await page.click('section.tsf-dock [data-field=async]')
    await page.type('section.tsf-dock [data-field=goal]', 'CSV')
    await fireWhenSet(L.CHECK_MS, 'the check timer')
    await pageWait(page, (n) => window.DT.calls().filter((c) => c.method === 'check').length > n, 1, { what: 'a second check' })
    const second = await lastCall('check')
    assert.deepEqual([second.args.values.goal, second.args.values.async], ['CSV', true])
    await answer(second.i, { checked: true, problems: [], unanswered: ['who', 'deadline'] })
    await waitText('section.tsf-dock [data-progress] .tsf-progress__full', '2 of 5 answered')
    assert.equal(await progressLine(), '2 of 5 answered', 'formats starts as csv: not an answer of the user\'s; the switch flipped and the goal typed are')
    await page.keyboard.press('Escape')
    const collapsed = await page.evaluate(() => ({
      body: document.querySelector('section.tsf-dock .tsf-body').hidden,
      focused: document.activeElement?.dataset.action,
      expanded: document.activeElement?.getAttribute('aria-expanded'),
      line: [...document.querySelectorAll('section.tsf-dock [data-progress] :is(.tsf-progress__full, [data-unsent])')].map((e) => e.textContent),
    }))
    assert.deepEqual(collapsed, { body: true, focused: 'toggle', expanded: 'false', line: ['2 of 5 answered', 'Unsent answers'] })
    await page.keyboard.press('Escape')
    assert.deepEqual((await calls()).filter((c) => c.method === 'dismiss'), [], 'Escape never dismisses')
    await page.keyboard.press('Enter')
    assert.equal(await page.$eval('section.tsf-dock [data-field=goal]', (e) => e.value), 'CSV', 'expanded again, the answers as they were')
    await done()
  })

  test('a refused send says how many answers need attention, in the right number, and the line leads to the first (item 11)', async () => {
    await openDock()
    const sent = await send()
    await answer(sent.i, { accepted: false, reason: 'invalid-submission', problems: [
      { code: 'invalid-value', message: 'Give the deadline as a date.', pointer: '/values/deadline' },
      { code: 'invalid-value', message: 'Say more about the goal.', pointer: '/values/goal' },
    ] })
    const line = 'section.tsf-dock .tsf-alert button'
    await waitText(line, '2 answers need attention')
    // Focus elsewhere; the line takes it to the first answer in the form's order.
    await page.focus('section.tsf-dock [data-action=dismiss]')
    await page.click(line)
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.field), 'goal')
    await page.type('section.tsf-dock [data-field=goal]', ' and PDF')
    await waitText(line, '1 answer needs attention')
    await page.click(line)
    assert.equal(await page.evaluate(() => document.activeElement?.closest('[data-field]')?.dataset.field ?? document.activeElement?.dataset.field), 'deadline')
    assert.deepEqual([L.zh['dock.attention'].replace('{count}', 2), L.zh['dock.attention1']], ['2 项内容需要修改', '1 项内容需要修改'])
    assert.deepEqual([L.en['dock.attention'].replace('{count}', 2), L.en['dock.attention1']], ['2 answers need attention', '1 answer needs attention'])
    await done()
  })

  test('collapsing is the tab\'s own and the same for every surface: a second surface opens expanded as the first did, collapses alike, and neither is remembered across a reload (item 12)', async () => {
    const state = () => page.evaluate(() => {
      const d = document.querySelector('section.tsf-dock')
      return { surface: d?.dataset.surfaceId, expanded: d?.querySelector('[data-action=toggle]').getAttribute('aria-expanded'), body: d?.querySelector('.tsf-body').hidden }
    })
    /** Answer the read of `surfaceId` that the Dock asks for as that surface's editor mounts. */
    const opened = async (surfaceId, callId = `call_${surfaceId}`) => {
      await pageWait(page, (id) => window.DT.calls().some((c) => c.method === 'getActive' && c.args.surfaceId === id && c.open), surfaceId, { what: `the read of ${surfaceId}` })
      const read = (await calls()).map((c, i) => ({ ...c, i })).filter((c) => c.method === 'getActive' && c.args.surfaceId === surfaceId && c.open).at(-1)
      await answer(read.i, open({ callId, surfaceId }))
      await page.waitForSelector(`section.tsf-dock[data-surface-id=${surfaceId}] [data-field=goal]`)
    }
    const collapse = async () => {
      await page.click('section.tsf-dock [data-action=toggle]')
      await page.waitForSelector('section.tsf-dock .tsf-body[hidden]')
    }
    await page.evaluate((a) => window.DT.mount(a), ACTIVE)
    await opened('tsf_1', ACTIVE.callId)
    assert.deepEqual(await state(), { surface: 'tsf_1', expanded: 'true', body: false }, 'the first surface opens expanded')
    await collapse()
    assert.deepEqual(await state(), { surface: 'tsf_1', expanded: 'false', body: true })
    // A new surface: the first's collapse does not carry over; it opens expanded and collapses alike.
    await page.evaluate(() => {
      window.DT.project({ callId: 'call_tsf_2', surfaceId: 'tsf_2' }, [{ surfaceId: 'tsf_1', outcome: 'replaced' }])
      window.DT.fire(0) // the page's next task: the new editor's read on mount
    })
    await opened('tsf_2')
    assert.deepEqual(await state(), { surface: 'tsf_2', expanded: 'true', body: false }, 'the second surface opens expanded, as the first did')
    await collapse()
    assert.deepEqual(await state(), { surface: 'tsf_2', expanded: 'false', body: true }, 'and collapses the same way')
    // Not stored: nothing in the drafts or elsewhere in storage says collapsed, and a reload opens it expanded.
    assert.doesNotMatch(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })), /collaps/i)
    await page.evaluate(() => window.DT.reload({ callId: 'call_tsf_2', surfaceId: 'tsf_2' }))
    await opened('tsf_2')
    assert.deepEqual(await state(), { surface: 'tsf_2', expanded: 'true', body: false }, 'after a reload, expanded again')
    await done()
  })

  test('Dismiss with typed answers asks first: "Keep answering" keeps them, "Give up answering" dismisses; the live region says what happened', async () => {
    await openDock()
    await page.focus('section.tsf-dock [data-action=dismiss]')
    await page.keyboard.press('Enter')
    await waitText('section.tsf-dock .tsf-alert', 'Give up answering? Your answers will not be sent.')
    assert.deepEqual(await page.evaluate(() => [document.activeElement?.dataset.action, document.querySelector('section.tsf-dock [data-action=submit]')]),
      ['keep', null], 'focus on the safe answer; no Submit while the question is asked')
    assert.equal((await calls()).filter((c) => c.method === 'dismiss').length, 0, 'nothing recorded yet')
    await page.keyboard.press('Enter')
    assert.deepEqual(await page.evaluate(() => [document.activeElement?.dataset.action, document.querySelector('section.tsf-dock [data-field=goal]').value]), ['dismiss', 'CSV for finance'])
    await page.keyboard.press('Enter')
    await page.keyboard.press('Escape')
    assert.equal(await page.$('section.tsf-dock [data-action=keep]'), null, 'Escape answers the question "no"')
    await page.click('section.tsf-dock [data-action=dismiss]')
    await page.click('section.tsf-dock [data-action=give-up]')
    await waitCalls(2)
    const sent = await lastCall('dismiss')
    await answer(sent.i, { dismissed: true, eventSeq: 7 })
    await page.evaluate(() => window.DT.project(null, [{ callId: 'call_1', surfaceId: 'tsf_1', outcome: 'dismissed', seq: 7 }]))
    await page.waitForSelector('section.tsf-dock', { hidden: true })
    assert.equal(await text('[data-task-surface-dock] [data-announce]'), 'Dismissed')
    await done()
  })

  test('the conversation moved on: the answers stay to copy, also once that message closes the surface and after a reload', async () => {
    await openDock(open(), 'typed before the message')
    const sent = await send()
    await answer(sent.i, { accepted: false, reason: 'moved-on', problems: [] })
    await waitText('section.tsf-dock .tsf-status', 'The conversation moved on: a message was sent before your answers, so they were not sent.')
    assert.deepEqual(await page.$eval('section.tsf-dock [data-field=goal]', (e) => [e.value, e.disabled]), ['typed before the message', true])
    const bypassed = [{ callId: 'call_1', surfaceId: 'tsf_1', outcome: 'bypassed', seq: 9 }]
    await page.evaluate((o) => window.DT.project(null, o), bypassed)
    await frames()
    assert.match(await text('section.tsf-dock .tsf-status'), /The conversation moved on/, 'the ordinary message closing it does not take the answers away')
    await page.evaluate((o) => window.DT.reload(null, o), bypassed)
    await page.waitForSelector('section.tsf-dock[data-state=kept]')
    assert.match(await text('section.tsf-dock[data-state=kept]'), /The conversation moved on/)
    await page.click('section.tsf-dock [data-action=close]')
    await page.waitForSelector('section.tsf-dock', { hidden: true })
    await done()
  })

  test('an accepted answer the harness lost: after a reload the answers come back with the notice and Submit ready; nothing is sent without a click', async () => {
    await openDock(open(), 'accepted, then lost')
    const sent = await send()
    await answer(sent.i, { accepted: true, messageId: 'tsm_1', phase: 'queued' })
    await pageWait(page, () => window.DT.drafts().tsf_1?.accepted?.messageId === 'tsm_1', null, { what: 'the acceptance in the draft' })
    await page.evaluate((a) => window.DT.reload(a), ACTIVE)
    await waitCalls(1)
    await answer(0, open())
    await waitText('section.tsf-dock .tsf-alert', 'Your answers did not reach the conversation: the harness restarted before the agent took them.')
    const look = await page.evaluate(() => ({
      goal: document.querySelector('section.tsf-dock [data-field=goal]').value,
      submit: document.querySelector('section.tsf-dock [data-action=submit]').disabled,
      tone: document.querySelector('section.tsf-dock .tsf-alert').dataset.tone,
    }))
    assert.deepEqual(look, { goal: 'accepted, then lost', submit: false, tone: 'notice' })
    await frames()
    assert.deepEqual((await calls()).map((c) => c.method), ['getActive'], 'nothing sent by itself')
    const again = await send()
    assert.notEqual(again.args.submissionId, sent.args.submissionId, 'sent again as a new attempt, by the user\'s click')
    await done()
  })
})
