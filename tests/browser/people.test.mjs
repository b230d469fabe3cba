// The client bundle in the real harness as different people see it: the harness's light and
// dark themes, a 360 px wide screen (the agent's content behind the header's "i", a table that
// scrolls sideways with whole words in its cells), and zh chrome through the harness locale
// (Dismiss says it gives up answering; collapsed, by the toggle or Escape, the Dock keeps its
// progress and says the answers are unsent) (Debian's Chromium against `dsh web`, as in
// task-surface.test.mjs).
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
      if (shot.viewport.width === 360) await page.click(`${DOCK} [data-action=context]`) // what the agent shows, folded on a phone
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
      // A table reads at any width: no cell breaks a word ("Op/tio/n"); a narrow one scrolls sideways.
      const broken = await page.$eval(`${DOCK} .tsf-table__scroll`, (box) => [...box.querySelectorAll('th, td')].filter((c) => {
        const style = getComputedStyle(c)
        const room = c.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
        return c.textContent.split(/\s+/).filter(Boolean).some((word) => {
          const probe = document.createElement('span')
          probe.textContent = word
          probe.style.whiteSpace = 'nowrap'
          c.append(probe)
          const wide = probe.getBoundingClientRect().width
          probe.remove()
          return wide > room + 0.5
        })
      }).map((c) => c.textContent))
      assert.deepEqual(broken, [], `${shot.name}: whole words in every cell (the table scrolls sideways instead)`)
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
      note: document.querySelector(`${sel} .tsf-add-note`).textContent,
      collapse: document.querySelector(`${sel} .tsf-collapse`).getAttribute('aria-label'),
      toggle: document.querySelector(`${sel} .tsf-switch__state`).textContent,
      row: document.querySelector('[data-task-surface-row] [data-status]').textContent,
      title: document.querySelector(`${sel} .tsf-title`).textContent,
      notice: document.querySelector(`${sel} .tsf-notice .tsf-sr`).textContent,
    }), DOCK)
    assert.deepEqual(chrome, {
      lang: chrome.lang,
      badge: '任务面板',
      dismiss: '放弃作答',
      note: '添加备注',
      collapse: '收起面板',
      toggle: '关',
      row: '待答复 — 请在输入框上方的面板中作答',
      title: '任务面板: Release gate for v2.4.0',
      notice: '警告: ',
    })
    await page.screenshot({ path: join(SHOTS, 'dock-zh.png') })
    // Collapse is local: it sends nothing and keeps the answers; collapsed, the header keeps the
    // progress and says the answers are unsent. Escape collapses too, and never dismisses.
    assert.equal(await page.$eval(`${DOCK} [data-progress] .tsf-progress__full`, (e) => e.textContent), '已回答 0 / 4 项', 'untouched switches are no answer')
    await clickInDock(page, `${DOCK} input[data-field=changelog]`)
    const sentBefore = requests.filter((r) => r.url.includes('/api/taskSurface/') && !r.url.endsWith('/check')).length
    await page.click(`${DOCK} .tsf-collapse`)
    const collapsed = () => page.$eval(DOCK, (e) => ({
      hidden: e.querySelector('.tsf-body').hidden,
      expanded: e.querySelector('.tsf-collapse').getAttribute('aria-expanded'),
      progress: e.querySelector('[data-progress] .tsf-progress__full')?.textContent,
      unsent: e.querySelector('[data-unsent]')?.textContent,
    }))
    assert.deepEqual(await collapsed(), { hidden: true, expanded: 'false', progress: '已回答 1 / 4 项', unsent: '答复未发送' })
    await page.screenshot({ path: join(SHOTS, 'dock-collapsed-zh.png') })
    await page.click(`${DOCK} .tsf-collapse`)
    assert.equal(await page.$eval(`${DOCK} input[data-field=changelog]`, (e) => e.checked), true)
    await page.$eval(`${DOCK} input[data-field=migrations]`, (e) => e.focus())
    await page.keyboard.press('Escape')
    assert.deepEqual(await collapsed(), { hidden: true, expanded: 'false', progress: '已回答 1 / 4 项', unsent: '答复未发送' }, 'Escape collapses')
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.action), 'toggle', 'focus on the toggle that expands it')
    await page.keyboard.press('Escape')
    await page.keyboard.press('Enter')
    assert.equal(await page.$eval(`${DOCK} input[data-field=changelog]`, (e) => e.checked), true)
    assert.equal(requests.filter((r) => r.url.includes('/api/taskSurface/') && !r.url.endsWith('/check')).length, sentBefore, 'collapsing sent nothing, Escape dismissed nothing')
    assert.equal(await page.$(`[data-task-surface-row][data-status="dismissed"]`), null)
    await page.close()
  })
})
