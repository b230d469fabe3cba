// The demo's scripted model, as the fake LLM calls it (no harness needed): with several surfaces
// each new session opens the next one, and a session keeps its own whatever the others do,
// read from the conversation dsh sends; a submission is quoted back.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { demoResponder, TOOL } from './responder.mjs'
import { selectSurfaces } from './surfaces.mjs'

const surfaces = selectSurfaces('all')
const user = (text) => ({ role: 'user', content: text })
/** The conversation after the model opened `model` in answer to `text`. */
const opened = (text, call) => [user(text), { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: TOOL, arguments: JSON.stringify(call.toolCall.arguments) } }] },
  { role: 'tool', tool_call_id: 'c1', content: 'Opened.' }, { role: 'assistant', content: 'Answer it above.' }]
const titleOf = (reply) => reply.toolCall.arguments.model.title

test('SURFACE=all: each new session opens the next surface and keeps it; its later messages open it again', () => {
  const respond = demoResponder(surfaces)
  const a = respond({ messages: [user('hi')] })
  const b = respond({ messages: [user('hi')] })
  assert.deepEqual([titleOf(a), titleOf(b)], [surfaces[0].model.title, surfaces[1].model.title], 'two sessions, two surfaces')
  const againA = respond({ messages: [...opened('hi', a), user('once more')] })
  assert.equal(titleOf(againA), surfaces[0].model.title, 'session A keeps its surface')
  const c = respond({ messages: [user('hello')] })
  assert.equal(titleOf(c), surfaces[2].model.title, 'the next new session takes the next one')
})

test('a submission is quoted back, a refused call is reported', () => {
  const respond = demoResponder(surfaces.slice(0, 1))
  const first = respond({ messages: [user('hi')] })
  const quoted = respond({ messages: [...opened('hi', first), user('Task Surface "Pick a cache for the session store" submitted:\n- Cache: Redis')] })
  assert.match(quoted.text, /^Thanks, this is what I received:\n\n> Task Surface "Pick a cache/)
  const refused = respond({ messages: [user('hi'), { role: 'tool', content: 'model too large' }] })
  assert.match(refused.text, /The panel did not open\. The tool said:\n\n> model too large/)
})
