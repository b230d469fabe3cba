// A loopback HTTP server that records every request it gets: the URLs a model puts in a
// surface point here, so a test can prove the browser fetched none of them before the user
// activated a link. It closes itself after `lifetimeMs` if a test forgets to.
import { createServer } from 'node:http'

export async function startCanary({ lifetimeMs = 20 * 60_000 } = {}) {
  const hits = []
  const server = createServer((req, res) => {
    hits.push({ method: req.method, path: req.url, at: Date.now() })
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    res.end('<!doctype html><title>canary</title><p>canary</p>')
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const timer = setTimeout(() => server.close(), lifetimeMs)
  timer.unref()
  const { port } = server.address()
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close() {
      clearTimeout(timer)
      server.closeAllConnections?.()
      return new Promise((resolve) => server.close(resolve))
    },
  }
}
