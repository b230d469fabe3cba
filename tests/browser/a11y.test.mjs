// An accessibility audit of what the bundle draws, with axe-core in Debian's Chromium against the
// real harness (one `dsh web` for the file): the Dock and its transcript row for every example in
// examples/surfaces, in the light and dark themes at 1280 px, at 360 px (light and dark) and with
// the zh chrome; then the row once submitted (its replay open, the answers in it) and once
// dismissed, and the Dock showing the problems of a refused submit. Each page must have no
// serious or critical violation inside the Dock and the row (axe's default rules; colour contrast
// also in a 4000 px tall window, so the Dock's scrolled-away parts are measured too). dsh's own
// page (which the bundle does not own) is audited once per page setup and only reported. The
// report, per page the counts by impact and each violation's rule, help and target nodes (and
// axe's incomplete checks, such as row text the Dock covers), is written to
// tests/browser/artifacts/a11y/ (report.json and summary.md; git-ignored, CI keeps it).
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { REPO } from '../e2e/support/harness.mjs'
import { dockReady, example, openApp, sessionWithSurface, sleep, waitFor } from './support/app.mjs'
import { openPage } from './support/browser.mjs'
import { DOCK, DISMISS, SUBMIT, dockGone, useSuite } from './support/suite.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const OUT = join(here, 'artifacts', 'a11y')
const AXE = readFileSync(join(dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js'), 'utf8')
const ROW = '[data-task-surface-row]'
const IMPACTS = ['critical', 'serious', 'moderate', 'minor']
const SURFACES = readdirSync(join(REPO, 'examples', 'surfaces')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort()

const SETUPS = [
  { name: 'light 1280', dark: false, viewport: { width: 1280, height: 860 } },
  { name: 'dark 1280', dark: true, viewport: { width: 1280, height: 860 } },
  { name: 'light 360', dark: false, viewport: { width: 360, height: 760 } },
  { name: 'dark 360', dark: true, viewport: { width: 360, height: 760 } },
  { name: 'zh 1280', dark: false, zh: true, viewport: { width: 1280, height: 860 } },
]

let h, browser
const sessions = {}
useSuite({
  onStart: async (s) => {
    ;({ h, browser } = s)
    for (const name of SURFACES) sessions[name] = await sessionWithSurface(h, example(name))
  },
})

/** What the report holds: our pages, dsh's own page per setup. */
const report = { axe: '', pages: [], dsh: [] }

/**
 * In the page: run axe (already injected) over `include` (or the whole page but `exclude`),
 * only the rules `runOnly` when given, and return its violations, incomplete checks and passed
 * rules, reduced to what the report keeps. With `stepDock`, the Dock's scrolling body is then
 * stepped through a screenful at a time and colour contrast checked at each step (axe judges
 * contrast only for what is on screen). dsh's shell overlay, an empty, transparent,
 * click-through layer over the whole page, is hidden while axe runs: axe's stacking grid takes
 * it for a cover and would leave every contrast check incomplete.
 */
function runAxe(page, { include, exclude, runOnly, stepDock = false }) {
  return page.evaluate(async (include, exclude, runOnly, stepDock, dockSel) => {
    const frames = (n) => new Promise((resolve) => {
      const next = () => (n-- <= 0 ? resolve() : requestAnimationFrame(next))
      next()
    })
    const overlay = document.querySelector('[data-shell-overlay]')
    const empty = overlay && getComputedStyle(overlay).pointerEvents === 'none'
      && [...overlay.querySelectorAll('*')].every((e) => { const r = e.getBoundingClientRect(); return r.width === 0 || r.height === 0 })
    if (empty) overlay.style.visibility = 'hidden'
    const keep = (items) => items.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String), html: n.html.slice(0, 240), summary: n.failureSummary ?? '' })),
    }))
    const options = { resultTypes: ['violations', 'incomplete'], ...(runOnly ? { runOnly } : {}) }
    try {
      const context = include ? { include: include.map((s) => [s]) } : { exclude: exclude.map((s) => [s]) }
      const res = await axe.run(context, options)
      const out = { violations: keep(res.violations), incomplete: keep(res.incomplete), passes: res.passes.map((p) => p.id), steps: 1 }
      const body = stepDock ? document.querySelector(`${dockSel} .tsf-body`) : null
      if (body && body.scrollHeight > body.clientHeight) {
        const start = body.scrollTop
        for (let top = body.clientHeight; top < body.scrollHeight; top += body.clientHeight) {
          body.scrollTop = top
          await frames(2) // what content-visibility skipped lays out
          const more = await axe.run({ include: [[dockSel]] }, options)
          out.violations.push(...keep(more.violations))
          out.incomplete.push(...keep(more.incomplete))
          out.steps++
        }
        body.scrollTop = start
      }
      return out
    } finally {
      if (empty) overlay.style.visibility = ''
    }
  }, include ?? null, exclude ?? null, runOnly ?? null, stepDock, DOCK)
}

