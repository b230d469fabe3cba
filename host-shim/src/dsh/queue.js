// Admission of submitted messages and what happens to them in the inbox afterwards.
//
// dsh rc.8 offers no veto on queue actions (session.updateQueue edits, steers and removes
// inbox items directly), so the shim observes the inbox, reports every outcome to the plugin
// (ObserveQueue), and compensates where a real seam allows:
//   - edit: the queued item is restored to its canonical text at once (inbox.replace), and the
//     agent/pre-step waterfall restores it again if an edit slipped into a step;
//   - steer: the item is moved back from the next-step list to the next-turn queue;
//   - remove (or any discard): reported; the plugin clears its pending record and the surface
//     is editable again.
import { parseJsonBytes } from '../wire/json.js'
import { EVENT_USER_MESSAGE } from '../wire/names.js'
import { randomUUID } from 'node:crypto'
import { correlationOf, withRpcId } from '../wire/source.js'
import { Phase } from '../wire/words.gen.js'
import { createAdmissions } from './admissions.js'
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

/** The longest a claim's report to the plugin waits for the report after it (createQueue's send). */
export const CLAIM_HOLD_MS = 250

/**
 * @param {object} deps
 * @param {any} deps.ctx
 * @param {ReturnType<import('./sessions.js').createSessionAccess>} deps.access
 * @param {(kind: string, sessionId: string, message: any, extra?: object) => Promise<any>} deps.report - ObserveQueue
 * @param {import('../goplugin/plugin-process.js').LogFn} deps.log
 * @param {import('./timeline.js').Mark|null} [deps.mark] - the bench's timeline hook (./timeline.js)
 * @param {ReturnType<import('./admissions.js').createAdmissions>} [deps.admissions] - where the
 *   browser's submit waits for its admission (./admissions.js)
 * @param {number} [deps.claimHoldMs] - how long a claim's report waits for the next report
 *   (CLAIM_HOLD_MS)
 */
