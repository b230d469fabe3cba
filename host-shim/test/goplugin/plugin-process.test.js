// The go-plugin client against the real plugin binary, built from this tree.
import { test, before } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchPlugin, MAX_MESSAGE_BYTES } from '../../src/goplugin/plugin-process.js'
import { Supervisor, PluginUnavailableError } from '../../src/goplugin/supervisor.js'
import { sha256File } from '../../src/goplugin/digest.js'
import { BUNDLE_ROOT, readManifest } from '../../src/dsh/manifest.js'

const BIN_DIR = join(BUNDLE_ROOT, '.cache', 'bin')
const BIN = join(BIN_DIR, 'task-surface-plugin')
const manifest = readManifest()
let digest

before(async () => {
  mkdirSync(BIN_DIR, { recursive: true })
  execFileSync('go', ['build', '-trimpath', '-o', BIN, './plugin/cmd/task-surface-plugin'], { cwd: BUNDLE_ROOT, env: { ...process.env, CGO_ENABLED: '0' } })
  digest = await sha256File(BIN)
})

function recorder() {
  const records = []
  const log = (level, message, fields) => records.push({ level, message, fields })
  return { records, log }
}

/** A live process: one that exited and waits to be reaped (state Z) has ended. */
const alive = (pid) => {
  try { process.kill(pid, 0) } catch { return false }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat[stat.lastIndexOf(')') + 2] !== 'Z'
  } catch { return false }
}

async function until(fn, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await fn())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

test('launch: handshake over AutoMTLS, Describe, Configure, a call answered from what it carries, Shutdown', async () => {
  const { records, log } = recorder()
  const proc = await launchPlugin({
    path: BIN,
    handshake: manifest.handshake,
    log,
    env: { TASK_SURFACE_LOG_LEVEL: 'debug' },
    limits: { max_blocks: 10 },
  })
  try {
    assert.equal(proc.description.tool.name, 'show_task_surface')
    assert.equal(proc.description.projection.key, 'taskSurface')
    assert.equal(proc.description.command.name, 'task-surface')
    assert.equal(proc.description.max_message_bytes, MAX_MESSAGE_BYTES)
    assert.equal(proc.configuration.effective_limits.max_blocks, 10)

    // The private socket folder is the owner's alone while the plugin lives, and holds only the
    // plugin's socket: the host serves nothing (the plugin never calls it).
    assert.equal(statSync(proc.socketDir).mode & 0o777, 0o700)
    assert.deepEqual(readdirSync(proc.socketDir).filter((f) => f.startsWith('host')), [])

    // GetActive is decided from the snapshot the request carries.
    const snapshot = { projection_json: Buffer.from('{"active":null,"outcomes":[]}'), queue: [], log_seq: -1 }
    const active = await proc.call('GetActive', { session_id: 's-1', surface_id: '', snapshot })
    assert.equal(active.active, false)
    assert.equal(active.reason, 'not-open')

    // The plugin's hclog JSON arrives at its levels with its fields.
    assert.ok(records.some((r) => r.fields?.['@module'] !== undefined), 'hclog fields forwarded')
  } finally {
    const exit = await proc.shutdown()
    assert.deepEqual(exit, { code: 0, signal: null }, 'Shutdown ends the plugin cleanly')
    assert.equal(existsSync(proc.socketDir), false, 'the socket folder is removed after exit')
  }
})

test('messages far above gRPC\'s 4 MiB default pass both ways', async () => {
  const proc = await launchPlugin({ path: BIN, handshake: manifest.handshake, log: () => {} })
  try {
    const payload = Buffer.alloc(12 << 20, 7)
    const echoed = await proc.call('Echo', { payload })
    assert.equal(echoed.payload.length, payload.length)
    assert.ok(echoed.payload.equals(payload))
  } finally {
    await proc.shutdown()
  }
})

test('a binary whose digest differs from the manifest is never started', async () => {
  let launched = 0
  const { log } = recorder()
  const sup = new Supervisor({
    binary: { path: BIN, sha256: 'f'.repeat(64) },
    handshake: manifest.handshake,
    log,
    launch: (...args) => { launched += 1; return launchPlugin(...args) },
  })
  await sup.start()
  assert.equal(launched, 0)
  assert.equal(sup.state, 'refused')
  await assert.rejects(sup.call('Describe', {}), (err) => {
    assert.ok(err instanceof PluginUnavailableError)
    assert.match(err.message, /manifest\.json expects f{64}/)
    assert.match(err.message, /reinstall the Task Surface bundle/)
    return true
  })
})

