// The session's queue as the plugin needs it, the admission the plugin decided, and what happens
// to a submission in dsh's inbox afterwards.
//
// The plugin decides and the shim acts (contract 3.0). What the shim holds of the queue is only
// what dsh does not show: the user messages the agent has claimed and not yet written to the log
// (`claims`; dsh's inbox forgets a message once it is claimed), and the dismissal records it is
// writing (`dismissing`). Everything else is dsh's own state, read at the moment it is needed:
//   - snapshot(): the projection view, every user-role message in the inbox (queued) and in
//     `claims` (claiming) by its ids (never a submission's values), the dismissals being written,
//     the log's last seq, and the state token, a digest of all of it but the seq;
//   - admit(): the plugin's Admission carried out synchronously, only while the session's state
//     token is the admission's (a compare-and-set); otherwise the caller asks the plugin again.
//     The shim holds no rule of when to admit: that is the plugin's.
//
// dsh rc.8 offers no veto on queue actions (session.updateQueue edits, steers and removes inbox
// items directly), so the shim observes the inbox, logs what a person reading the logs needs
// (a submission steered, or one that left the queue without reaching the log), and compensates
// where a real seam allows. The plugin hears none of it: each decision reads the snapshot its
// request carries.
//   - edit: the queued item is restored to its canonical text (the text it was admitted with, as
//     the log's first insertion of it holds it), and the agent/pre-step waterfall restores it
//     again if an edit slipped into a step;
//   - steer: the item is moved back from the next-step list to the next-turn queue;
//   - remove (or any discard): logged; the message has left the queue, so the next snapshot
//     shows the surface editable again.
// At pre-step a submission whose surface is no longer the open one (an ordinary message reached
// the log first, through a steer) is dropped from the step and logged: it never becomes a second
// outcome.
import { EVENT_USER_MESSAGE } from '../wire/words.gen.js'
import { jsonBytes, parseJsonBytes } from '../wire/json.js'
import { correlationOf, withRpcId } from '../wire/source.js'
import { Phase, Reason } from '../wire/words.gen.js'
import { createHash } from 'node:crypto'
import { findMessage, messageText } from './sessions.js'
import { createTimeline, watchLoop } from './timeline.js'

