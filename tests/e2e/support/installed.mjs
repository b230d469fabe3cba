// What a user sees of an installed Task Surface: the browser half in the page (its boot entry,
// its stylesheet, the Dock) and the tool in what the model is offered.
import { createHash } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { basename, join, relative } from 'node:path'

/** What the page shows of the Task Surface client. */
export function clientState(page) {
  return page.evaluate(() => ({
    entry: (window.__DSH_BOOT__?.entries ?? []).some((e) => e.id === 'dsh-task-surface'),
    applied: document.querySelector('style[data-plugin="dsh-task-surface"]') !== null,
    dock: document.querySelector('[data-task-surface-dock]') !== null,
  }))
}

/** Open (or reload) the dsh web page and wait for its composer. */
export async function load(page, url) {
  await page.goto(url, { waitUntil: 'domcontentloaded' })
  await page.waitForSelector('textarea', { visible: true, timeout: 60_000 })
}

/** Whether a model request offers show_task_surface. */
export const offered = (request) => request.tools.map((tool) => tool.function.name).includes('show_task_surface')

/** Every plugin binary (task-surface-plugin, .exe) under a folder, as paths relative to it. */
export function pluginBinariesUnder(folder) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /^task-surface-plugin(\.exe)?$/.test(e.name))
    .map((e) => relative(folder, join(e.parentPath, e.name)))
    .sort()
}

/**
 * Whether pnpm's content-addressable store holds a file with these bytes (pnpm names each
 * stored file by the hex SHA-512 of its content: files/<2 hex>/<the rest>, "-exec" appended
 * for executables).
 * @param {string} store - the store folder
 * @param {Buffer} bytes
 */
export function storeHolds(store, bytes) {
  const hex = createHash('sha512').update(bytes).digest('hex')
  const names = new Set([hex.slice(2), `${hex.slice(2)}-exec`])
  return readdirSync(store, { recursive: true, withFileTypes: true })
    .some((e) => e.isFile() && names.has(e.name) && basename(e.parentPath) === hex.slice(0, 2))
}
