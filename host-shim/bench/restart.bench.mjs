// Plugin restart time after a crash, as the harness sees it: SIGKILL the plugin, then time
// until the supervisor answers calls again (crash noticed, backoff delay, digest check, spawn,
// handshake, AutoMTLS, health, broker, Describe, Configure). References, measured in the same
// run from Node with the same client code:
//   - minimal launch: the smallest go-plugin gRPC plugin (bench/minimalplugin) to healthy;
//   - full launch: the Task Surface plugin from spawn to configured, no backoff.
//
// Run: node host-shim/bench/restart.bench.mjs      (ROUNDS=n to change the sample size)
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { makeClientCertificate, serverCertificatePem } from '../src/goplugin/certificate.js'
import { parseHandshake } from '../src/goplugin/handshake.js'
import { launchPlugin, PluginProcess } from '../src/goplugin/plugin-process.js'
import { loadProtos } from '../src/goplugin/protos.js'
import { Supervisor } from '../src/goplugin/supervisor.js'
import { buildMinimalPlugin, buildPlugin, fmt, manifest, median } from './common.mjs'

const ROUNDS = Number(process.env.ROUNDS ?? 10)

/** Launch the minimal plugin with the shim's own client pieces, up to a healthy connection. */
async function minimalLaunch(path) {
  const t = performance.now()
  const identity = await makeClientCertificate()
  const dir = mkdtempSync(join(tmpdir(), 'tsb-'))
  const child = spawn(path, [], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, MINIMAL_PLUGIN: 'minimal', PLUGIN_PROTOCOL_VERSIONS: '1', PLUGIN_UNIX_SOCKET_DIR: dir, PLUGIN_CLIENT_CERT: identity.certPem },
  })
  const proc = new PluginProcess(child, dir, () => {})
  const handshake = parseHandshake(await proc.readHandshake(10_000), { appVersion: 1 })
  await proc.connect(loadProtos(), handshake, identity, serverCertificatePem(handshake.serverCert))
  await proc.waitHealthy(5_000)
  const ms = performance.now() - t
  await proc.shutdown()
  return ms
}

async function fullLaunch(path) {
  const t = performance.now()
  const proc = await launchPlugin({ path, handshake: manifest.handshake, log: () => {} })
  const ms = performance.now() - t
  await proc.shutdown()
  return ms
}

const minimalPath = buildMinimalPlugin()
const binary = await buildPlugin()

const minimal = []
const full = []
for (let i = 0; i < ROUNDS; i++) {
  minimal.push(await minimalLaunch(minimalPath))
  full.push(await fullLaunch(binary.path))
}

// Crash and restart through the supervisor with its default backoff. Each crash comes after
// the launch has been healthy for a while, as a real crash would, so every restart takes the
// first (shortest) backoff step.
const restarts = []
const delays = []
const sup = new Supervisor({
  binary,
  handshake: manifest.handshake,
  log: () => {},
  backoff: { healthyAfterMs: 0 },
  onCrash: (info) => delays.push(info.delayMs),
})
await sup.start()
try {
  for (let i = 0; i < ROUNDS; i++) {
    const { pid } = sup.current()
    const t = performance.now()
    process.kill(pid, 'SIGKILL')
    for (;;) {
      try {
        await sup.call('Describe', {})
        if (sup.current().pid !== pid) break
      } catch { /* away */ }
      await new Promise((r) => setTimeout(r, 2))
    }
    restarts.push(performance.now() - t)
  }
} finally {
  await sup.stop()
}

const [m, f, r, d] = [median(minimal), median(full), median(restarts), median(delays)]
console.log(`Plugin launch and restart from Node (${ROUNDS} rounds, medians)`)
console.log(`  minimal go-plugin launch to healthy   ${fmt(m)}`)
console.log(`  Task Surface launch to configured     ${fmt(f)}`)
console.log(`  restart after SIGKILL, until calls work again   ${fmt(r)} (of which backoff delay ${fmt(d)})`)
console.log(`  ratio full launch / minimal launch     = ${(f / m).toFixed(2)}x`)
console.log(`  ratio restart / minimal launch         = ${(r / m).toFixed(2)}x`)
console.log(`  ratio restart without backoff / full launch = ${((r - d) / f).toFixed(2)}x`)
