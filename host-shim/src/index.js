// Task Surface for DeepSeek Harness: the bundle's host half, a cordis plugin.
//
// It starts the Go plugin (inside ctx.effect, so a reload or unload stops it), asks it what to
// register (Describe), and registers exactly that: the tool, the session projection unit, the
// dismissal command, the inbox observers and the browser RPC, with the size bound of its
// requests. Domain rules live in the plugin, which decides; this half carries its decisions
// out and wires dsh's seams to it.
import { appendFileSync } from 'node:fs'
import * as typert from '@deepseek-ai/dsh-typert-protocol'
import { effectiveLimits, readRowConfig } from './dsh/config.js'
import { createDismissals } from './dsh/dismissals.js'
import { pluginBinary, readManifest } from './dsh/manifest.js'
import { projectionDefinition, readProjection } from './dsh/projection.js'
import { createQueue } from './dsh/queue.js'
import { createRemoteService, remoteContribution } from './dsh/remote.js'
import { requestSizeRoute } from './dsh/request-size.js'
import { createSessionAccess } from './dsh/sessions.js'
import { createTimeline } from './dsh/timeline.js'
import { Supervisor } from './goplugin/supervisor.js'
import { toolDefinition, unavailableToolDefinition } from './dsh/tool.js'
import { packageName, whileRendered } from './dsh/renderer.js'
import { jsonBytes } from './wire/json.js'
import { TOOL_NAME } from './wire/words.gen.js'

export const name = 'task-surface'
export const inject = ['tools', 'sessionProjections', 'commands', 'agents', 'sessions']

/** How long apply waits for the first launch before the harness boot continues without it. */
const FIRST_LAUNCH_WAIT_MS = 20_000

/** The line's own keys in the log file; a field of the same name is kept as `field.<name>`. */
const LINE_KEYS = new Set(['time', 'level', 'message'])

function createLog(ctx) {
  const logger = ctx.logger('task-surface')
  const file = process.env.TASK_SURFACE_LOG_FILE
  return function log(level, message, fields) {
    const extra = fields && Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : ''
    const method = level === 'trace' ? 'debug' : level
    logger[method]('%s', message + extra)
    if (file) {
      const line = { time: new Date().toISOString(), level, message }
      for (const [k, v] of Object.entries(fields ?? {})) line[LINE_KEYS.has(k) ? `field.${k}` : k] = v
      try {
        appendFileSync(file, `${JSON.stringify(line)}\n`)
      } catch { /* logging must never break the harness */ }
    }
  }
}

/**
 * @param {any} ctx
 * @param {{limits?: Record<string, number>, logLevel?: string}} [config] - the row's config
 *   (see cordis.patch.yml): limits override manifest.json's defaults key by key; logLevel sets
 *   the plugin's log level.
 */
