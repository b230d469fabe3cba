// Runs the real DeepSeek Harness (dsh 0.1.0-rc.8, installed by tools/dsh/install.sh into
// .cache/dsh) with the packed Task Surface bundle, and talks to it over HTTP the way the web
// client does:
//
//   POST /api/<endpoint>   {type: 'client-request', rpcId, method: <endpoint>, payload}
//   -> {type: 'server-response', rpcId, result: {ok: true, value} | {ok: false, error}}
//
// where <endpoint> is an API Proxy method ("session.create", "session.prompt",
// "session.history", "session.updateQueue", ...) whose payload is the method's request, or a
// Typert Remote ("taskSurface/submit", ...) whose payload is {args: {...named parameters}}.
// The /api fence admits loopback requests without browser headers.
import { execFile, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { startFakeLlm } from './fake-llm.mjs'

const execFileAsync = promisify(execFile)
const here = dirname(fileURLToPath(import.meta.url))
export const REPO = resolve(here, '..', '..', '..')
export const CACHE = process.env.TASK_SURFACE_CACHE ?? join(REPO, '.cache')
const NODE_BIN = join(CACHE, 'node22', 'bin')
const PNPM_BIN = join(CACHE, 'pnpm', 'node_modules', '.bin')
const DSH = join(CACHE, 'dsh', 'node_modules', '.bin', 'dsh')

/** PATH with Node 22, pnpm and dsh first. */
export function toolPath() {
  return [join(CACHE, 'dsh', 'node_modules', '.bin'), PNPM_BIN, NODE_BIN, process.env.PATH].join(':')
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/**
 * Poll fn until it returns a truthy value.
 * @template T
 * @param {() => Promise<T>|T} fn
 * @param {{timeoutMs?: number, intervalMs?: number, what?: string}} [options]
 * @returns {Promise<T>}
 */
export async function waitFor(fn, { timeoutMs = 30_000, intervalMs = 100, what = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs
  let last
  for (;;) {
    try {
      const v = await fn()
      if (v) return v
      last = v
    } catch (err) {
      last = err
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}` + (last instanceof Error ? `: ${last.message}` : ''))
    }
    await sleep(intervalMs)
  }
}

let packed
/**
 * Build the plugin and pack the bundle once per test process, into a folder of its own so that
 * concurrent runs (two engineers, CI) never pack over each other; removed when the process exits.
 */
export async function packBundle() {
  if (!packed) {
    mkdirSync(join(CACHE, 'e2e'), { recursive: true })
    const out = mkdtempSync(join(CACHE, 'e2e', 'bundle-'))
    process.once('exit', () => rmSync(out, { recursive: true, force: true }))
    packed = execFileAsync(join(REPO, 'tools', 'dsh', 'pack.sh'), [out], {
      env: { ...process.env, PATH: toolPath() }, maxBuffer: 16 << 20,
    }).then(({ stdout }) => stdout.trim().split('\n').at(-1))
  }
  return packed
}

/**
 * A fresh DSH_HOME with the bundle installed into the web profile.
 * @param {string} tarball
 */
export async function makeHome(tarball) {
  const root = join(CACHE, 'e2e')
  mkdirSync(root, { recursive: true })
  const home = mkdtempSync(join(root, 'home-'))
  // Skip the first-run notice modal.
  writeFileSync(join(home, 'settings.yaml'), 'ui-onboarding:\n  welcomeNoticeVersion: 2026-08-13.1\n')
  const workspace = join(home, 'workspace')
  mkdirSync(workspace)
  // protobufjs (under @grpc/proto-loader) has an install script, which pnpm refuses to run
  // unless it is allowed by name.
  await execFileAsync(DSH, ['plugin', '--profile', 'web', 'add', tarball, '--allow-build=protobufjs'], {
    cwd: home, env: { ...process.env, PATH: toolPath(), DSH_HOME: home }, maxBuffer: 16 << 20,
  })
  // Removed after the tests unless TASK_SURFACE_KEEP_E2E_HOME is set (to read logs and sessions).
  const cleanup = () => {
    if (!process.env.TASK_SURFACE_KEEP_E2E_HOME) removeHome(home)
  }
  return { home, workspace, cleanup }
}

/** Removes a harness's home and the files beside it (shimLogFile, dshLogFile). */
export function removeHome(home) {
  rmSync(home, { recursive: true, force: true })
  rmSync(shimLogFile(home), { force: true })
  rmSync(dshLogFile(home), { force: true })
}

/**
 * The file the shim writes its log records to for a harness on `home` (TASK_SURFACE_LOG_FILE):
 * beside the home, not in it. dsh watches its home (settings, credentials, config files) with
 * chokidar, and every record appended to a file there set off a change event and its stat calls
 * on dsh's event loop, in the middle of the sends the bench times (0.3-45 ms of dsh's loop per
 * Dock submission in a profile, none for a composer message, which logs nothing of ours).
 */
export const shimLogFile = (home) => `${home}.task-surface.log`

/** The file dsh's own output is kept in, where a harness keeps it (the demo): beside the home too,
 * for the same reason as shimLogFile. */
export const dshLogFile = (home) => `${home}.dsh.log`

export async function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolvePort(port))
    })
  })
}

/** One running `dsh web`. */
/** The pids of a process's descendants, parents before children. */
function descendants(root) {
  const children = new Map()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const m = /^\d+ \(.*\) \S (\d+)/s.exec(readFileSync(`/proc/${name}/stat`, 'utf8'))
      if (m) children.set(Number(m[1]), [...(children.get(Number(m[1])) ?? []), Number(name)])
    } catch { /* gone */ }
  }
  const out = []
  const walk = (pid) => { for (const c of children.get(pid) ?? []) { out.push(c); walk(c) } }
  walk(root)
  return out
}

export class Dsh {
  constructor(child, url, home, logFile) {
    this.child = child
    this.url = url
    this.home = home
    this.logFile = logFile
    this.output = []
    this.exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })))
  }

  /**
   * Start `dsh web` on 127.0.0.1 against the fake LLM.
   * @param {{home: string, workspace: string, llmUrl: string, env?: Record<string, string>, port?: number, patches?: string[]}} options
   *   port: a fixed port (default: a free one); patches: patch layers
   *   (`dsh --profile web --patch <file>`; the `web` alias takes no --patch)
   */
  static async start({ home, workspace, llmUrl, env = {}, port, patches = [] }) {
    port ??= await freePort()
    const logFile = shimLogFile(home)
    const launcher = patches.length > 0 ? ['--profile', 'web', ...patches.flatMap((p) => ['--patch', p])] : ['web']
    const child = spawn(DSH, [...launcher, '--no-open', '--port', String(port)], {
      cwd: workspace,
      env: {
        ...process.env,
        PATH: toolPath(),
        DSH_HOME: home,
        DEEPSEEK_BASE_URL: llmUrl,
        DEEPSEEK_API_KEY: 'sk-keyless-test',
        TASK_SURFACE_LOG_FILE: logFile,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const output = []
    const url = await new Promise((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new Error(`dsh web did not start within 90 s:\n${output.join('')}`)), 90_000)
      const onData = (d) => {
        output.push(String(d))
        const m = /dsh web: (http:\/\/127\.0\.0\.1:\d+)/.exec(output.join(''))
        if (m) { clearTimeout(timer); resolveUrl(m[1]) }
      }
      child.stdout.on('data', onData)
      child.stderr.on('data', (d) => output.push(String(d)))
      child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`dsh web exited (${code}):\n${output.join('')}`)) })
    })
    const dsh = new Dsh(child, url, home, logFile)
    dsh.output = output
    child.stdout.on('data', (d) => output.push(String(d)))
    return dsh
  }

  /** Call an /api endpoint; returns the result envelope {ok, value} or {ok: false, error}. */
  async api(endpoint, payload) {
    const res = await fetch(`${this.url}/api/${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'client-request', rpcId: randomUUID(), method: endpoint, payload }),
    })
    if (!res.ok) throw new Error(`${endpoint}: HTTP ${res.status} ${await res.text()}`)
    return (await res.json()).result
  }

  /** Call an /api endpoint and return its value, throwing on an error result. */
  async value(endpoint, payload) {
    const result = await this.api(endpoint, payload)
    if (!result.ok) throw new Error(`${endpoint}: ${result.error.code}: ${result.error.message}`)
    return result.value
  }

  /** Call a Typert Remote method with named arguments; returns the result envelope. */
  remote(endpoint, args) {
    return this.api(endpoint, { args })
  }

  /** Call a taskSurface Remote method (getActive, submit, dismiss) and return its value. */
  taskSurface(method, args) {
    return this.value(`taskSurface/${method}`, { args })
  }

  /** Run a slash command as the web composer does (the commands/execute Remote). */
  command(sessionId, line) {
    return this.remote('commands/execute', { agentId: sessionId, line, images: [] })
  }

  async createSession(cwd) {
    return (await this.value('session.create', { cwd })).sessionId
  }

  prompt(sessionId, text) {
    return this.api('session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text }] })
  }

  /** The whole log of a session (all history pages) and the projection baseline. */
  async history(sessionId) {
    const tail = await this.value('session.history', { sessionId, maxMessages: 10_000 })
    return { events: tail.events.map((e) => e.event), projections: tail.projections?.values ?? {} }
  }

  async events(sessionId) {
    return (await this.history(sessionId)).events
  }

  async projection(sessionId, key = 'taskSurface') {
    return (await this.history(sessionId)).projections[key]
  }

  /** Whether the session's agent is running a turn. */
  async running(sessionId) {
    const { items } = await this.value('session.list', {})
    return items.find((s) => s.sessionId === sessionId)?.running ?? false
  }

  async waitIdle(sessionId, timeoutMs = 30_000) {
    await sleep(150)
    await waitFor(async () => !(await this.running(sessionId)), { timeoutMs, what: `session ${sessionId} to go idle` })
  }

  /** Records the shim wrote to its log file. */
  shimLog() {
    if (!existsSync(this.logFile)) return []
    return readFileSync(this.logFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
  }

  /** The pid of dsh's own node process (the launcher may be a shell script that runs it). */
  nodePid() {
    for (const pid of [this.child.pid, ...descendants(this.child.pid)]) {
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('node')) return pid
      } catch { /* gone */ }
    }
    return this.child.pid
  }

  /** Pids of task-surface-plugin processes descending from this dsh. */
  pluginPids() {
    const children = new Map()
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
        const m = /^(\d+) \((.*)\) \S (\d+)/s.exec(stat)
        if (!m) continue
        const ppid = Number(m[3])
        if (!children.has(ppid)) children.set(ppid, [])
        children.get(ppid).push({ pid: Number(m[1]), comm: m[2] })
      } catch { /* gone */ }
    }
    const found = []
    const walk = (pid) => {
      for (const c of children.get(pid) ?? []) {
        if (c.comm.startsWith('task-surface')) found.push(c.pid)
        walk(c.pid)
      }
    }
    walk(this.child.pid)
    return found
  }

  /** Stop dsh (SIGTERM, then SIGKILL after graceMs) and wait for it. */
  async stop(graceMs = 15_000) {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.exited
    this.child.kill('SIGTERM')
    const t = setTimeout(() => this.child.kill('SIGKILL'), graceMs)
    const info = await this.exited
    clearTimeout(t)
    return info
  }
}