/** Violations (or incomplete checks) of several runs as one list: one entry per rule, each node once. */
function merged(...lists) {
  const out = []
  for (const v of lists.flat()) {
    const have = out.find((x) => x.id === v.id)
    if (!have) { out.push({ ...v, nodes: [...v.nodes] }); continue }
    for (const n of v.nodes) if (!have.nodes.some((m) => m.target.join(' ') === n.target.join(' '))) have.nodes.push(n)
  }
  return out
}

const countsOf = (violations) => Object.fromEntries(IMPACTS.map((i) => [i, violations.filter((v) => v.impact === i).reduce((n, v) => n + v.nodes.length, 0)]))
const blocking = (violations) => violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
const describeViolations = (violations) => violations.map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('\n')

/**
 * Audit the Dock (unless `dock` is false) and the row on the page as it is, record it, and
 * require no serious or critical violation. Every rule runs at the page's own size; colour
 * contrast then runs again in a window 4000 px tall, where the Dock's body and the row's replay
 * show (nearly) all they hold, the body stepped through for the rest.
 */
async function auditOurs(page, name, { dock = true } = {}) {
  const started = Date.now()
  await page.evaluate(AXE)
  const include = dock ? [DOCK, ROW] : [ROW]
  const res = await runAxe(page, { include })
  const viewport = page.viewport()
  await page.setViewport({ ...viewport, height: 4000 })
  await page.waitForFunction((sel) => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(document.querySelector(sel) !== null)))), {}, dock ? DOCK : ROW)
  const tall = await runAxe(page, { include, runOnly: ['color-contrast'], stepDock: dock })
  await page.setViewport(viewport)
  const violations = merged(res.violations, tall.violations)
  const incomplete = merged(res.incomplete, tall.incomplete)
  report.axe ||= await page.evaluate(() => axe.version)
  report.pages.push({ page: name, counts: countsOf(violations), violations,
    incomplete, contrastSteps: tall.steps })
  // The audit looked at something: contrast and names were computed for the panel's own parts.
  assert.ok(res.passes.includes('color-contrast') && tall.passes.includes('color-contrast'), `contrast was measured on ${name} (not left incomplete everywhere)`)
  if (dock) assert.ok(res.passes.includes('button-name'), `the Dock's buttons were audited on ${name}`)
  const bad = blocking(violations)
  assert.equal(bad.length, 0, `serious or critical violations on ${name}:\n${describeViolations(bad)}`)
  return { counts: countsOf(violations), ms: Date.now() - started }
}

/**
 * Show a session on a page that is already open, as a user does from the sidebar: open the
 * sidebar when it is folded away (360 px), unfold the group and its "Show N more sessions"
 * (dsh lists five), then click the session.
 */
async function showSession(page, s) {
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
  }, { what: `session "${s.title}" in the sidebar`, timeoutMs: 20_000 })
  await dockReady(page, s.surfaceId)
}

/** Open the row's read-only replay (its summary is a disclosure button) and bring it into view. */
async function openReplay(page) {
  const button = await page.waitForSelector(`${ROW} button[aria-expanded]`, { timeout: 20_000 })
  // Activated as by the keyboard: at 360 px the Dock and the composer cover the transcript's end.
  await button.evaluate((b) => { if (b.getAttribute('aria-expanded') === 'false') b.click() })
  await page.waitForSelector(`${ROW} .tsf-row__replay`, { timeout: 10_000 })
  await page.$eval(ROW, (e) => e.scrollIntoView({ block: 'start' }))
}