export async function apply(ctx, config) {
  const log = createLog(ctx)
  const manifest = readManifest()
  const row = readRowConfig(manifest.limits, config)
  for (const problem of row.problems) log('warn', `Task Surface row config: ${problem}`)
  const access = createSessionAccess(ctx)
  let declared // the first launch's DescribeResponse; registrations follow it for the fiber's life
  let limitsInForce = {} // the last launch's effective limits, which the browser RPC hands on

  let supervisor
  const plugin = { call: (method, request, options) => supervisor.call(method, request, options) }

  // The bench's timeline hook is one writer for the whole shim, or off (./dsh/timeline.js).
  const mark = createTimeline()
  const queue = createQueue({
    ctx,
    log,
    mark,
    view: (session) => readProjection(ctx.sessionProjections, session, declared?.projection?.key),
  })
  const dismissals = createDismissals({ ctx, plugin, queue, log, commandName: () => declared?.command?.name ?? '' })

  // The tool is offered only while dsh's web roster loads this package's client half.
  const offer = (definition) => whileRendered(ctx, packageName(), (c) => c.tools.register(definition()), (mounted) => {
    log(mounted ? 'info' : 'warn', mounted
      ? `the Web renderer is mounted: ${TOOL_NAME} is offered`
      : `the Web renderer is not mounted any more: ${TOOL_NAME} is withdrawn`)
  })

  function register(description) {
    declared = description
    const { tool, projection, command } = description
    if (!tool?.name || !projection?.key || !command?.name) {
      log('error', 'the plugin declared an incomplete registration (tool, projection and command are all required); nothing registered')
      return
    }
    // Each seam on its own: one that dsh refuses must not take the others down.
    const seams = [
      ['projection', () => ctx.sessionProjections.register(projectionDefinition(projection))],
      // Only where the Web renderer is mounted (./dsh/renderer.js): not in a headless profile.
      ['tool', () => offer(() => toolDefinition({ declaration: tool, projectionKey: projection.key, ctx, plugin }))],
      ['command', () => ctx.commands.register({
        name: command.name,
        description: command.description,
        input: { hint: 'dismiss [<surfaceId> [<dismissalId>]]' },
        handler: (invocation) => dismissals.handle(invocation),
      })],
      ['queue observers', () => { queue.observe(); dismissals.observe() }],
      ['browser RPC', () => ctx.plugin(createRemoteService(plugin, typert, {
        queue, dismissals, agentFor: access.agentFor, limits: () => limitsInForce, mark, log,
      }))],
      // The bound on a browser request's size, checked before dsh reads its body (./dsh/request-size.js).
      ['browser RPC size bound', () => ctx.inject(['webServer'], (c) => {
        c.effect(() => c.webServer.register(requestSizeRoute(c.webServer, () => limitsInForce)), 'task-surface: request size bound')
      })],
      // Its descriptors, so that dsh's gateway finds a call's by its endpoint instead of deriving
      // them from the source on every call; without them (refused), calls take that SRC path.
      ['browser RPC descriptors', () => ctx.inject(['typert'], (c) => {
        try {
          c.typert.register(remoteContribution())
          log('debug', 'the browser RPC\'s descriptors are registered with dsh\'s Typert gateway')
        } catch (err) {
          log('warn', `the browser RPC's descriptors were not registered (${err.message}); calls find the Remote from its source instead`)
        }
      })],
    ]
    for (const [what, registerSeam] of seams) {
      try {
        registerSeam()
      } catch (err) {
        log('error', `could not register the Task Surface ${what}: ${err.message}`)
      }
    }
    log('info', `registered ${tool.name}, projection ${projection.key} and /${command.name} (contract ${description.api_version}, plugin ${description.plugin_version})`)
  }

  supervisor = new Supervisor({
    binary: pluginBinary(manifest),
    handshake: manifest.handshake,
    limits: row.limits,
    env: row.env,
    log,
    onReady(proc) {
      limitsInForce = effectiveLimits(proc.configuration?.effective_limits)
      log('info', 'Task Surface limits in force', { limits: limitsInForce })
      if (declared === undefined) {
        try {
          register(proc.description)
        } catch (err) {
          log('error', `could not register Task Surface: ${err.message}`)
        }
      } else if (JSON.stringify(declared) !== JSON.stringify(proc.description)) {
        log('warn', 'the restarted plugin declares different registrations; dsh keeps the first ones until it restarts')
      }
    },
  })

  ctx.effect(() => {
    supervisor.start()
    return () => supervisor.stop()
  }, 'task-surface plugin process')

  await supervisor.waitReady(FIRST_LAUNCH_WAIT_MS)
  if (supervisor.state === 'refused' && declared === undefined) {
    // The plugin will not start until the bundle is repaired (a missing platform package, a
    // binary that fails its digest): offer a tool whose error says so, so the model can tell
    // the user what to install instead of the tool silently not being there.
    try {
      offer(() => unavailableToolDefinition(TOOL_NAME, () => supervisor.lastError))
      log('warn', `offering ${TOOL_NAME}, where the Web renderer is mounted, as a tool that explains why Task Surface cannot start`)
    } catch (err) {
      log('error', `could not register the Task Surface stand-in tool: ${err.message}`)
    }
  }
}
