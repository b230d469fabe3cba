// Dismissal as a slash command record. dsh refuses to load a session whose log holds an
// event type it does not know, so a dismissal is the command pair `command/run` +
// `command/done` of `/task-surface dismiss <surfaceId> <dismissalId>`, which dsh already knows,
// which starts no turn, and which the projection folds.
//
// Two ways in, one decision (the plugin's Dismiss: idempotency per dismissal id and the
// pending-submission check), no recursion:
//
//   typed:  person types /task-surface dismiss  -> dsh writes command/run -> handler
//           -> plugin.Dismiss -> Host.RecordDismissal: the record is the command already
//           running, so answer with its seq -> plugin answers -> handler settles
//           -> dsh writes command/done (success closes the surface, error leaves it open)
//
//   host:   browser taskSurface/dismiss -> plugin.Dismiss -> Host.RecordDismissal
//           -> commands.execute('/task-surface dismiss <surfaceId> <dismissalId>')
//           -> dsh writes command/run -> handler sees the host's own dismissal and succeeds
//           without asking the plugin again -> dsh writes command/done -> seq returned
//
// A refusal reads as the contract's sentence for its reason (ReasonText, generated from
// tasksurface.Reason.Text in sdk/tasksurface), not a copy kept here.
import { dismissArgs, parseDismissArgs } from '../wire/command.js'
import { EVENT_COMMAND_DONE, EVENT_COMMAND_RUN, EVENT_TOOL_RESULT } from '../wire/names.js'
import { ReasonText } from '../wire/words.gen.js'

/**
 * @param {object} deps
 * @param {any} deps.ctx
 * @param {ReturnType<import('./sessions.js').createSessionAccess>} deps.access
 * @param {{call: Function}} deps.plugin - the supervisor.
 * @param {() => string} deps.commandName - the declared command name.
 */
export function createDismissals({ ctx, access, plugin, commandName }) {
  /** sessionId -> the typed command being handled: {commandId, dismissalId} */
  const typed = new Map()
  /** `${sessionId}\0${dismissalId}` of host-initiated commands being written -> the surface's name */
  const hostInitiated = new Map()

  const key = (sessionId, dismissalId) => `${sessionId}\u0000${dismissalId}`

  /** The command's handler. */
  async function handle(invocation) {
    const { agent, rawInput, commandId, signal } = invocation
    const args = parseDismissArgs(rawInput)
    if (!args) {
      return { kind: 'error', text: `Usage: /${commandName()} dismiss [<surfaceId> [<dismissalId>]]` }
    }
    if (args.dismissalId && hostInitiated.has(key(agent.id, args.dismissalId))) {
      // The plugin has already decided; this run is the record it asked for. The row shows this
      // text: the surface by its title, as the tool result named it, not by its id.
      return { kind: 'success', text: `Task Surface ${hostInitiated.get(key(agent.id, args.dismissalId)) || args.surfaceId} dismissed.` }
    }
    if (typed.has(agent.id)) {
      return { kind: 'error', text: 'Another Task Surface dismissal is in progress in this session.' }
    }
    // A person may leave the ids out; the command's own id then serves as the dismissal id.
    const dismissalId = args.dismissalId || commandId
    typed.set(agent.id, { commandId, dismissalId })
    try {
      const res = await plugin.call('Dismiss', {
        session_id: agent.id, surface_id: args.surfaceId, dismissal_id: dismissalId,
      }, { signal })
      if (res.dismissed) return { kind: 'success', text: 'Task Surface dismissed.' }
      return { kind: 'error', text: refusalText(res.reason) }
    } catch (err) {
      return { kind: 'error', text: err.message }
    } finally {
      typed.delete(agent.id)
    }
  }

  /** Host.RecordDismissal. */
  async function record(req) {
    const sessionId = req.session_id
    const session = await access.sessionFor(sessionId)
    if (!session) return { recorded: false, event_seq: 0, reason: 'session-not-found' }
    const running = typed.get(sessionId)
    if (running && running.dismissalId === req.dismissal_id) {
      return { recorded: true, event_seq: commandEventSeq(session.events, EVENT_COMMAND_RUN, running.commandId) ?? 0, reason: '' }
    }
    const earlier = recordedDismissal(session.events, commandName(), req.dismissal_id)
    if (earlier !== undefined) return { recorded: true, event_seq: earlier, reason: '' }
    const agent = await access.agentFor(sessionId)
    if (!agent) return { recorded: false, event_seq: 0, reason: 'session-not-found' }
    const k = key(sessionId, req.dismissal_id)
    hostInitiated.set(k, surfaceTitle(session.events, req.surface_id))
    try {
      const line = `/${commandName()} ${dismissArgs(req.surface_id, req.dismissal_id)}`
      const execution = await ctx.commands.execute(agent, line, [], AbortSignal.timeout(15_000))
      if (!execution) return { recorded: false, event_seq: 0, reason: 'command-unavailable' }
      if (execution.result.kind !== 'success') return { recorded: false, event_seq: 0, reason: execution.result.text }
      const seq = commandEventSeq(session.events, EVENT_COMMAND_DONE, execution.commandId)
      return { recorded: true, event_seq: seq ?? 0, reason: '' }
    } finally {
      hostInitiated.delete(k)
    }
  }

  return { handle, record }
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

function commandEventSeq(events, type, commandId) {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]
    if (e.type === type && e.data?.commandId === commandId) return e.seq
  }
  return undefined
}

/** The command/done seq of an earlier successful dismissal with this id, if the log has one. */
function recordedDismissal(events, commandName, dismissalId) {
  if (!dismissalId) return undefined
  const runs = new Set()
  for (const e of events) {
    if (e.type === EVENT_COMMAND_RUN && e.data?.name === commandName) {
      const args = parseDismissArgs(e.data.args ?? '')
      if (args?.dismissalId === dismissalId) runs.add(e.data.commandId)
    } else if (e.type === EVENT_COMMAND_DONE && runs.has(e.data?.commandId) && e.data.kind === 'success') {
      return e.seq
    }
  }
  return undefined
}