after(() => {
  mkdirSync(OUT, { recursive: true })
  writeFileSync(join(OUT, 'report.json'), JSON.stringify(report, null, 2) + '\n')
  const line = (name, c, ids) => `| ${name} | ${IMPACTS.map((i) => c[i]).join(' | ')} | ${ids.join(', ')} |`
  const md = [
    `# Accessibility audit (axe-core ${report.axe})`,
    '',
    'Scope: the Task Surface Dock and its transcript row. Node counts by impact; serious and critical fail the test.',
    '',
    '| page | critical | serious | moderate | minor | rules |',
    '| --- | --- | --- | --- | --- | --- |',
    ...report.pages.map((p) => line(p.page, p.counts, p.violations.map((v) => `${v.id} (${v.impact})`))),
    '',
    '## dsh\'s own page (not ours; information only)',
    '',
    '| page setup | critical | serious | moderate | minor | rules |',
    '| --- | --- | --- | --- | --- | --- |',
    ...report.dsh.map((p) => line(p.setup, p.counts, p.violations.map((v) => `${v.id} (${v.impact})`))),
    '',
  ].join('\n')
  writeFileSync(join(OUT, 'summary.md'), md)
})

for (const setup of SETUPS) {
  describe(`a11y: ${setup.name}`, () => {
    let page
    before(async () => {
      ;({ page } = await openPage(browser, setup.viewport))
      await openApp(page, h, setup)
    })
    after(() => page?.close())

    for (const name of SURFACES) {
      test(`${name}: no serious or critical violation in the Dock and its row`, async () => {
        const s = sessions[name]
        await showSession(page, s)
        await page.waitForSelector(`${ROW}[data-surface-id="${s.surfaceId}"][data-status="open"]`, { timeout: 20_000 })
        // The page is what it claims to be: its theme, its width, its language.
        assert.equal(await page.evaluate(() => document.body.hasAttribute('data-ds-dark-theme')), setup.dark)
        assert.equal(await page.evaluate(() => window.innerWidth), setup.viewport.width)
        assert.equal(await page.$eval(`${DOCK} .tsf-badge`, (e) => e.textContent), setup.zh ? '任务面板' : 'Task Surface')
        await openReplay(page)
        if (name === SURFACES[0]) {
          await page.evaluate(AXE)
          const res = await runAxe(page, { exclude: ['[data-task-surface-dock]', ROW] })
          report.dsh.push({ setup: setup.name, counts: countsOf(res.violations), violations: res.violations })
        }
        await auditOurs(page, `${setup.name} / ${name}`)
      })
    }
  })
}

describe('a11y: the row once settled, the Dock with a refused submit', () => {
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light'
    test(`${theme}: the submitted row with its answers, the dismissed row`, async () => {
      const submitted = await sessionWithSurface(h, example('compare-options'))
      const dismissed = await sessionWithSurface(h, example('review-change'))
      const { page } = await openPage(browser, { width: 1280, height: 860 })
      await openApp(page, h, { dark })
      await showSession(page, submitted)
      h.llm.reply({ text: 'Noted.' })
      await page.click(SUBMIT)
      await dockGone(page)
      await page.waitForSelector(`${ROW}[data-status="submitted"]`, { timeout: 20_000 })
      await openReplay(page)
      await page.waitForSelector(`${ROW} .tsf-answers`)
      await auditOurs(page, `${theme} 1280 / compare-options, row submitted`, { dock: false })

      await showSession(page, dismissed)
      await page.click(DISMISS)
      await dockGone(page)
      await page.waitForSelector(`${ROW}[data-status="dismissed"]`, { timeout: 20_000 })
      await openReplay(page)
      await auditOurs(page, `${theme} 1280 / review-change, row dismissed`, { dock: false })
      await page.close()
    })
  }

  test('light: the Dock showing the problems of a refused submit', async () => {
    const { page } = await openPage(browser, { width: 1280, height: 860 })
    await openApp(page, h)
    const s = sessions['requirement-intake']
    await showSession(page, s)
    await page.click(SUBMIT)
    await page.waitForSelector(`${DOCK} [aria-invalid="true"]`, { timeout: 10_000 })
    await auditOurs(page, 'light 1280 / requirement-intake, refused submit')
    await page.close()
  })
})
