// An accessibility audit of what the bundle draws, with axe-core in Debian's Chromium against the
// real harness (one `dsh web` for the file): the Dock and its transcript row (its replay open)
// for every example in examples/surfaces, in the light and dark themes at 1280 px, at 360×740
// (light and dark) and with the zh chrome, and the collapsed Dock in each; then the row once
// submitted (its replay open, the answers under each field's help) and once dismissed, and the
// Dock showing the problems of a refused submit. (The restart notice is audited where a test
// brings it about: dock-harness-death.test.mjs.) At 360×740 each example's Dock is also
// measured as a phone shows it when it opens (issue 45, item 1; support/room.mjs): the
// conversation keeps a quarter of the height, the header and the footer take one line each, and
// the first question is in view with its first three options, or three matrix rows. Each page must have no
// serious or critical violation inside the Dock and the row (axe's default rules; colour contrast
// also in a 4000 px tall window, so the Dock's scrolled-away parts are measured too). dsh's own
// page (which the bundle does not own) is audited once per page setup and only reported. The
// report, per page the counts by impact and each violation's rule, help and target nodes (and
// axe's incomplete checks, such as row text the Dock covers), is written to
// tests/browser/artifacts/a11y/ (report.json and summary.md; git-ignored, CI keeps it).
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { REPO } from '../e2e/support/harness.mjs'
import { dockReady, example, openApp, sessionWithSurface, showSession } from './support/app.mjs'
import { openPage } from './support/browser.mjs'
import { AXE, blocking, describeViolations, runAxe } from './support/axe.mjs'
import { dockRoom, roomy } from './support/room.mjs'
import { DOCK, DISMISS, SUBMIT, dockGone, useSuite, EVENT_MS } from './support/suite.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const OUT = join(here, 'artifacts', 'a11y')
const ROW = '[data-task-surface-row]'
const IMPACTS = ['critical', 'serious', 'moderate', 'minor']
const SURFACES = readdirSync(join(REPO, 'examples', 'surfaces')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort()

const SETUPS = [
  { name: 'light 1280', dark: false, viewport: { width: 1280, height: 860 } },
  { name: 'dark 1280', dark: true, viewport: { width: 1280, height: 860 } },
  { name: 'light 360', dark: false, viewport: { width: 360, height: 740 } },
  { name: 'dark 360', dark: true, viewport: { width: 360, height: 740 } },
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

/** Open the row's read-only replay (its summary is a disclosure button) and bring it into view. */
async function openReplay(page) {
  const button = await page.waitForSelector(`${ROW} button[aria-expanded]`, { timeout: EVENT_MS })
  // Activated as by the keyboard: at 360 px the Dock and the composer cover the transcript's end.
  await button.evaluate((b) => { if (b.getAttribute('aria-expanded') === 'false') b.click() })
  await page.waitForSelector(`${ROW} .tsf-row__replay`, { timeout: EVENT_MS })
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
        await page.waitForSelector(`${ROW}[data-surface-id="${s.surfaceId}"][data-status="open"]`, { timeout: EVENT_MS })
        // The page is what it claims to be: its theme, its width, its language.
        assert.equal(await page.evaluate(() => document.body.hasAttribute('data-ds-dark-theme')), setup.dark)
        assert.equal(await page.evaluate(() => window.innerWidth), setup.viewport.width)
        assert.equal(await page.$eval(`${DOCK} .tsf-badge`, (e) => e.textContent), setup.zh ? '任务面板' : 'Task Surface')
        if (setup.viewport.width === 360) {
          // As a phone shows it: the sidebar, opened to pick the session, folded away again.
          await page.evaluate(() => document.querySelector('button[aria-label="Collapse sidebar"], button[aria-label="收起侧边栏"]')?.click())
          await dockReady(page, s.surfaceId)
          const room = await dockRoom(page)
          assert.ok(roomy(room), `${name} at 360×740: room for the first question ${JSON.stringify(room)}`)
        }
        await openReplay(page)
        if (name === SURFACES[0]) {
          await page.evaluate(AXE)
          const res = await runAxe(page, { exclude: ['[data-task-surface-dock]', ROW] })
          report.dsh.push({ setup: setup.name, counts: countsOf(res.violations), violations: res.violations })
        }
        await auditOurs(page, `${setup.name} / ${name}`)
        if (name === SURFACES[0]) {
          // Collapsed: the header alone, with the progress.
          await page.click(`${DOCK} [data-action=toggle]`)
          await page.waitForSelector(`${DOCK} .tsf-body[hidden]`)
          await auditOurs(page, `${setup.name} / ${name}, collapsed`)
          await page.click(`${DOCK} [data-action=toggle]`)
        }
      })
    }
  })
}

describe('a11y: the row once settled, the Dock with a refused submit', () => {
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light'
    test(`${theme}: the submitted row with its answers under each field's help, the dismissed row`, async () => {
      const submitted = await sessionWithSurface(h, example('triage-matrix'))
      const dismissed = await sessionWithSurface(h, example('review-change'))
      const { page } = await openPage(browser, { width: 1280, height: 860 })
      await openApp(page, h, { dark })
      await showSession(page, submitted)
      for (const row of ['upload-retry', 'cache-eviction', 'ws-reconnect']) await page.click(`${DOCK} [data-row=${row}] input[value=fix]`)
      h.llm.reply({ text: 'Noted.' })
      await page.click(SUBMIT)
      await dockGone(page)
      await page.waitForSelector(`${ROW}[data-status="submitted"]`, { timeout: EVENT_MS })
      await openReplay(page)
      await page.waitForSelector(`${ROW} .tsf-answers .tsf-answer__help`)
      await auditOurs(page, `${theme} 1280 / triage-matrix, row submitted`, { dock: false })

      await showSession(page, dismissed)
      await page.click(DISMISS)
      await dockGone(page)
      await page.waitForSelector(`${ROW}[data-status="dismissed"]`, { timeout: EVENT_MS })
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
    await page.waitForSelector(`${DOCK} [aria-invalid="true"]`, { timeout: EVENT_MS })
    await auditOurs(page, 'light 1280 / requirement-intake, refused submit')
    await page.close()
  })
})
