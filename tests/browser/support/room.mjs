// Where the Dock leaves room, measured in the page as a person sees it: how much of the window's
// height the conversation keeps above the Dock (between the page's tabs and the Dock's top), how
// many lines the Dock's header and its footer take, and how much of the first question is in
// view in the Dock's scrolling body: its label, and its first options (a choice's or a
// multi-choice's options, a scale's points, an order's items, a matrix's rows), or its control.

/**
 * @param {import('puppeteer-core').Page} page
 * @returns {Promise<{conversation: number, height: number, headLines: number, footLines: number,
 *   label: boolean, options: number, shown: number, control: boolean}>}
 */
export function dockRoom(page) {
  return page.evaluate(() => {
    const dock = document.querySelector('section.tsf-dock')
    const body = dock.querySelector('.tsf-body').getBoundingClientRect()
    const tabs = [...document.querySelectorAll('body *')].find((e) => e.children.length === 0 && /^(Chat|对话)$/.test(e.textContent.trim()))
    /** The rows a box lays its visible children out in (children whose boxes overlap vertically share one). */
    const lines = (box) => {
      const rects = [...box.children].filter((c) => getComputedStyle(c).position !== 'absolute')
        .map((c) => c.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0).sort((a, b) => a.top - b.top)
      let rows = 0
      let bottom = -Infinity
      for (const r of rects) {
        if (r.top >= bottom - 1) rows++
        bottom = Math.max(bottom, r.bottom)
      }
      return rows
    }
    const inView = (el) => {
      const r = el.getBoundingClientRect()
      return r.height > 0 && r.top >= body.top - 1 && r.bottom <= body.bottom + 1
    }
    const field = dock.querySelector('.tsf-form > .tsf-field')
    const label = field.querySelector('.tsf-label, .tsf-switch__label')
    const options = [...field.querySelectorAll('.tsf-option, .tsf-scale__pt, li[data-option], [role=radiogroup]')]
    const control = field.querySelector('input, textarea')
    return {
      conversation: dock.getBoundingClientRect().top - tabs.getBoundingClientRect().bottom,
      height: window.innerHeight,
      headLines: lines(dock.querySelector('.tsf-head')),
      footLines: [...dock.querySelectorAll('.tsf-foot > *')].filter((e) => e.getBoundingClientRect().height > 0).reduce((n, e) => n + (e.classList.contains('tsf-actions') ? lines(e) : 1), 0),
      label: inView(label),
      options: options.length,
      shown: options.filter(inView).length,
      control: control !== null && inView(control),
    }
  })
}

/** Whether `room` meets issue 45's phone goal: the conversation keeps a quarter of the height,
 * the header and the footer take one line each, the first question's label is in view with its
 * first three options (all, when it has fewer), or its control when it has none. */
export const roomy = (room) => room.conversation >= room.height / 4 && room.headLines === 1 && room.footLines === 1 && room.label
  && (room.options > 0 ? room.shown >= Math.min(3, room.options) : room.control)
