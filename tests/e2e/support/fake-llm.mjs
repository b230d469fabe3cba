// A keyless stand-in for the DeepSeek chat-completions API (OpenAI wire, SSE), scripted per
// test. dsh's DeepSeek adapter talks to it through DEEPSEEK_BASE_URL.
//
//   const llm = await startFakeLlm()
//   llm.reply({ toolCall: { name: 'show_task_surface', arguments: { model } } })
//   llm.reply({ text: 'Thanks.' })
//   llm.reply({ toolCalls: [{ name: 'a', arguments: {} }, { name: 'b', arguments: {} }] })
//   llm.reply({ text: 'later', hold: true })  // answered only after llm.release()
//   llm.reply({ text: 'OK.', delayMs: 400 })  // streamed 400 ms after the request, as a real
//                                             // model's first token comes some time later
//   reply.sentAt                              // once streamed: when (epoch ms, sub-millisecond)
//   ... llm.requests  // every agent request body, in arrival order
//
// Requests that offer no tools are session-title requests; they get a fixed title and are
// recorded apart (llm.titleRequests) so they never consume the script. An agent request with
// nothing scripted gets what `respond(request)` returns, when given, or else the text "OK.":
//
//   const llm = await startFakeLlm({ respond: (request) => ({ text: 'Hi.' }) })  // examples/demo
import { createServer } from 'node:http'

const BASE = { object: 'chat.completion.chunk', created: 0, model: 'fake-model' }
const USAGE = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }

/** @param {{respond?: (request: any) => object|undefined, title?: string}} [options] */
export async function startFakeLlm({ respond, title = 'Task Surface test' } = {}) {
  const script = []
  const requests = []
  const titleRequests = []
  const waiters = []
  const held = []
  let calls = 0

  function chunk(id, delta, finish) {
    return { ...BASE, id, choices: [{ index: 0, delta, finish_reason: finish }], ...(finish ? { usage: USAGE } : {}) }
  }

  function stream(res, chunks) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    for (const c of chunks) res.write(`data: ${JSON.stringify(c)}\n\n`)
    res.write('data: [DONE]\n\n')
    res.end()
  }

  function render(reply) {
    const id = `chatcmpl-${requests.length}`
    const toolCalls = reply.toolCalls ?? (reply.toolCall ? [reply.toolCall] : [])
    if (toolCalls.length > 0) {
      const deltas = toolCalls.map((call, index) => {
        calls += 1
        const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments)
        return { index, id: call.id ?? `call_${calls}`, type: 'function', function: { name: call.name, arguments: args } }
      })
      return [
        chunk(id, { role: 'assistant', content: reply.text ?? null, tool_calls: deltas }, null),
        chunk(id, {}, 'tool_calls'),
      ]
    }
    return [chunk(id, { role: 'assistant', content: reply.text ?? 'OK.' }, null), chunk(id, {}, 'stop')]
  }

  const server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (d) => { body += d })
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
        res.writeHead(404)
        res.end()
        return
      }
      let json
      try {
        json = JSON.parse(body)
      } catch {
        res.writeHead(400)
        res.end()
        return
      }
      if (!Array.isArray(json.tools) || json.tools.length === 0) {
        titleRequests.push(json)
        stream(res, render({ text: title }))
        return
      }
      requests.push(json)
      const reply = script.shift() ?? respond?.(json) ?? { text: 'OK.' }
      for (const w of waiters.splice(0)) w()
      // The moment the reply goes out (epoch ms, sub-millisecond) is kept on the reply as
      // `sentAt`: a bench times the model's tool call from it.
      const send = () => {
        reply.sentAt = performance.timeOrigin + performance.now()
        stream(res, render(reply))
      }
      if (reply.hold) {
        held.push(send)
        return
      }
      if (reply.delayMs) setTimeout(send, reply.delayMs)
      else send()
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    titleRequests,
    /** Script the next agent reply: {text} or {toolCall: {name, arguments, id?}, text?}. */
    reply(r) { script.push(r) },
    /** How many held replies wait for release(). */
    held() { return held.length },
    /** Send every held reply. */
    release() { for (const send of held.splice(0)) send() },
    /** Forget unconsumed replies and send held ones (between tests). */
    reset() {
      script.length = 0
      this.release()
    },
    /** Replies not yet consumed. */
    pending() { return script.length },
    /** Resolve once there are at least n agent requests. */
    async waitForRequests(n, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs
      while (requests.length < n) {
        if (Date.now() > deadline) throw new Error(`fake LLM: expected ${n} agent requests, saw ${requests.length}`)
        await new Promise((resolve) => { waiters.push(resolve); setTimeout(resolve, 200) })
      }
      return requests[n - 1]
    },
    close() {
      this.release()
      server.closeAllConnections?.()
      return new Promise((resolve) => server.close(resolve))
    },
  }
}

/** The text of a chat message's content (string or parts). */
export function contentText(message) {
  if (typeof message?.content === 'string') return message.content
  return (message?.content ?? []).map((p) => (typeof p === 'string' ? p : p.text ?? '')).join('')
}

/** The last message of a request with role user that is not a tool result. */
export function lastUserText(request) {
  const users = request.messages.filter((m) => m.role === 'user')
  return contentText(users.at(-1))
}
