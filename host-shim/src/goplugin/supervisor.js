// Keeps one plugin process running: verify the binary's digest, launch, and after a crash
// launch again with backoff. While the plugin is away every call fails at once with a
// PluginUnavailableError that says what is happening; nothing waits on a dead process.
import grpc from '@grpc/grpc-js'
import { Backoff } from './backoff.js'
import { makeClientCertificate } from './certificate.js'
import { VerifiedBinaries } from './digest.js'
import { launchPlugin } from './plugin-process.js'
import { sweepSocketDirs } from './socket-dir.js'

const UNAVAILABLE = grpc.status.UNAVAILABLE

export class PluginUnavailableError extends Error {
  constructor(message) {
    super(message)
    this.name = 'PluginUnavailableError'
  }
}

/**
 * @typedef {object} SupervisorOptions
 * @property {{path: string, sha256: string}} binary
 * @property {import('./plugin-process.js').LaunchOptions['handshake']} handshake
 * @property {Record<string, number>} [limits]
 * @property {import('./plugin-process.js').LogFn} log
 * @property {import('./backoff.js').BackoffOptions} [backoff]
 * @property {(proc: import('./plugin-process.js').PluginProcess, launch: number) => void} [onReady]
 * @property {(info: {code: number|null, signal: string|null, delayMs: number}) => void} [onCrash]
 * @property {Record<string, string>} [env]
 * @property {typeof launchPlugin} [launch]
 * @property {(binary: {path: string, sha256: string}) => Promise<unknown>} [verify] replaces the
 *   digest check (tests)
 * @property {(options: {log: Function}) => unknown} [sweep] replaces the removal of socket
 *   folders left by killed harnesses (tests)
 */

export class Supervisor {
  /** @param {SupervisorOptions} options */
  constructor(options) {
    this.options = options
    this.backoff = new Backoff(options.backoff)
    this.proc = undefined
    this.state = 'idle' // idle | starting | ready | waiting | stopped | refused
    this.launches = 0
    this.lastError = undefined
    this.timer = undefined
    this.readyWaiters = []
    this.retryAt = undefined
    this.verified = new VerifiedBinaries()
  }

  /** Start the first launch; resolves when it is ready or has failed (then retries go on).
   * First the socket folders a killed harness left behind are removed (./socket-dir.js). */
  start() {
    if (this.state !== 'idle') return this.firstLaunch
    ;(this.options.sweep ?? sweepSocketDirs)({ log: this.options.log })
    this.firstLaunch = this.launchOnce()
    return this.firstLaunch
  }

  async launchOnce() {
    if (this.state === 'stopped') return
    this.state = 'starting'
    const started = Date.now()
    const { log } = this.options
    // The client certificate is made while the binary is verified (both wait on other threads).
    const identity = makeClientCertificate()
    identity.catch(() => {}) // a failure is reported by the launch that awaits it
    try {
      await (this.options.verify ?? ((binary) => this.verified.verify(binary)))(this.options.binary)
    } catch (err) {
      // A digest mismatch will not heal by retrying; stay refused until the bundle is reinstalled.
      this.state = 'refused'
      this.lastError = err
      log('error', err.message)
      this.flushWaiters()
      return
    }
    let proc
    try {
      proc = await (this.options.launch ?? launchPlugin)({
        path: this.options.binary.path,
        handshake: this.options.handshake,
        limits: this.options.limits,
        log,
        env: this.options.env,
        identity,
      })
    } catch (err) {
      this.lastError = err
      log('error', err.message)
      this.scheduleRestart(Date.now() - started, { code: null, signal: null })
      return
    }
    if (this.state === 'stopped') {
      await proc.shutdown()
      return
    }
    this.proc = proc
    this.launches += 1
    this.state = 'ready'
    this.lastError = undefined
    log('info', `Task Surface plugin ready (pid ${proc.pid}, launch ${this.launches}, ${Date.now() - started} ms)`)
    this.options.onReady?.(proc, this.launches)
    this.flushWaiters()
    proc.exited.then((info) => {
      if (this.proc !== proc) return
      this.proc = undefined
      if (this.state === 'stopped') return
      log('error', `Task Surface plugin exited unexpectedly (${info.signal ?? `code ${info.code}`}); restarting`)
      this.scheduleRestart(Date.now() - proc.startedAt, info)
    })
  }

  scheduleRestart(upMs, info) {
    if (this.state === 'stopped') return
    const delayMs = this.backoff.next(upMs)
    this.state = 'waiting'
    this.retryAt = Date.now() + delayMs
    this.options.log('info', `next launch of the Task Surface plugin in ${delayMs} ms (failure ${this.backoff.failures} in a row)`)
    this.options.onCrash?.({ ...info, delayMs })
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.launchOnce()
    }, delayMs)
    this.timer.unref?.()
  }

  flushWaiters() {
    const waiters = this.readyWaiters.splice(0)
    for (const w of waiters) w()
  }

  /**
   * The running plugin, or a clear error while it is away.
   * @returns {import('./plugin-process.js').PluginProcess}
   * @throws {PluginUnavailableError}
   */
  current() {
    if (this.state === 'ready' && this.proc?.alive) return this.proc
    throw new PluginUnavailableError(this.unavailableReason())
  }

  unavailableReason() {
    switch (this.state) {
      case 'refused':
        return `The Task Surface plugin is not running: ${this.lastError?.message}`
      case 'stopped':
        return 'The Task Surface plugin has been stopped (the bundle is unloading).'
      case 'waiting': {
        const seconds = Math.max(0, Math.ceil((this.retryAt - Date.now()) / 1000))
        return `The Task Surface plugin is restarting after a failure; it will be back in about ${seconds} s. Try again shortly.` +
          (this.lastError ? ` (last error: ${this.lastError.message})` : '')
      }
      default:
        return 'The Task Surface plugin is starting; try again in a moment.'
    }
  }

  /**
   * Call a TaskSurface method on the running plugin.
   * @param {string} method
   * @param {object} request
   * @param {{timeoutMs?: number, signal?: AbortSignal, metadata?: Record<string, string>}} [options]
   */
  async call(method, request, options) {
    const proc = this.current()
    try {
      return await proc.call(method, request, options)
    } catch (err) {
      // A connection that drops is usually a process that died; its exit event may come a
      // moment after the gRPC error.
      if (proc.alive && !proc.closing && err?.code === UNAVAILABLE) {
        await Promise.race([proc.exited, new Promise((r) => setTimeout(r, 1_000))])
      }
      if (!proc.alive || proc.closing) {
        throw new PluginUnavailableError(`The Task Surface plugin stopped while handling ${method}; it is being restarted. Try again shortly.`)
      }
      throw new Error(`Task Surface plugin call ${method} failed: ${err?.details || err?.message || err}`, { cause: err })
    }
  }

  /**
   * Resolve once the plugin is ready (or refused/stopped), or after timeoutMs.
   * @param {number} timeoutMs
   * @returns {Promise<boolean>} whether it is ready
   */
  waitReady(timeoutMs) {
    if (this.state === 'ready') return Promise.resolve(true)
    if (this.state === 'refused' || this.state === 'stopped') return Promise.resolve(false)
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(this.state === 'ready'), timeoutMs)
      this.readyWaiters.push(() => { clearTimeout(timer); resolve(this.state === 'ready') })
    })
  }

  /** Stop for good: no more restarts; shut the plugin down gracefully. */
  async stop() {
    const wasStopped = this.state === 'stopped'
    this.state = 'stopped'
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    this.flushWaiters()
    if (wasStopped) return
    const proc = this.proc
    this.proc = undefined
    if (proc) await proc.shutdown()
  }
}