function deepFreeze(value) {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

function textMessage(id, text, source) {
  return deepFreeze({ id, role: 'user', content: [{ type: 'text', text }], source: structuredClone(source) })
}

/** A user message of no plugin: the composer's (source {kind: 'user'} without a correlation). */
export function isOrdinary(message) {
  return message?.source?.kind === 'user' && !correlationOf(message.source)
}

/** The seq of a session's last log event, or -1. */
export function lastSeq(session) {
  const events = session?.events ?? []
  return events.length === 0 ? -1 : events[events.length - 1].seq
}

/**
 * @param {object} deps
 * @param {any} deps.ctx
 * @param {(session: any) => any} deps.view - the session's projection view (./projection.js)
 * @param {import('../goplugin/plugin-process.js').LogFn} deps.log
 * @param {import('./timeline.js').Mark|null} [deps.mark] - the bench's timeline hook (./timeline.js)
 */
export function createQueue({ ctx, view, log, mark = createTimeline() }) {
  /** messageId -> {sessionId, message}: user messages claimed into a turn, not yet in the log. */
  const claims = new Map()
  /** message ids whose inbox events come from the shim's own compensation. */
  const compensating = new Set()
  /** `${sessionId}\0${dismissalId}` -> {sessionId, surfaceId, dismissalId}: records being written. */
  const dismissing = new Map()

  const userRole = (m) => m?.role === 'user'
  /** What an agent's inbox holds, the messages for its next step before those for its next turn. */
  const queued = (agent) => [...agent.inbox.nextStep, ...agent.inbox.nextTurn]

  /** A queued message as a snapshot carries it: its ids, never its values. */
  function entry(m, phase) {
    const c = correlationOf(m.source)
    return {
      message_id: m.id, phase, ordinary: isOrdinary(m),
      surface_id: typeof c?.surfaceId === 'string' ? c.surfaceId : '',
      submission_id: typeof c?.submissionId === 'string' ? c.submissionId : '',
    }
  }

  /** The session's state as a decision reads it: the open surface, the queue, the dismissals
   * being written; and its token, a digest of them. */
  function state(agent, session) {
    const queue = []
    if (agent) {
      for (const m of queued(agent)) if (userRole(m)) queue.push(entry(m, Phase.Queued))
    }
    for (const [, claim] of claims) {
      if (claim.sessionId === session.id) queue.push(entry(claim.message, Phase.Claiming))
    }
    const dismissals = []
    for (const d of dismissing.values()) {
      if (d.sessionId === session.id) dismissals.push({ surface_id: d.surfaceId, dismissal_id: d.dismissalId })
    }
    const v = view(session) ?? { active: null, outcomes: [] }
    const token = createHash('sha256')
      .update(JSON.stringify([v.active?.surfaceId ?? null, v.active?.callId ?? null, queue, dismissals]))
      .digest('base64url').slice(0, 16)
    return { v, queue, dismissals, token }
  }

  /** The session's state token now (see state). */
  const token = (agent, session) => state(agent, session).token

  /**
   * What the plugin needs of a session at this moment (tasksurface.v3.SessionSnapshot).
   * @param {any} agent - the session's live agent, or undefined for a session not running
   * @param {any} session
   * @param {any} [openingMeta] - the open surface's tool result metadata, when the plugin asked
   */
  function snapshot(agent, session, openingMeta) {
    const { v, queue, dismissals, token } = state(agent, session)
    return {
      projection_json: jsonBytes(v),
      queue,
      log_seq: lastSeq(session),
      opening_meta_json: openingMeta === undefined ? Buffer.alloc(0) : jsonBytes(openingMeta),
      state_token: token,
      dismissals,
    }
  }

  /**
   * Carry out the plugin's Admission: at once, and only while the session's state token is the
   * admission's. Synchronous from the compare to agent.followup, so nothing can land between
   * them. Its source carries rpcId, the id of the admission (dsh rc.8 does not tell a Remote
   * method its request's rpcId).
   * @param {any} agent
   * @param {any} admission - tasksurface.v3.Admission
   * @param {string} rpcId
   * @returns {{admitted: true, eventSeq: number} | {admitted: false, stale: true} |
   *   {admitted: false, reason: string, problem: string}}
   */
  function admit(agent, admission, rpcId) {
    if (token(agent, agent.session) !== admission.state_token) return { admitted: false, stale: true }
    const source = withRpcId(parseJsonBytes(admission.source_json, {}), rpcId)
    mark?.('queue.followup', agent.id, { messageId: admission.message_id })
    try {
      agent.followup(textMessage(admission.message_id, admission.text, source))
    } catch (err) {
      // Answered, not logged here: the caller logs every admission it could not carry out.
      return { admitted: false, reason: Reason.AdmissionRefused, problem: err.message }
    }
    mark?.('queue.followed', agent.id, { messageId: admission.message_id })
    return { admitted: true, eventSeq: lastSeq(agent.session) }
  }

  /**
   * Begin writing the plugin's DismissalRecord: only while the session's state token is the
   * record's. From then until end() the record is in flight, listed in every snapshot.
   * @returns {(() => void) | undefined} end, or undefined when the token is not the record's.
   */
  function beginDismissal(agent, session, record) {
    if (token(agent, session) !== record.state_token) return undefined
    const key = `${session.id}\u0000${record.dismissal_id}`
    dismissing.set(key, { sessionId: session.id, surfaceId: record.surface_id, dismissalId: record.dismissal_id })
    return () => dismissing.delete(key)
  }

  /** The text a submission was admitted with: its first insertion in the log. */
  function canonicalText(agent, messageId) {
    const { inserted } = findMessage(agent.session.events, messageId)
    return inserted ? messageText(inserted) : undefined
  }

  /** Restore an edited queue item to its canonical text. */
  function restoreEdit(agent, message, canonical) {
    compensating.add(message.id)
    try {
      if (agent.inbox.replace(message.id, textMessage(message.id, canonical, message.source))) {
        log('info', `restored the edited Task Surface submission ${message.id} to its submitted text`)
      }
    } catch (err) {
      log('warn', `could not restore the edited submission ${message.id}: ${err.message}`)
    } finally {
      compensating.delete(message.id)
    }
  }

  /** Move a steered submission back to the next-turn queue. */
  function undoSteer(agent, message) {
    compensating.add(message.id)
    try {
      if (agent.inbox.remove(message.id)) {
        agent.followup(textMessage(message.id, canonicalText(agent, message.id) ?? messageText(message), message.source))
        log('info', `moved the steered Task Surface submission ${message.id} back to the queue`)
      }
    } catch (err) {
      log('warn', `could not undo the steer of submission ${message.id}: ${err.message}`)
    } finally {
      compensating.delete(message.id)
    }
  }

  /** Work out what a discard was: an edit, a steer, or a real discard. */
  function classifyDiscard(agent, message) {
    const nextTurn = agent.inbox.nextTurn.find((m) => m.id === message.id)
    if (nextTurn) {
      const canonical = canonicalText(agent, message.id)
      if (canonical !== undefined && canonical !== messageText(nextTurn)) restoreEdit(agent, nextTurn, canonical)
      return
    }
    const nextStep = agent.inbox.nextStep.find((m) => m.id === message.id)
    if (nextStep) {
      log('warn', `the Task Surface submission ${message.id} was steered into the running turn; moving it back to the queue`)
      undoSteer(agent, nextStep)
      return
    }
    log('info', `the Task Surface submission ${message.id} left the queue without reaching the log (removed or discarded); its surface is editable again`)
  }

  /** End the claims of an agent that will not commit them: log the submissions among them. */
  function endClaims(agent, why) {
    for (const [id, claim] of claims) {
      if (claim.sessionId !== agent.id) continue
      claims.delete(id)
      if (correlationOf(claim.message.source)) {
        log('info', `the claimed Task Surface submission ${id} ended without reaching the log (${why}); its surface is editable again`)
      }
    }
  }

  /** Take the submissions an agent's restored inbox holds out of it (see observe). */
  function takeOutRestored(agent) {
    for (const m of queued(agent)) {
      if (!correlationOf(m.source)) continue
      compensating.add(m.id)
      try {
        if (agent.inbox.remove(m.id)) {
          log('info', `took the submission ${m.id}, queued before the session was opened again, out of the queue: it is not sent without the person`)
        }
      } catch (err) {
        log('warn', `could not take the restored submission ${m.id} out of the queue: ${err.message}`)
      } finally {
        compensating.delete(m.id)
      }
    }
  }

  /** The bench's hops of every user message (the composer's too) through dsh's queue and log. */
  function observeTimeline() {
    ctx.on('agent/inbox/inserted', ({ agent, message }) => {
      mark?.('inbox.inserted', agent.id, { messageId: message.id })
      watchLoop(mark, agent.id)
    })
    ctx.on('agent/inbox/claimed', ({ agent, message }) => mark?.('inbox.claimed', agent.id, { messageId: message.id }))
    ctx.on('agent/pre-step', (payload, next) => {
      mark?.('agent.pre-step', payload.agent.id)
      return next()
    })
    ctx.on('session/event', (session, event) => {
      if (event.type === EVENT_USER_MESSAGE) mark?.('log.user-message', session.id, { messageId: event.data?.id })
      else if (event.type === 'turn/start') mark?.('log.turn-start', session.id)
    })
  }

  /** Register the inbox and log observers on ctx. */
  function observe() {
    if (mark) observeTimeline()
    ctx.on('agent/inbox/claimed', ({ agent, message }) => {
      if (!userRole(message)) return
      claims.set(message.id, { sessionId: agent.id, message })
    })
    ctx.on('agent/inbox/discarded', ({ agent, message }) => {
      if (!correlationOf(message.source) || compensating.has(message.id)) return
      // inbox.replace publishes the old item as discarded before the new one as inserted;
      // decide once the mutation has settled.
      setImmediate(() => classifyDiscard(agent, message))
    })
    ctx.on('session/event', (session, event) => {
      if (event.type !== EVENT_USER_MESSAGE) return
      claims.delete(event.data?.id)
    })
    // A claimed message whose step was rejected ends without commit or discard; once the agent
    // is idle no claim can still be on its way to the log. A disposed session's claims end too.
    ctx.on('agent/status', ({ agent, status }) => {
      if (status === 'idle') endClaims(agent, 'the agent is idle')
    })
    ctx.on('agent/disposed', ({ agent }) => endClaims(agent, 'the session was disposed'))
    // dsh restores an agent's inbox from the log when it creates the agent (a restart, a session
    // opened again). A submission in it was queued before, by a process that is gone, and the
    // person who sent it may have left: it is taken out, never delivered by itself, and its
    // surface is editable again; the Dock's draft gives the person their answers back. Agents
    // dsh created before these observers were registered are swept once now.
    ctx.on('agent/created', ({ agent }) => takeOutRestored(agent))
    for (const agent of ctx.agents?.list?.() ?? []) takeOutRestored(agent)
    // At the step's start: a submission whose surface is no longer the open one is dropped (one
    // outcome), and an edited submission's canonical text is restored.
    ctx.on('agent/pre-step', async (payload, next) => {
      const decision = await next()
      if (decision?.kind !== 'enter') return decision
      let changed = false
      const messages = []
      for (const m of decision.messages) {
        const c = correlationOf(m.source)
        if (!c) {
          messages.push(m)
          continue
        }
        if (view(payload.agent.session)?.active?.surfaceId !== c.surfaceId) {
          changed = true
          claims.delete(m.id)
          log('info', `dropped the Task Surface submission ${m.id} from the step: its surface is no longer open (${Reason.MovedOn})`)
          continue
        }
        const canonical = canonicalText(payload.agent, m.id)
        if (canonical !== undefined && canonical !== messageText(m)) {
          changed = true
          log('info', `restored the submitted text of ${m.id} before it entered the turn`)
          messages.push(textMessage(m.id, canonical, m.source))
          continue
        }
        messages.push(m)
      }
      return changed ? { ...decision, messages } : decision
    })
  }

  return { snapshot, view, admit, beginDismissal, observe, claims }
}
