// A loopback HTTP server for fixed files (a page needs a real origin for localStorage). It
// records every request and closes itself after `lifetimeMs` if a test forgets to.
import { createServer } from 'node:http'

export async function serveFiles(files, { lifetimeMs = 20 * 60_000 } = {}) {
  const hits = []
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname
    hits.push(path)
    const file = files[path]
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('not found')
      return
    }
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' })
    res.end(file.body)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const timer = setTimeout(() => server.close(), lifetimeMs)
  timer.unref()
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    hits,
    close() {
      clearTimeout(timer)
      server.closeAllConnections?.()
      return new Promise((resolve) => server.close(resolve))
    },
  }
}
