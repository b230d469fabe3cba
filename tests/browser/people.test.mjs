// The client bundle in the real harness as different people see it: the harness's light and
// dark themes, a 360 px wide screen, and zh chrome through the harness locale (Debian's
// Chromium against `dsh web`, as in task-surface.test.mjs).
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { clickInDock, example, openSurfacePage as openSurface, sessionWithSurface } from './support/app.mjs'
import { DOCK, SHOTS, useSuite } from './support/suite.mjs'

let h, browser
useSuite({ onStart: (s) => ({ h, browser } = s) })

/** A fresh page on the app with the session selected and its Dock ready. */
const openSurfacePage = (s, options) => openSurface(browser, h, s, options)

describe('people: themes, narrow screens, languages', () => {
  test('light and dark follow the page tokens; at 360 px the grid is one column and nothing overflows', async () => {
    const s = await sessionWithSurface(h, example('compare-options'))
    const shots = [
      { name: 'dock-dark.png', dark: true, viewport: { width: 1280, height: 860 } },
      { name: 'dock-360-light.png', dark: false, viewport: { width: 360, height: 760, deviceScaleFactor: 2 } },
      { name: 'dock-360-dark.png', dark: true, viewport: { width: 360, height: 760, deviceScaleFactor: 2 } },
    ]
    const backgrounds = {}
    for (const shot of shots) {
      const { page } = await openSurfacePage(s, { dark: shot.dark, viewport: shot.viewport })
      assert.equal(await page.evaluate(() => document.body.hasAttribute('data-ds-dark-theme')), shot.dark)
      backgrounds[shot.name] = await page.$eval(DOCK, (e) => getComputedStyle(e).backgroundColor)
      const layout = await page.$eval(DOCK, (e) => {
        const r = e.getBoundingClientRect()
        const grid = e.querySelector('.tsf-grid')
        return {
          left: r.left, right: r.right, vw: window.innerWidth, overflow: e.scrollWidth - e.clientWidth,
          bodyOverflow: document.documentElement.scrollWidth - window.innerWidth,
          tracks: getComputedStyle(grid).gridTemplateColumns.split(' ').length,
          submitVisible: (() => { const b = e.querySelector('[data-action=submit]').getBoundingClientRect(); return b.right <= window.innerWidth && b.width > 0 })(),
        }
      })
      assert.ok(layout.left >= 0 && layout.right <= layout.vw, `the panel is inside the window (${layout.left}..${layout.right} of ${layout.vw})`)
      assert.ok(layout.overflow <= 0, 'nothing overflows the panel sideways')
      assert.ok(layout.bodyOverflow <= 0, 'the page does not scroll sideways')
      assert.equal(layout.tracks, shot.viewport.width === 360 ? 1 : 3)
      assert.equal(layout.submitVisible, true)
      await page.screenshot({ path: join(SHOTS, shot.name) })
      await page.close()
    }
    const light = await (async () => {
      const { page } = await openSurfacePage(s)
      const bg = await page.$eval(DOCK, (e) => getComputedStyle(e).backgroundColor)
      await page.close()
      return bg
    })()
    assert.notEqual(backgrounds['dock-dark.png'], light, 'the dark theme changes the panel')
  })

  test('zh chrome through the harness locale; the model\'s own text stays as written', async () => {
    const s = await sessionWithSurface(h, example('release-gate'))
    const { page, requests } = await openSurfacePage(s, { zh: true })
    const chrome = await page.evaluate((sel) => ({
      lang: document.documentElement.lang,
      badge: document.querySelector(`${sel} .tsf-badge`).textContent,
      dismiss: document.querySelector(`${sel} [data-action=dismiss]`).textContent,
      note: document.querySelector(`${sel} .tsf-actions .tsf-link-button`).textContent,
      collapse: document.querySelector(`${sel} .tsf-collapse`).getAttribute('aria-label'),
      toggle: document.querySelector(`${sel} .tsf-switch__state`).textContent,
      row: document.querySelector('[data-task-surface-row] [data-status]').textContent,
      title: document.querySelector(`${sel} .tsf-title`).textContent,
      notice: document.querySelector(`${sel} .tsf-notice .tsf-sr`).textContent,
    }), DOCK)
    assert.deepEqual(chrome, {
      lang: chrome.lang,
      badge: '任务面板',
      dismiss: '关闭',
      note: '添加备注',
      collapse: '收起面板',
      toggle: '关',
      row: '待答复 — 请在输入框上方的面板中作答',
      title: '任务面板: Release gate for v2.4.0',
      notice: '警告: ',
    })
    await page.screenshot({ path: join(SHOTS, 'dock-zh.png') })
    // Collapse is local: it sends nothing and keeps the answers.
    await clickInDock(page, `${DOCK} input[data-field=changelog]`)
    const sentBefore = requests.filter((r) => r.url.includes('/api/taskSurface/')).length
    await page.click(`${DOCK} .tsf-collapse`)
    assert.equal(await page.$eval(`${DOCK} .tsf-body`, (e) => e.hidden), true)
    assert.equal(await page.$eval(`${DOCK} .tsf-collapse`, (e) => e.getAttribute('aria-expanded')), 'false')
    await page.click(`${DOCK} .tsf-collapse`)
    assert.equal(await page.$eval(`${DOCK} input[data-field=changelog]`, (e) => e.checked), true)
    assert.equal(requests.filter((r) => r.url.includes('/api/taskSurface/')).length, sentBefore, 'collapsing sent nothing')
    await page.close()
  })
})