export function createQueue({ ctx, access, report, log, mark = createTimeline(), admissions = createAdmissions(), claimHoldMs = CLAIM_HOLD_MS }) {
  /** messageId -> {sessionId, text, source}: what this process admitted, for restores. */
  const admitted = new Map()
  /** messageId -> sessionId: claimed into a turn, not yet committed or discarded. */
  const claims = new Map()
  /** message ids whose inbox events come from the shim's own compensation. */
  const compensating = new Set()
  /** messageId -> sessionId: admitted, handed to dsh's queue on the next turn of the loop (start). */
  const starting = new Map()

  const inboxItems = (agent) => [...agent.inbox.nextTurn, ...agent.inbox.nextStep]

  function canonicalText(agent, messageId) {
    const known = admitted.get(messageId)
    if (known) return known.text
    const { inserted } = findMessage(agent.session.events, messageId)
    return inserted ? messageText(inserted) : undefined
  }

  /**
   * Host.AdmitUserMessage: queue a user message for the next turn, once per message id. Its
   * source carries rpcId, the id of the client request that carried the submission: the one the
   * plugin passed back (gRPC metadata tasksurface-rpc-id), or else one minted for this
   * admission, since dsh rc.8 does not tell a Remote method its request's rpcId.
   * @param {any} req
   * @param {{rpcId?: string}} [transport]
   */
  async function admit(req, { rpcId } = {}) {
    const sessionId = req.session_id
    const messageId = req.message_id
    if (!messageId) return { admitted: false, message_id: '', duplicate: false, reason: 'message id missing' }
    const agent = await access.agentFor(sessionId)
    if (!agent) return { admitted: false, message_id: messageId, duplicate: false, reason: 'session-not-found' }
    const pending = inboxItems(agent).some((m) => m.id === messageId)
    const { committed } = findMessage(agent.session.events, messageId)
    const source = withRpcId(parseJsonBytes(req.source_json, { kind: 'user' }), rpcId || randomUUID())
    const duplicate = pending || committed !== undefined || claims.has(messageId) || starting.has(messageId)
    if (!duplicate) {
      admitted.set(messageId, { sessionId, text: req.text, source })
      starting.set(messageId, sessionId)
      setImmediate(() => start(agent, messageId, req.text, source))
    }
    admissions.admitted(sessionId, correlationOf(source)?.submissionId, messageId)
    return { admitted: true, message_id: messageId, duplicate, reason: '' }
  }

  /**
   * Hand an admitted message to dsh's queue. agent.followup inserts it and, for an idle agent,
   * starts the turn synchronously (the claim and the turn's first hooks, a few ms of dsh's own
   * work). So it runs on the event loop's next turn, after the admission's answers have left:
   * the browser's submit (settled at admission, ./admissions.js) and the plugin's call, which
   * would otherwise wait behind the turn's start. A message that dsh refuses is reported
   * discarded, and the plugin makes its surface editable again.
   */
  function start(agent, messageId, text, source) {
    starting.delete(messageId)
    mark?.('queue.followup', agent.id, { messageId })
    try {
      agent.followup(textMessage(messageId, text, source))
    } catch (err) {
      log('warn', `could not queue the Task Surface submission ${messageId}: ${err.message}`)
      admitted.delete(messageId)
      send('discarded', agent.id, { id: messageId, source })
      return
    }
    mark?.('queue.followed', agent.id, { messageId })
  }

  /** Host.ListInFlight: the plugin's messages still queued or claimed. */
  async function listInFlight(req) {
    const sessionId = req.session_id
    const agent = ctx.agents.get(sessionId) ?? (await access.agentFor(sessionId))
    const entry = (messageId, phase, source) => ({ message_id: messageId, phase, source_json: Buffer.from(JSON.stringify(source ?? {})) })
    const messages = []
    if (agent) {
      for (const m of inboxItems(agent)) {
        if (correlationOf(m.source)) messages.push(entry(m.id, Phase.Queued, m.source))
      }
    }
    // What only the shim holds: admitted and not yet in dsh's queue, or claimed into a turn.
    for (const [held, phase] of [[starting, Phase.Queued], [claims, Phase.Claiming]]) {
      for (const [messageId, owner] of held) {
        if (owner === sessionId) messages.push(entry(messageId, phase, admitted.get(messageId)?.source))
      }
    }
    return { messages }
  }

  /** Reports not yet sent, in the order they happened. */
  const outbox = []
  /** The timer of the next flush: a claim's hold (claimHoldMs) while the outbox holds only claims. */
  let flushTimer
  /**
   * Reports an outcome to the plugin (ObserveQueue), a session's reports in the order they
   * happened. Not at once: a claim and a commit happen inside dsh's own work (the turn's start,
   * the message's way into the log and out to the page), and the gRPC call's encoding and its
   * answer would run in the middle of it. A report leaves on the next turn of the event loop, except a claim with
   * nothing else to send: it waits for the next report (the message's commit, a few tens of ms
   * later, when the turn's start goes on without stopping; flush then leaves the claim out) or
   * claimHoldMs, whichever comes first. Sent on the next turn, a claim's report landed in the
   * middle of the turn's start, and the submission's bubble was painted later for it (bench, one
   * run, 24 pairs: 0.94x with the hold). Nothing waits for that report: while the plugin's record
   * says queued, its getActive asks ListInFlight, which says claiming from the moment of the claim.
   */
  function send(kind, sessionId, message, extra) {
    mark?.('queue.report', sessionId, { kind })
    const held = outbox.every((r) => r.kind === 'claimed') // an empty outbox too: then no timer runs
    outbox.push({ kind, sessionId, message, extra })
    if (flushTimer === undefined) {
      flushTimer = setTimeout(flush, kind === 'claimed' ? claimHoldMs : 0)
    } else if (held && kind !== 'claimed') {
      clearTimeout(flushTimer)
      flushTimer = setTimeout(flush, 0)
    }
  }

  /** sessionId -> the last of its reports on their way. A session's reports leave one at a time,
   * each once the one before it is answered, so the plugin takes them in the order they happened
   * (a claim taken after its discard would hold the surface as claiming). Sessions do not wait
   * for each other: a report the plugin does not answer (until the call's timeout) holds back
   * only its own session's. */
  const reporting = new Map()
  function flush() {
    flushTimer = undefined
    const batch = outbox.splice(0)
    // A claim whose message's commit or discard is in the same batch says nothing that report does not.
    const ended = new Set(batch.filter((r) => r.kind === 'committed' || r.kind === 'discarded').map((r) => r.message.id))
    for (const { kind, sessionId, message, extra } of batch) {
      if (kind === 'claimed' && ended.has(message.id)) continue
      const sent = (reporting.get(sessionId) ?? Promise.resolve()).then(() => report(kind, sessionId, message, extra)).catch((err) => {
        log('warn', `could not report ${kind} of ${message.id} to the plugin: ${err.message}`)
      })
      reporting.set(sessionId, sent)
      sent.then(() => { if (reporting.get(sessionId) === sent) reporting.delete(sessionId) })
    }
  }

  /** Restore an edited queue item to its canonical text. */
  function restoreEdit(agent, message, canonical) {
    compensating.add(message.id)
    try {
      const restored = textMessage(message.id, canonical, message.source)
      if (agent.inbox.replace(message.id, restored)) {
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
        const canonical = canonicalText(agent, message.id) ?? messageText(message)
        agent.followup(textMessage(message.id, canonical, message.source))
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
      const text = messageText(nextTurn)
      const canonical = canonicalText(agent, message.id)
      send('edited', agent.id, nextTurn, { text })
      if (canonical !== undefined && canonical !== text) restoreEdit(agent, nextTurn, canonical)
      return
    }
    const nextStep = agent.inbox.nextStep.find((m) => m.id === message.id)
    if (nextStep) {
      send('steered', agent.id, nextStep)
      undoSteer(agent, nextStep)
      return
    }
    claims.delete(message.id)
    send('discarded', agent.id, message)
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
      if (!correlationOf(message.source)) return
      claims.set(message.id, agent.id)
      send('claimed', agent.id, message)
    })
    ctx.on('agent/inbox/discarded', ({ agent, message }) => {
      if (!correlationOf(message.source) || compensating.has(message.id)) return
      // inbox.replace publishes the old item as discarded before the new one as inserted;
      // decide once the mutation has settled.
      setImmediate(() => classifyDiscard(agent, message))
    })
    ctx.on('session/event', (session, event) => {
      if (event.type !== EVENT_USER_MESSAGE || !correlationOf(event.data?.source)) return
      const message = event.data
      claims.delete(message.id)
      admitted.delete(message.id)
      send('committed', session.id, message, { eventSeq: event.seq })
    })
    ctx.on('agent/status', ({ agent, status }) => {
      if (status !== 'idle') return
      // A claimed message whose step was rejected ends without commit or discard; once the
      // agent is idle no claim can still be on its way to the log.
      for (const [messageId, owner] of claims) {
        if (owner !== agent.id) continue
        claims.delete(messageId)
        const source = admitted.get(messageId)?.source ?? {}
        send('discarded', agent.id, { id: messageId, source })
      }
    })
    // Restore an edited submission's canonical text if an edit reached a step.
    ctx.on('agent/pre-step', async (payload, next) => {
      const decision = await next()
      if (decision?.kind !== 'enter') return decision
      let changed = false
      const messages = decision.messages.map((m) => {
        if (!correlationOf(m.source)) return m
        const canonical = canonicalText(payload.agent, m.id)
        if (canonical === undefined || canonical === messageText(m)) return m
        changed = true
        log('info', `restored the submitted text of ${m.id} before it entered the turn`)
        return textMessage(m.id, canonical, m.source)
      })
      return changed ? { kind: 'enter', messages } : decision
    })
  }

  return { admit, listInFlight, observe, claims, admitted }
}
