// The demo's scripted model. Handed to the keyless fake LLM (tests/e2e/support/fake-llm.mjs),
// it answers each agent request the way a model using Task Surface would:
//
//   - the user's message is a Task Surface submission -> a short reply that quotes it;
//   - the last message is a failed tool call          -> says so and quotes the tool's error;
//   - any other message from the user                 -> calls show_task_surface with the
//                                                        session's surface: the one this
//                                                        conversation opened before, or, in a new
//                                                        session, the next one in turn (with
//                                                        several, each session has its own).
// The session a request belongs to is read from its own messages (dsh sends the conversation),
// so a session keeps its surface however many there are and whichever is talked to.
import { contentText } from '../../tests/e2e/support/fake-llm.mjs'

export const TOOL = 'show_task_surface'

/** What the plugin's formatter writes at the top of every submission (plugin/format). */
const SUBMISSION = /^Task Surface (".*" )?submitted/

/** The text of every line of `text`, quoted as Markdown. */
export function quote(text) {
  return text.trimEnd().split('\n').map((line) => `> ${line}`).join('\n')
}

/** The title of the surface this conversation opened before, if any: its first
 * show_task_surface call. */
export function shownTitle(messages) {
  for (const m of messages) {
    for (const call of m.role === 'assistant' ? m.tool_calls ?? [] : []) {
      if (call.function?.name !== TOOL) continue
      try {
        return JSON.parse(call.function.arguments).model.title
      } catch {
        // arguments that do not read: not a surface of ours
      }
    }
  }
  return undefined
}

/** The user's messages since the model last spoke, as text. */
function newUserTexts(messages) {
  const lastAssistant = messages.findLastIndex((m) => m.role === 'assistant')
  return messages.slice(lastAssistant + 1).filter((m) => m.role === 'user').map(contentText)
}

/**
 * @param {{name: string, model: object}[]} surfaces - one per session, in turn
 * @returns {(request: {messages: any[]}) => object} a reply for the fake LLM
 */
export function demoResponder(surfaces) {
  let next = 0
  return function respond(request) {
    const messages = request.messages ?? []
    const last = messages.at(-1)
    if (last?.role === 'tool') {
      return { text: `The panel did not open. The tool said:\n\n${quote(contentText(last))}\n\nSend another message to try again.` }
    }
    const submission = newUserTexts(messages).find((t) => SUBMISSION.test(t))
    if (submission !== undefined) {
      return { text: `Thanks, this is what I received:\n\n${quote(submission)}\n\nSend any message to open a panel again.` }
    }
    const shown = shownTitle(messages)
    let surface = surfaces.find((s) => s.model.title === shown)
    if (surface === undefined) {
      surface = surfaces[next % surfaces.length]
      next += 1
    }
    return { toolCall: { name: TOOL, arguments: { model: surface.model } } }
  }
}
