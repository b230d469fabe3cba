// Finding live agents and sessions by id, and reading their logs and messages, through dsh's own
// services.
import { EVENT_TOOL_CALL, EVENT_TOOL_RESULT, EVENT_USER_MESSAGE } from '../wire/words.gen.js'

/**
 * @param {any} ctx - the bundle's cordis context.
 */
export function createSessionAccess(ctx) {
  /**
   * The live agent of a session, resuming a cold session the way dsh's API does (its 'agent'
   * lookup), or undefined.
   * @param {string} sessionId
   */
  async function agentFor(sessionId) {
    const live = ctx.agents.get(sessionId)
    if (live) return live
    const provider = ctx.get('typert')?.lookups?.get('agent')
    if (provider) {
      try {
        return (await provider.resolve(sessionId)) ?? undefined
      } catch {
        return undefined
      }
    }
    return undefined
  }

  /**
   * The session with this id: attached, or resumed through its agent.
   * @param {string} sessionId
   */
  async function sessionFor(sessionId) {
    return ctx.sessions?.get(sessionId) ?? (await agentFor(sessionId))?.session
  }

  return { agentFor, sessionFor }
}

/**
 * Find a tool call and its result in a session's log.
 * @param {readonly any[]} events
 * @param {string} callId
 */
export function findToolResult(events, callId) {
  let call
  let result
  for (const event of events) {
    if (event.type === EVENT_TOOL_CALL && event.data?.callId === callId) call = event
    else if (event.type === EVENT_TOOL_RESULT && event.data?.message?.source?.callId === callId) result = event
  }
  return { call, result }
}

/**
 * The first user message with this id the log ever held: committed, or inserted into the inbox.
 * @param {readonly any[]} events
 * @param {string} messageId
 * @returns {{committed?: any, inserted?: any}}
 */
export function findMessage(events, messageId) {
  let committed
  let inserted
  for (const event of events) {
    if (event.type === EVENT_USER_MESSAGE && event.data?.id === messageId) committed ??= event.data
    else if (event.type === 'agent/inbox/spliced') {
      for (const m of event.data?.inserted ?? []) if (m?.id === messageId) inserted ??= m
    }
  }
  return { committed, inserted }
}

/**
 * The text of a message's text blocks.
 * @param {any} message - a dsh user message.
 * @returns {string}
 */
export function messageText(message) {
  return (message?.content ?? []).filter((b) => b?.type === 'text').map((b) => b.text).join('')
}