// A test-only dsh plugin that holds a step between claiming a Task Surface submission and
// writing it to the log (dsh's agent/pre-step waterfall), so tests can reach the claiming
// phase. Its mode is the content of a file: `hold` waits, `reject` rejects the step, anything
// else (or no file) lets it pass.
const STEP_GATE_SOURCE = `import { existsSync, readFileSync } from 'node:fs'
export const name = 'task-surface-test-step-gate'
export const inject = ['agents']
const mode = (file) => (existsSync(file) ? readFileSync(file, 'utf8').trim() : 'open')
export function apply(ctx) {
  const file = process.env.TASK_SURFACE_TEST_STEP_GATE
  ctx.on('agent/pre-step', async (payload, next) => {
    if (!file || !payload.messages.some((m) => m?.source?.taskSurface)) return next()
    while (mode(file) === 'hold' && !payload.signal?.aborted) await new Promise((r) => setTimeout(r, 50))
    return mode(file) === 'reject' ? { kind: 'reject' } : next()
  })
}
`

/**
 * Install the step gate into a home: pass `patches` and `env` to Dsh.start, then `set('hold')`,
 * `set('reject')` or `set('open')`.
 * @param {string} home
 */
export function stepGate(home) {
  const dir = join(home, 'step-gate')
  mkdirSync(dir, { recursive: true })
  const module = join(dir, 'gate.mjs')
  const patch = join(dir, 'gate.patch.yml')
  const file = join(dir, 'mode')
  writeFileSync(module, STEP_GATE_SOURCE)
  writeFileSync(patch, `- insert:\n    - id: task-surface-test-step-gate\n      name: ${JSON.stringify(`file://${module}`)}\n`)
  return {
    patches: [patch],
    env: { TASK_SURFACE_TEST_STEP_GATE: file },
    /** Replace the mode at once (write, then rename): the gate never reads a half-written file. */
    set(mode) {
      writeFileSync(`${file}.next`, mode)
      renameSync(`${file}.next`, file)
    },
  }
}

/**
 * The fake LLM and `dsh web` in a fresh home with the bundle and the step gate (gate open).
 * @returns {Promise<{llm: any, home: any, gate: ReturnType<typeof stepGate>, dsh: Dsh, stop: () => Promise<void>}>}
 */
export async function startWithStepGate() {
  const llm = await startFakeLlm()
  const home = await makeHome(await packBundle())
  const gate = stepGate(home.home)
  gate.set('open')
  const dsh = await Dsh.start({ home: home.home, workspace: home.workspace, llmUrl: llm.url, patches: gate.patches, env: gate.env })
  return {
    llm, home, gate, dsh,
    async stop() {
      gate.set('open')
      await dsh.stop()
      await llm.close()
      home.cleanup()
    },
  }
}
