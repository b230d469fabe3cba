// One launch of the plugin binary, spoken to as go-plugin's Go client would: spawn with the
// magic cookie, protocol versions, a private socket folder and an AutoMTLS client certificate;
// read the handshake line; dial the plugin over mutual TLS; check health; drain stdout,
// stderr and StreamStdio for the whole life of the process; Describe; Configure. The plugin
// never calls the host (contract 3), so no broker stream is opened and the host serves nothing.
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import grpc from '@grpc/grpc-js'
import { makeClientCertificate, serverCertificatePem } from './certificate.js'
import { grpcTarget, parseHandshake } from './handshake.js'
import { createLineSplitter, createStderrReader } from './hclog.js'
import { loadProtos } from './protos.js'
import { makeSocketDir } from './socket-dir.js'

/** The largest gRPC message either side accepts (sdk/tasksurface MaxMessageBytes). */
export const MAX_MESSAGE_BYTES = 16 << 20

const CHANNEL_OPTIONS = {
  'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
  'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
  'grpc.ssl_target_name_override': 'localhost',
  'grpc.default_authority': 'localhost',
}

export class PluginStartError extends Error {
  constructor(message, options) {
    super(message, options)
    this.name = 'PluginStartError'
  }
}

/**
 * @typedef {(level: 'trace'|'debug'|'info'|'warn'|'error', message: string, fields?: Record<string, unknown>) => void} LogFn
 */

/**
 * @typedef {object} LaunchOptions
 * @property {string} path - the verified plugin binary.
 * @property {{magicCookieKey: string, magicCookieValue: string, protocolVersion: number, apiVersion: string}} handshake
 * @property {Record<string, number>} [limits] - ConfigureRequest.limits (snake_case keys).
 * @property {string} [hostName]
 * @property {LogFn} log
 * @property {number} [startTimeoutMs] - handshake deadline (default 20 s).
 * @property {Record<string, string>} [env] - extra environment for the plugin.
 * @property {Promise<{certPem: string, keyPem: string, certDer: Buffer}>} [identity] - the AutoMTLS client
 *   certificate, when the caller started making it earlier (default: made here).
 */

/**
 * Start the plugin and bring it to the configured state.
 * @param {LaunchOptions} options
 * @returns {Promise<PluginProcess>}
 */
export async function launchPlugin(options) {
  const protos = loadProtos()
  const log = options.log
  const identity = await (options.identity ?? makeClientCertificate())
  const socketDir = makeSocketDir()

  const h = options.handshake
  const child = spawn(options.path, [], {
    stdio: ['pipe', 'pipe', 'pipe'], // stdin stays open: it closes when the harness dies
    env: {
      ...process.env,
      ...options.env,
      [h.magicCookieKey]: h.magicCookieValue,
      PLUGIN_PROTOCOL_VERSIONS: String(h.protocolVersion),
      PLUGIN_MIN_PORT: '10000',
      PLUGIN_MAX_PORT: '25000',
      PLUGIN_UNIX_SOCKET_DIR: socketDir,
      PLUGIN_CLIENT_CERT: identity.certPem,
    },
  })
  const proc = new PluginProcess(child, socketDir, log)
  try {
    const line = await proc.readHandshake(options.startTimeoutMs ?? 20_000)
    const handshake = parseHandshake(line, { appVersion: h.protocolVersion })
    const serverPem = serverCertificatePem(handshake.serverCert)
    await proc.connect(protos, handshake, identity, serverPem)
    await proc.waitHealthy(5_000)
    proc.drainStdio()
    const description = await proc.call('Describe', {}, { timeoutMs: 10_000 })
    const major = (v) => String(v).split('.')[0]
    if (major(description.api_version) !== major(h.apiVersion)) {
      throw new PluginStartError(`plugin speaks contract ${description.api_version}, this host speaks ${h.apiVersion}; ` +
        'install a plugin binary and host shim of the same Task Surface release')
    }
    proc.description = description
    proc.configuration = await proc.call('Configure', {
      limits: options.limits ?? {},
      host_name: options.hostName ?? 'dsh',
    }, { timeoutMs: 10_000 })
    for (const problem of proc.configuration.problems ?? []) {
      log('warn', `plugin configuration: ${problem.message}`, { code: problem.code, pointer: problem.pointer })
    }
    return proc
  } catch (err) {
    await proc.kill()
    throw err instanceof PluginStartError || err?.name === 'HandshakeError' ? err
      : new PluginStartError(`Task Surface plugin failed to start: ${err.message}`, { cause: err })
  }
}

