// Where the tool is offered. The design note composes show_task_surface only in profiles that
// mount the Web renderer. dsh rc.8 has no per-profile or per-client switch for a tool (ctx.tools is
// one registry for the process, and a bundle's patch layer applies in whichever profile it was
// added to, headless too), but it has the web plugin roster: the node half of
// @deepseek-ai/dsh-client-modules, mounted by the dsh-web-app bundle alone, provides
// ctx.clientModules, whose graph() lists every browser bundle a page of this dsh loads. The tool
// is registered while that roster exists and lists this package's client half, and goes with it.
// What rc.8 does not tell a host is whether a browser is open: the tool is offered to every agent
// of a profile whose pages would render it, opened or not.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BUNDLE_ROOT } from './manifest.js'

/** The service dsh rc.8's web roster provides (dsh-client-modules' node half). */
export const CLIENT_MODULES = 'clientModules'

/** This package's name: its client half's entry id in the roster's graph. */
export function packageName(root = BUNDLE_ROOT) {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).name
}

/**
 * Whether a roster graph (WebBootGraph: {rev, entries: [{id, url, rev, ...}]}) loads the package's
 * client half.
 * @param {{entries?: {id: string}[]} | undefined} graph
 * @param {string} name
 */
export function rendersIn(graph, name) {
  return Array.isArray(graph?.entries) && graph.entries.some((e) => e?.id === name)
}

/**
 * Call `register(c)` while the Web renderer is mounted (ctx.clientModules exists and its graph
 * lists `name`), and dispose what it returned when it is not any more. `register` registers on
 * the context it is given, so what it registers also goes when the roster's service does.
 * @param {any} ctx
 * @param {string} name
 * @param {(c: any) => (() => void) | undefined} register
 * @param {(mounted: boolean) => void} [changed] - told each time the answer changes
 */
export function whileRendered(ctx, name, register, changed = () => {}) {
  return ctx.inject([CLIENT_MODULES], (c) => {
    let dispose
    const sync = () => {
      const mounted = rendersIn(c.clientModules.graph(), name)
      if (mounted && dispose === undefined) {
        dispose = register(c) ?? (() => {})
        changed(true)
      } else if (!mounted && dispose !== undefined) {
        dispose()
        dispose = undefined
        changed(false)
      }
    }
    c.effect(() => c.clientModules.onGraphChanged(sync), 'task-surface: the web roster\'s changes')
    sync()
  })
}
