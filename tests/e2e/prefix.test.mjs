// Prefix stability: whatever model the agent passes, the tool definition the LLM is offered is
// the same bytes, request after request and session after session, so the prompt prefix (and
// its cache) never changes; only the call's arguments and the user's later conclusion vary.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeLlm } from './support/fake-llm.mjs'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { CACHE, Dsh, REPO, makeHome, packBundle, shimLogFile, toolPath, waitFor } from './support/harness.mjs'

const execFileAsync = promisify(execFile)

const TOOL = 'show_task_surface'
const surface = (name) => JSON.parse(readFileSync(join(REPO, 'examples', 'surfaces', name), 'utf8'))

let llm
let home
let dsh

before(async () => {
  llm = await startFakeLlm()
  home = await makeHome(await packBundle())
  dsh = await Dsh.start({ home: home.home, workspace: home.workspace, llmUrl: llm.url })
})

after(async () => {
  await dsh?.stop()
  await llm?.close()
  home?.cleanup()
})

test('one stable show_task_surface definition whatever the model shows', async () => {
  for (const name of ['compare-options.json', 'release-gate.json', 'review-change.json']) {
    const sessionId = await dsh.createSession(home.workspace)
    llm.reply({ toolCalls: [{ name: TOOL, arguments: { model: surface(name) } }] })
    const prompted = await dsh.prompt(sessionId, `Show me ${name}.`)
    assert.equal(prompted.ok, true, JSON.stringify(prompted))
    await waitFor(async () => (await dsh.projection(sessionId))?.active, { what: `${name} to open` })
    await dsh.waitIdle(sessionId)
  }
  const offered = llm.requests
    .filter((r) => Array.isArray(r.tools) && r.tools.length > 0)
    .map((r) => r.tools.find((t) => t.function?.name === TOOL))
  assert.ok(offered.length >= 3, `at least one agent request per session (got ${offered.length})`)
  assert.ok(offered.every(Boolean), 'every agent request offers show_task_surface')
  const distinct = new Set(offered.map((t) => JSON.stringify(t)))
  assert.equal(distinct.size, 1, 'the tool definition differs between requests')
  const [definition] = distinct
  for (const name of ['compare-options.json', 'release-gate.json', 'review-change.json']) {
    assert.ok(!definition.includes(surface(name).title), `the definition leaks the model of ${name}`)
  }
})

// The design note composes the tool only in profiles that mount the Web renderer. dsh rc.8 applies
// a bundle's patch layer in whichever profile it was added to, so the host half loads in the
// headless profile too (dsh-headless mounts no HTTP server and no browser plugin); the shim offers
// the tool only while dsh's web roster (ctx.clientModules) loads the bundle's client half
// (host-shim/src/dsh/renderer.js). The web profile above is offered it; headless is not.
test('a profile without the Web renderer (headless) is not offered show_task_surface, though the bundle is installed there', async () => {
  const dshBin = join(CACHE, 'dsh', 'node_modules', '.bin', 'dsh')
  const env = {
    ...process.env, PATH: toolPath(), DSH_HOME: home.home, DEEPSEEK_BASE_URL: llm.url, DEEPSEEK_API_KEY: 'sk-keyless-test',
    TASK_SURFACE_LOG_FILE: shimLogFile(home.home),
  }
  await execFileAsync(dshBin, ['plugin', '--profile', 'headless', 'add', await packBundle(), '--allow-build=protobufjs'], { cwd: home.home, env, maxBuffer: 16 << 20 })
  const before = llm.requests.length
  const logged = dsh.shimLog().length
  llm.reply({ text: 'Done.' })
  const { stdout } = await execFileAsync(dshBin, ['--profile', 'headless', 'Say done.'], { cwd: home.workspace, env, maxBuffer: 16 << 20 })
  assert.equal(stdout.trim(), 'Done.')
  const offered = llm.requests.slice(before).map((r) => (r.tools ?? []).map((t) => t.function?.name))
  assert.equal(offered.length, 1, 'one agent request')
  assert.ok(offered[0].includes('bash'), `the headless agent has its tools: ${offered[0]}`)
  assert.ok(!offered[0].includes(TOOL), `headless offers ${TOOL}: ${offered[0]}`)
  // The host half did load there: it registered the rest and started its plugin.
  const headlessLog = dsh.shimLog().slice(logged)
  assert.ok(headlessLog.some((r) => /^registered show_task_surface, projection taskSurface/.test(r.message)), 'the bundle loaded in the headless profile')
  assert.ok(!headlessLog.some((r) => /Web renderer is mounted/.test(r.message)), 'and found no Web renderer there')
  assert.ok(dsh.shimLog().slice(0, logged).some((r) => r.message === `the Web renderer is mounted: ${TOOL} is offered`), 'the web profile found it')
})