/** A running plugin process and its connections. */
export class PluginProcess {
  /**
   * @param {import('node:child_process').ChildProcess} child
   * @param {string} socketDir
   * @param {LogFn} log
   */
  constructor(child, socketDir, log) {
    this.child = child
    this.pid = child.pid
    this.socketDir = socketDir
    this.log = log
    this.startedAt = Date.now()
    this.description = undefined
    this.configuration = undefined
    this.client = undefined
    this.stdioStream = undefined
    this.closing = false
    this.exitInfo = undefined
    this.handshakeWaiter = undefined
    this.stdoutLines = []

    // Kill the plugin synchronously if the harness exits without stopping it.
    this.onHostExit = () => {
      try { child.kill('SIGKILL') } catch { /* already gone */ }
      try { rmSync(socketDir, { recursive: true, force: true }) } catch { /* best effort */ }
    }
    process.once('exit', this.onHostExit)

    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal }
        process.removeListener('exit', this.onHostExit)
        this.teardown()
        resolve(this.exitInfo)
      })
    })
    child.once('error', (err) => {
      this.log('error', `plugin process error: ${err.message}`)
      this.handshakeWaiter?.reject(new PluginStartError(`cannot start the plugin binary: ${err.message}`))
    })
    child.stdin.on('error', () => {}) // EPIPE after the child exits

    // stdout: the first line is the handshake; the rest is drained to the log.
    const stdoutSplitter = createLineSplitter((line) => {
      if (this.handshakeWaiter && !this.handshakeWaiter.done) {
        this.handshakeWaiter.done = true
        this.handshakeWaiter.resolve(line)
      } else if (line.trim() !== '') {
        this.log('debug', line, { stream: 'stdout' })
      }
    })
    child.stdout.on('data', (chunk) => stdoutSplitter.push(chunk))
    child.stdout.on('end', () => stdoutSplitter.end())

    // stderr: hclog JSON lines, forwarded at their levels.
    const readStderr = createStderrReader()
    this.stderrTail = []
    const stderrSplitter = createLineSplitter((line) => {
      this.stderrTail.push(line)
      if (this.stderrTail.length > 20) this.stderrTail.shift()
      const record = readStderr(line)
      if (record) this.log(record.level, record.message, record.fields)
    })
    child.stderr.on('data', (chunk) => stderrSplitter.push(chunk))
    child.stderr.on('end', () => stderrSplitter.end())
  }

  /** Whether the process is still running. */
  get alive() {
    return this.exitInfo === undefined
  }

  readHandshake(timeoutMs) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiter.done = true
        reject(new PluginStartError(`the plugin printed no handshake within ${timeoutMs} ms`))
      }, timeoutMs)
      const waiter = {
        done: false,
        resolve: (line) => { clearTimeout(timer); resolve(line) },
        reject: (err) => { clearTimeout(timer); waiter.done = true; reject(err) },
      }
      this.handshakeWaiter = waiter
      this.exited.then(({ code, signal }) => {
        if (waiter.done) return
        waiter.reject(new PluginStartError(`the plugin exited (${signal ?? `code ${code}`}) before its handshake` +
          (this.stderrTail.length ? `; its last output: ${this.stderrTail.slice(-5).join(' | ')}` : '')))
      })
    })
  }

  async connect(protos, handshake, identity, serverPem) {
    const creds = grpc.credentials.createSsl(
      Buffer.from(serverPem), Buffer.from(identity.keyPem), Buffer.from(identity.certPem),
      { checkServerIdentity: () => undefined }, // the pinned root is the plugin's own certificate
    )
    const target = grpcTarget(handshake)
    this.client = new protos.taskSurface(target, creds, CHANNEL_OPTIONS)
    const channelOverride = this.client.getChannel()
    this.health = new protos.health(target, creds, { ...CHANNEL_OPTIONS, channelOverride })
    this.stdio = new protos.stdio(target, creds, { ...CHANNEL_OPTIONS, channelOverride })
    this.controller = new protos.controller(target, creds, { ...CHANNEL_OPTIONS, channelOverride })
  }

  async waitHealthy(timeoutMs) {
    const deadline = Date.now() + timeoutMs
    let lastError
    while (Date.now() < deadline && this.alive) {
      try {
        const res = await unary(this.health, 'Check', { service: 'plugin' }, 1_000)
        if (res.status === 'SERVING') return
        lastError = new Error(`health status ${res.status}`)
      } catch (err) {
        lastError = err
      }
      await sleep(25)
    }
    throw new PluginStartError(`the plugin did not report healthy: ${lastError?.message ?? 'it exited'}`)
  }

  /** Call StreamStdio once and drain it for the whole life of the plugin. */
  drainStdio() {
    const stream = this.stdio.StreamStdio({})
    this.stdioStream = stream
    const readStderr = createStderrReader()
    const out = createLineSplitter((line) => { if (line.trim()) this.log('debug', line, { stream: 'stdio-stdout' }) })
    const err = createLineSplitter((line) => {
      const record = readStderr(line)
      if (record) this.log(record.level, record.message, { ...record.fields, stream: 'stdio-stderr' })
    })
    stream.on('data', (chunk) => {
      if (chunk.channel === 'STDERR') err.push(chunk.data)
      else out.push(chunk.data)
    })
    stream.on('error', (e) => {
      if (!this.closing && this.alive && e.code !== grpc.status.UNIMPLEMENTED) {
        this.log('debug', `plugin stdio stream ended: ${e.message}`)
      }
    })
    stream.on('end', () => { out.end(); err.end() })
  }

  /**
   * Call a TaskSurface method.
   * @param {string} method
   * @param {object} request
   * @param {{timeoutMs?: number, signal?: AbortSignal}} [options]
   * @returns {Promise<any>}
   */
  call(method, request, options = {}) {
    return unary(this.client, method, request, options.timeoutMs ?? 30_000, options.signal)
  }

  /**
   * Stop the plugin: Shutdown, wait up to graceMs for it to exit, then SIGKILL.
   * @param {number} [graceMs]
   */
  async shutdown(graceMs = 2_000) {
    if (!this.alive) return this.exited
    this.closing = true
    try {
      await unary(this.controller, 'Shutdown', {}, graceMs)
    } catch {
      // go-plugin stops its server before answering: UNAVAILABLE is the normal reply.
    }
    const exited = await Promise.race([this.exited, sleep(graceMs).then(() => undefined)])
    if (exited === undefined) return this.kill()
    return exited
  }

  /** SIGKILL the plugin and wait for its exit. */
  async kill() {
    this.closing = true
    if (this.alive) {
      try { this.child.kill('SIGKILL') } catch { /* already gone */ }
    }
    return this.exited
  }

  teardown() {
    this.closing = true
    try { this.stdioStream?.cancel() } catch { /* closed */ }
    try { this.client?.close() } catch { /* closed */ }
    try { this.child.stdin.destroy() } catch { /* closed */ }
    try { rmSync(this.socketDir, { recursive: true, force: true }) } catch (err) {
      this.log('warn', `cannot remove the plugin's socket folder ${this.socketDir}: ${err.message}`)
    }
  }
}

function unary(client, method, request, timeoutMs, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new Error('aborted'))
      return
    }
    const call = client[method](request, { deadline: Date.now() + timeoutMs }, (err, response) => {
      signal?.removeEventListener('abort', onAbort)
      if (err) reject(err)
      else resolve(response)
    })
    const onAbort = () => call.cancel()
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms).unref?.())
}
