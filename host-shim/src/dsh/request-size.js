// The size bound of a browser request to the Task Surface RPC, checked before anything reads its
// body. dsh's /api route buffers and parses a request of up to 160 MiB before any Remote method
// runs; a Task Surface request is never larger than a submission (maxSubmissionBytes) with its
// JSON escaping and envelope. So the shim claims the longer prefix /api/taskSurface (dsh's
// webServer matches the longest prefix), refuses a request whose declared length is over the
// bound (413) or that declares none (411), without reading a byte of it, and hands every other
// request, untouched, to dsh's own /api route: its trust fence, parsing and dispatch are dsh's.
import { RPC_NAMESPACE } from '../wire/rpc.js'

/** Room for the envelope and the other arguments beside the values. */
const ENVELOPE_BYTES = 64 << 10

/**
 * The largest request body accepted: twice the submission limit (JSON escaping at most doubles
 * the text of a value the plugin counts) and the envelope.
 * @param {Record<string, number>} limits - the limits in force (row-config names)
 */
export function maxRequestBytes(limits) {
  return 2 * (limits.maxSubmissionBytes ?? 32 << 10) + ENVELOPE_BYTES
}

/**
 * The route for dsh's webServer.register.
 * @param {{match: (path: string) => {handler: Function}|undefined}} webServer - dsh's web server
 * @param {() => Record<string, number>} limits - the limits in force
 */
export function requestSizeRoute(webServer, limits) {
  return {
    kind: 'prefix',
    path: `/api/${RPC_NAMESPACE}`,
    async handler(req, res) {
      const declared = req.headers['content-length']
      const max = maxRequestBytes(limits())
      if (req.method === 'POST' && (declared === undefined || !(Number(declared) <= max))) {
        const tooLarge = declared !== undefined
        res.writeHead(tooLarge ? 413 : 411, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' })
        res.end(tooLarge
          ? `A Task Surface request is at most ${max} bytes (its values are at most maxSubmissionBytes, escaped, ` +
            `beside the envelope); this one declares ${declared}. Nothing was read.`
          : 'A Task Surface request must declare its Content-Length.')
        req.destroy()
        return
      }
      const api = webServer.match('/api')
      if (!api) {
        res.writeHead(404)
        res.end()
        return
      }
      await api.handler(req, res)
    },
  }
}
