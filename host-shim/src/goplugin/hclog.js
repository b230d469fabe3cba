// Reading a plugin's stderr the way go-plugin's Go client does (client.go logStderr and
// log_entry.go): one record per line; hclog JSON lines carry "@level" and "@message", and
// every other key becomes a field; non-JSON lines may start with "[LEVEL]"; after a line
// starting "panic: " or "fatal error: " every later untagged line is an error.

const LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error'])

/**
 * Make a stateful stderr line reader.
 * @returns {(line: string) => ({level: 'trace'|'debug'|'info'|'warn'|'error', message: string, fields: Record<string, unknown>} | undefined)}
 */
export function createStderrReader() {
  let panicking = false
  return function read(line) {
    const text = String(line).replace(/\r?\n$/, '')
    if (text.trim() === '') return undefined
    if (text.startsWith('{')) {
      let record
      try {
        record = JSON.parse(text)
      } catch {
        record = undefined
      }
      if (record !== null && typeof record === 'object' && !Array.isArray(record)) {
        const level = typeof record['@level'] === 'string' ? record['@level'].toLowerCase() : undefined
        const message = typeof record['@message'] === 'string' ? record['@message'] : undefined
        if (level === undefined || !LEVELS.has(level)) {
          return { level: 'debug', message: text, fields: {} }
        }
        const fields = {}
        for (const [key, value] of Object.entries(record)) {
          if (key === '@level' || key === '@message' || key === '@timestamp') continue
          fields[key] = value
        }
        return { level, message: message ?? '', fields }
      }
    }
    const tagged = /^\[(TRACE|DEBUG|INFO|WARN|ERROR)\]\s?(.*)$/.exec(text)
    if (tagged) return { level: tagged[1].toLowerCase(), message: tagged[2], fields: {} }
    if (text.startsWith('panic: ') || text.startsWith('fatal error: ')) panicking = true
    return { level: panicking ? 'error' : 'debug', message: text, fields: {} }
  }
}

/**
 * Split a byte stream into lines, calling onLine for each complete line. Lines longer than
 * maxLine are cut and delivered in pieces, so a runaway writer cannot grow memory.
 * @param {(line: string) => void} onLine
 * @param {number} [maxLine]
 * @returns {{push(chunk: Buffer|string): void, end(): void}}
 */
export function createLineSplitter(onLine, maxLine = 64 * 1024) {
  let pending = ''
  return {
    push(chunk) {
      pending += typeof chunk === 'string' ? chunk : chunk.toString('utf8')
      let index
      while ((index = pending.indexOf('\n')) !== -1) {
        onLine(pending.slice(0, index))
        pending = pending.slice(index + 1)
      }
      while (pending.length > maxLine) {
        onLine(pending.slice(0, maxLine))
        pending = pending.slice(maxLine)
      }
    },
    end() {
      if (pending !== '') onLine(pending)
      pending = ''
    },
  }
}