test('after a crash the supervisor answers a clear error, then restarts the plugin with backoff', async () => {
  const { records, log } = recorder()
  const crashes = []
  const sup = new Supervisor({
    binary: { path: BIN, sha256: digest },
    handshake: manifest.handshake,
    log,
    // Delays wide enough that a loaded machine still sees the waiting state before the restart.
    backoff: { initialMs: 1_500, maxMs: 6_000 },
    onCrash: (info) => crashes.push(info),
  })
  try {
    await sup.start()
    assert.equal(sup.state, 'ready')
    const first = sup.current()
    const firstDir = first.socketDir
    process.kill(first.pid, 'SIGKILL')
    await until(() => sup.state === 'waiting')
    assert.equal(crashes[0].signal, 'SIGKILL')
    assert.ok(crashes[0].delayMs >= 750 && crashes[0].delayMs <= 1_500, `first delay ${crashes[0].delayMs} ms`)
    await assert.rejects(sup.call('Describe', {}), /restarting after a failure; it will be back in about \d+ s/)
    assert.equal(existsSync(firstDir), false, 'the dead launch\'s socket folder is removed')

    assert.equal(await sup.waitReady(10_000), true)
    const second = sup.current()
    assert.notEqual(second.pid, first.pid)
    assert.equal(sup.launches, 2)
    assert.equal((await sup.call('Describe', {})).tool.name, 'show_task_surface')
    assert.ok(records.some((r) => r.level === 'error' && /exited unexpectedly \(SIGKILL\)/.test(r.message)))

    // A second quick crash waits longer.
    process.kill(second.pid, 'SIGKILL')
    await until(() => crashes.length === 2)
    assert.ok(crashes[1].delayMs >= 1_500 && crashes[1].delayMs <= 3_000, `second delay ${crashes[1].delayMs} ms`)
    assert.equal(await sup.waitReady(10_000), true)
  } finally {
    await sup.stop()
  }
  assert.equal(sup.state, 'stopped')
  await assert.rejects(sup.call('Describe', {}), /has been stopped/)
})

/** Launch the plugin from another Node process (a harness), then kill that process with SIGKILL,
 * so none of its exit handlers runs; resolves with the plugin's pid and socket folder. */
async function launchFromAKilledHost(env = {}) {
  const script = `
    import { launchPlugin } from ${JSON.stringify(new URL('../../src/goplugin/plugin-process.js', import.meta.url).href)}
    const proc = await launchPlugin({ path: ${JSON.stringify(BIN)}, handshake: ${JSON.stringify(manifest.handshake)}, log: () => {} })
    console.log(JSON.stringify({ pid: proc.pid, dir: proc.socketDir }))
    setInterval(() => {}, 1000)
  `
  const host = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } })
  const line = await new Promise((resolve, reject) => {
    host.stdout.once('data', (d) => resolve(String(d)))
    host.once('exit', (code) => reject(new Error(`host exited ${code}`)))
  })
  const { pid, dir } = JSON.parse(line)
  assert.ok(alive(pid))
  host.kill('SIGKILL') // no exit handlers run: only the plugin's own parent watch can notice
  await new Promise((resolve) => host.once('exit', resolve))
  return { pid, dir }
}

test('the plugin exits when the process that launched it dies without stopping it', async () => {
  const { pid, dir } = await launchFromAKilledHost()
  // The README promises that an orphan ends within a second of its host.
  await until(() => !alive(pid), 1_000)
  rmSync(dir, { recursive: true, force: true }) // a killed host cannot remove its socket folder
})

test('the socket folder a killed harness left behind is removed when the next harness starts, and no other', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'tsp-sweep-'))
  const { pid, dir } = await launchFromAKilledHost({ TMPDIR: tmp })
  await until(() => !alive(pid), 1_000)
  assert.ok(existsSync(dir), 'the killed harness left its folder')
  // A folder of a harness still running beside this one (this test's parent) and another user's
  // file of a similar name stay.
  const live = join(tmp, `tsp-${process.ppid}-abcdef`)
  mkdirSync(live)
  const other = join(tmp, 'tsp-keep-me')
  mkdirSync(other)
  const { records, log } = recorder()
  const saved = process.env.TMPDIR
  process.env.TMPDIR = tmp
  const sup = new Supervisor({ binary: { path: BIN, sha256: digest }, handshake: manifest.handshake, log })
  try {
    await sup.start()
    assert.equal(sup.state, 'ready')
    assert.equal(existsSync(dir), false, 'the dead harness\'s folder is gone')
    assert.ok(existsSync(live) && existsSync(other), 'a live harness\'s folder and other names stay')
    assert.ok(existsSync(sup.current().socketDir), 'the new launch has its own')
    assert.ok(records.some((r) => r.level === 'info' && r.message.includes('removed 1 socket folder') && r.message.includes(dir)))
  } finally {
    if (saved === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = saved
    await sup.stop()
    rmSync(tmp, { recursive: true, force: true })
  }
})

test('a failed start reports why and leaves no folder behind', async () => {
  const { log } = recorder()
  const tmp = mkdtempSync(join(tmpdir(), 'tsp-test-'))
  const saved = process.env.TMPDIR
  process.env.TMPDIR = tmp
  try {
    // A wrong magic cookie: the binary either refuses (go-plugin's "This binary is a plugin")
    // or runs its command-line face, which prints no handshake; both are reported.
    await assert.rejects(
      launchPlugin({ path: BIN, handshake: { ...manifest.handshake, magicCookieValue: 'wrong' }, log }),
      /exited \(code 1\) before its handshake; its last output: This binary is a plugin|unrecognised plugin handshake .*The binary may not be a Task Surface plugin/,
    )
    // A binary that exits at once.
    await assert.rejects(
      launchPlugin({ path: '/bin/false', handshake: manifest.handshake, log }),
      /exited \(code 1\) before its handshake/,
    )
  } finally {
    if (saved === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = saved
  }
  assert.deepEqual(readdirSync(tmp), [], 'no socket folder is left behind')
  rmSync(tmp, { recursive: true })
})
