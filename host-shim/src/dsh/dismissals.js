// Dismissal as a slash command record. dsh refuses to load a session whose log holds an
// event type it does not know, so a dismissal is the command pair `command/run` +
// `command/done` of `/task-surface dismiss <surfaceId> <dismissalId>`, which dsh already knows,
// which starts no turn, and which the projection folds.
//
// The plugin decides (idempotency per dismissal id, the pending-submission check) and answers
// the record to write; the shim writes it only while the session's state token is the record's
// (queue.beginDismissal: a compare-and-set, asked again with a fresh snapshot otherwise), lists
// it in every snapshot until it is written, and logs a record it could not write. Two ways in,
// no recursion:
//
//   typed:  person types /task-surface dismiss  -> dsh writes command/run -> handler
//           -> plugin.Dismiss (command_id: this run) -> record: this run -> handler succeeds
//           -> dsh writes command/done, the record
//
//   host:   browser taskSurface/dismiss -> plugin.Dismiss -> record
//           -> commands.execute('/task-surface dismiss <surfaceId> <dismissalId>')
//           -> dsh writes command/run -> the handler sees the host's own record and succeeds
//           -> dsh writes command/done, the record
//
// A refusal reads as the contract's sentence for its reason (ReasonText, generated from
// tasksurface.Reason.Text in sdk/tasksurface), not a copy kept here.
import { parseDismissArgs } from '../wire/command.js'
import { EVENT_COMMAND_DONE, EVENT_TOOL_RESULT } from '../wire/words.gen.js'
import { Reason, ReasonText } from '../wire/words.gen.js'

/** How many times a dismissal asks the plugin when each decision comes back on a state token the
 * session no longer has. */
export const MAX_ASKS = 3

/**
 * @param {object} deps
 * @param {any} deps.ctx
 * @param {{call: Function}} deps.plugin - the supervisor.
 * @param {ReturnType<import('./queue.js').createQueue>} deps.queue - snapshots and the compare-and-set
 * @param {() => string} deps.commandName - the declared command name.
 * @param {import('../goplugin/plugin-process.js').LogFn} deps.log
 */
export function createDismissals({ ctx, plugin, queue, commandName, log }) {
  /** `${sessionId}\0${dismissalId}` of the host's own records being written -> the surface's title. */
  const hostInitiated = new Map()
  /** commandId -> the record of a typed command the plugin decided, until its command/done. */
  const typed = new Map()

  const key = (sessionId, dismissalId) => `${sessionId}\u0000${dismissalId}`

  /** The command's handler. */
  async function handle(invocation) {
    const { agent, rawInput, commandId, signal } = invocation
    const args = parseDismissArgs(rawInput)
    if (!args) {
      return { kind: 'error', text: `Usage: /${commandName()} dismiss [<surfaceId> [<dismissalId>]]` }
    }
    const own = args.dismissalId ? hostInitiated.get(key(agent.id, args.dismissalId)) : undefined
    if (own !== undefined) {
      // The plugin has already decided; this run is the record it asked for. The row shows this
      // text: the surface by its title, as the tool result named it, not by its id.
      return { kind: 'success', text: `Task Surface ${own || args.surfaceId} dismissed.` }
    }
    // A person may leave the ids out; the command's own id then serves as the dismissal id.
    const dismissalId = args.dismissalId || commandId
    for (let ask = 0; ask < MAX_ASKS; ask++) {
      let res
      try {
        res = await plugin.call('Dismiss', {
          session_id: agent.id, surface_id: args.surfaceId, dismissal_id: dismissalId, command_id: commandId,
          snapshot: queue.snapshot(agent, agent.session),
        }, { signal })
      } catch (err) {
        return { kind: 'error', text: err.message }
      }
      if (!res.record) {
        return res.dismissed ? { kind: 'success', text: 'Task Surface already dismissed.' } : { kind: 'error', text: refusalText(res.reason) }
      }
      const end = queue.beginDismissal(agent, agent.session, res.record)
      if (!end) continue // decided on a state the session no longer has: ask again
      typed.set(commandId, { sessionId: agent.id, record: res.record, end })
      return { kind: 'success', text: 'Task Surface dismissed.' }
    }
    return { kind: 'error', text: refusalText(Reason.NotRecorded) }
  }

  /**
   * Write the plugin's DismissalRecord from the browser: the command run, only while the
   * session's state token is the record's.
   * @param {any} session
   * @param {any} agent - the session's live agent
   * @param {any} record - tasksurface.v3.DismissalRecord
   * @returns {Promise<{recorded: true, eventSeq: number} | {recorded: false, reason: string} |
   *   {recorded: false, stale: true}>} stale: decided on a state the session no longer has; ask
   *   the plugin again.
   */
  async function record(session, agent, record) {
    if (!agent) return { recorded: false, reason: Reason.NotRecorded }
    const end = queue.beginDismissal(agent, session, record)
    if (!end) return { recorded: false, stale: true }
    let result
    try {
      result = await execute(session, agent, record)
    } finally {
      end()
    }
    if (!result.recorded) notRecorded(session.id, record, result.reason)
    return result
  }

  async function execute(session, agent, record) {
    const k = key(session.id, record.dismissal_id)
    hostInitiated.set(k, surfaceTitle(session.events, record.surface_id))
    try {
      const execution = await ctx.commands.execute(agent, `/${record.command_name} ${record.command_args}`, [], AbortSignal.timeout(15_000))
      if (!execution) return { recorded: false, reason: Reason.NotRecorded }
      if (execution.result.kind !== 'success') {
        log('warn', `the dismissal command did not succeed: ${execution.result.text}`)
        return { recorded: false, reason: Reason.NotRecorded }
      }
      return { recorded: true, eventSeq: commandDoneSeq(session.events, execution.commandId) ?? 0 }
    } catch (err) {
      log('warn', `could not write the dismissal of ${record.surface_id}: ${err.message}`)
      return { recorded: false, reason: Reason.NotRecorded }
    } finally {
      hostInitiated.delete(k)
    }
  }

  /** End a typed dismissal's flight once dsh has written its command/done; log it if it failed. */
  function observe() {
    ctx.on('session/event', (session, event) => {
      if (event.type !== EVENT_COMMAND_DONE) return
      const t = typed.get(event.data?.commandId)
      if (!t) return
      typed.delete(event.data.commandId)
      t.end()
      if (event.data.kind !== 'success') notRecorded(t.sessionId, t.record, Reason.NotRecorded)
    })
  }

  /** Log a decided dismissal that did not reach the log: its surface stays open. */
  function notRecorded(sessionId, record, reason) {
    log('info', `the dismissal ${record.dismissal_id} of the Task Surface ${record.surface_id} in session ${sessionId} was not recorded (${reason}); the surface stays open`)
  }

  return { handle, record, observe }
}

/** The contract's sentence for a refusal's reason; a reason it does not know is named as it is. */
function refusalText(reason) {
  return Object.hasOwn(ReasonText, reason) ? ReasonText[reason] : `Task Surface not dismissed (${reason}).`
}

/** The quoted title of the surface a tool result in the log opened, or '' when it holds none. */
function surfaceTitle(events, surfaceId) {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]
    const meta = e.type === EVENT_TOOL_RESULT ? e.data?.meta : undefined
    if (meta?.surfaceId === surfaceId && typeof meta.model?.title === 'string') return JSON.stringify(meta.model.title)
  }
  return ''
}

/** The seq of a command run's command/done. */
function commandDoneSeq(events, commandId) {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]
    if (e.type === EVENT_COMMAND_DONE && e.data?.commandId === commandId) return e.seq
  }
  return undefined
}
