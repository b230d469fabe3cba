// axe-core in the page, for the accessibility audits (a11y.test.mjs, and the Dock's notices that
// only another test can bring about, such as the restart notice in dock-harness-death.test.mjs).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { DOCK } from './suite.mjs'

/** axe-core's browser build (pinned in tests/browser/package.json), to evaluate in a page. */
export const AXE = readFileSync(join(dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js'), 'utf8')

/**
 * In the page: run axe (already injected) over `include` (or the whole page but `exclude`),
 * only the rules `runOnly` when given, and return its violations, incomplete checks and passed
 * rules, reduced to what the report keeps. With `stepDock`, the Dock's scrolling body is then
 * stepped through a screenful at a time and colour contrast checked at each step (axe judges
 * contrast only for what is on screen). dsh's shell overlay, an empty, transparent,
 * click-through layer over the whole page, is hidden while axe runs: axe's stacking grid takes
 * it for a cover and would leave every contrast check incomplete.
 */
export function runAxe(page, { include, exclude, runOnly, stepDock = false }) {
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

/** The serious and critical violations: the ones that fail a test. */
export const blocking = (violations) => violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')

/** Violations as lines a failing assertion prints. */
export const describeViolations = (violations) => violations.map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('\n')

/** Audits the Dock on `page` as it is (axe's default rules): its serious and critical violations. */
export async function dockViolations(page) {
  await page.evaluate(AXE)
  return blocking((await runAxe(page, { include: [DOCK] })).violations)
}
