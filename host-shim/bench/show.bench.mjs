// Node -> plugin Show round trip for 4 KiB and 64 KiB models, against echoes of the same
// bytes over the same kind of connection:
//   - plugin Echo: the same AutoMTLS connection to the same Go process, no domain work;
//   - grpc-js echo: a bare grpc-js server in this process, mutual TLS over a unix socket.
// Show does the whole domain work (parse, JSON Schema, semantic checks, normalise, render
// Markdown with goldmark), so the ratio Show / echo is what the domain costs on top of the
// transport (information). Goal: the 64 KiB model's round trip at p99 within 5 ms.
//
// Run: node host-shim/bench/show.bench.mjs      (ITERATIONS=n to change the sample size)
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import grpc from '@grpc/grpc-js'
import { makeClientCertificate } from '../src/goplugin/certificate.js'
import { launchPlugin, MAX_MESSAGE_BYTES } from '../src/goplugin/plugin-process.js'
import { loadProtos } from '../src/goplugin/protos.js'
import { goal } from '../../tools/bench-goal.mjs'

/** One frame at 60 Hz, in ms. */
const FRAME_MS = 16.7
import { buildPlugin, EMPTY_VIEW, fmt, manifest, median, model, percentile } from './common.mjs'

const ITERATIONS = Number(process.env.ITERATIONS ?? 300)
const WARMUP = 30

async function time(fn, n) {
  for (let i = 0; i < WARMUP; i++) await fn(i)
  const samples = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    await fn(i)
    samples.push(performance.now() - t)
  }
  return samples
}

/** A bare grpc-js server that echoes, with mutual TLS on a unix socket (like the broker). */
async function startLocalEcho() {
  const protos = loadProtos()
  const id = await makeClientCertificate()
  const dir = mkdtempSync(join(tmpdir(), 'tsb-'))
  const server = new grpc.Server({ 'grpc.max_receive_message_length': MAX_MESSAGE_BYTES, 'grpc.max_send_message_length': MAX_MESSAGE_BYTES })
  server.addService(protos.taskSurface.service, { Echo: (call, cb) => cb(null, { payload: call.request.payload }) })
  const address = `unix://${join(dir, 'echo.sock')}`
  const pem = Buffer.from(id.certPem)
  const key = Buffer.from(id.keyPem)
  await new Promise((resolve, reject) => server.bindAsync(address,
    grpc.ServerCredentials.createSsl(pem, [{ private_key: key, cert_chain: pem }], true), (e) => (e ? reject(e) : resolve())))
  const client = new protos.taskSurface(address, grpc.credentials.createSsl(pem, key, pem, { checkServerIdentity: () => undefined }), {
    'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
    'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
    'grpc.ssl_target_name_override': 'localhost',
    'grpc.default_authority': 'localhost',
  })
  const echo = (payload) => new Promise((resolve, reject) => client.Echo({ payload }, (e, r) => (e ? reject(e) : resolve(r))))
  return {
    echo,
    close() {
      client.close()
      server.forceShutdown()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

const binary = await buildPlugin()
const proc = await launchPlugin({ path: binary.path, handshake: manifest.handshake, log: () => {} })
const local = await startLocalEcho()
try {
  console.log(`Show round trip, Node -> plugin (${ITERATIONS} calls each; p50 [p95, p99])`)
  for (const kib of [4, 64]) {
    const args = Buffer.from(JSON.stringify({ model: model(kib * 1024 - 512) }))
    const show = await time((i) => proc.call('Show', {
      session_id: 'bench', call_id: `call_${kib}_${i}`, arguments_json: args, projection_json: EMPTY_VIEW, mode: 'native',
      omit_meta: true, // as the shim's tool asks: it derives the metadata from the value
    }).then((r) => { if (!r.ok) throw new Error(r.error_text) }), ITERATIONS)
    const pluginEcho = await time(() => proc.call('Echo', { payload: args }), ITERATIONS)
    const grpcEcho = await time(() => local.echo(args), ITERATIONS)
    const [s, e, g] = [median(show), median(pluginEcho), median(grpcEcho)]
    console.log(`  ${kib} KiB model (${args.length} bytes of arguments):`)
    const spread = (xs) => `${fmt(median(xs))} [${fmt(percentile(xs, 0.95))}, ${fmt(percentile(xs, 0.99))}]`
    console.log(`    Show             ${spread(show)}`)
    console.log(`    plugin Echo      ${spread(pluginEcho)}`)
    console.log(`    grpc-js echo     ${spread(grpcEcho)}`)
    console.log(`    Show - plugin Echo (the plugin's domain work, p50) ${fmt(s - e)}; compare Go's BenchmarkParse in plugin/model`)
    console.log(`    ratio Show / plugin Echo  = ${(s / e).toFixed(2)}x, grpc-js echo ${(s / g).toFixed(2)}x (p50; information)`)
    if (kib === 64) {
      const p99 = percentile(show, 0.99)
      const met = s <= 5 && p99 <= FRAME_MS
      console.log(`    goal: p50 <= 5 ms and p99 <= one frame (${FRAME_MS} ms): ${met ? 'met' : 'NOT met'} (p50 ${fmt(s)}, p99 ${fmt(p99)}; the plugin Echo of the same bytes p50 ${fmt(e)}, p99 ${fmt(percentile(pluginEcho, 0.99))})`)
      goal(1, {
        figure: `show_task_surface at the 64 KiB limit (${args.length} bytes of arguments), Node → plugin → Node, ${ITERATIONS} calls`,
        measured: `p50 ${fmt(s)}, p99 ${fmt(p99)}`,
        reference: `the plugin's Echo of the same bytes, same connection: p50 ${fmt(e)}, p99 ${fmt(percentile(pluginEcho, 0.99))} (information)`,
        goal: `p50 ≤ 5 ms and p99 ≤ one frame (${FRAME_MS} ms)`,
        met,
      })
    }
  }
} finally {
  local.close()
  await proc.shutdown()
}
