// `make demo`: the packed Task Surface bundle inside a real `dsh web` (0.1.0-rc.8) on 127.0.0.1,
// with a scripted keyless model that opens a Task Surface whenever the user sends a message and
// answers each submission by quoting it. Runs until Ctrl-C, which stops dsh and the model.
//
//   node examples/demo/main.mjs <tarball>        (examples/demo/demo.sh builds the tarball)
//
// Environment:
//   SURFACE=<name|path|all>  which surface the model opens (see surfaces.mjs); default compare-options;
//                            with all, each new session opens the next one and keeps it
//   PORT=<n>                 the port of dsh web (default 3977, or a free one when that is taken)
//   PATCH=<file>             one more patch layer for dsh web (examples/demo/limits.patch.yml)
//   DEMO_CHECK=1             instead of waiting for you: drive the demo end to end in headless
//                            Chromium in a throw-away home, print the result, exit 0 or 1
import { execFile } from 'node:child_process'
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, relative, resolve } from 'node:path'
import { promisify } from 'node:util'
import { startFakeLlm } from '../../tests/e2e/support/fake-llm.mjs'
import { CACHE, Dsh, REPO, dshLogFile, freePort, removeHome } from '../../tests/e2e/support/harness.mjs'
import { installedBundle, prepareHome } from './home.mjs'
import { DEMO_TITLE, nameSessions } from './names.mjs'
import { demoResponder } from './responder.mjs'
import { selectSurfaces } from './surfaces.mjs'

const run = promisify(execFile)
const say = (line = '') => process.stdout.write(`${line}\n`)
const shown = (path) => relative(REPO, path) || '.'

async function portIsFree(port) {
  return new Promise((resolvePort) => {
    const srv = createServer()
    srv.once('error', () => resolvePort(false))
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolvePort(true)))
  })
}

/** Refuse a surface the plugin would refuse, with the plugin's own words, before booting. */
async function validateSurfaces(home, surfaces) {
  const manifest = JSON.parse(readFileSync(join(installedBundle(home), 'manifest.json'), 'utf8'))
  const key = `${process.platform}-${process.arch}`
  const binary = join(installedBundle(home), manifest.plugin.binaries[key].path)
  for (const s of surfaces) {
    try {
      await run(binary, ['validate', s.file])
    } catch (err) {
      throw new Error(`SURFACE ${shown(s.file)} is not a valid Task Surface model:\n${err.stdout ?? err.message}`)
    }
  }
}

async function main() {
  const tarball = process.argv[2]
  if (!tarball) throw new Error('usage: node examples/demo/main.mjs <bundle tarball> (make demo builds it)')
  const check = Boolean(process.env.DEMO_CHECK) && process.env.DEMO_CHECK !== '0'
  const surfaces = selectSurfaces(process.env.SURFACE || undefined)
  const patch = process.env.PATCH ? resolve(REPO, process.env.PATCH) : undefined

  mkdirSync(CACHE, { recursive: true })
  const home = check ? mkdtempSync(join(CACHE, 'demo-check-')) : join(CACHE, 'demo-home')
  const logFile = dshLogFile(home)
  const cleanup = () => { if (check && !process.env.DEMO_KEEP_HOME) removeHome(home) }
  let dsh
  let llm
  let stopNaming = () => {}
  try {
    const { workspace, installed } = await prepareHome({ home, tarball, log: say })
    if (!check && !installed) say(`the bundle in ${shown(home)} is current`)
    await validateSurfaces(home, surfaces)

    llm = await startFakeLlm({ respond: demoResponder(surfaces), title: DEMO_TITLE })
    let port = Number(process.env.PORT) || undefined
    if (port === undefined && !check) port = (await portIsFree(3977)) ? 3977 : await freePort()
    say(`starting dsh web (${check ? 'check mode' : `port ${port}`})...`)
    dsh = await Dsh.start({ home, workspace, llmUrl: llm.url, port, patches: patch ? [patch] : [] })
    // The workspace exists before the page loads, so the first message needs no folder dialog.
    await dsh.value('workspace.create', { path: workspace })
    stopNaming = nameSessions(dsh)
    const log = createWriteStream(logFile, { flags: 'a' })
    log.write(dsh.output.join(''))
    dsh.child.stdout.on('data', (d) => log.write(d))
    dsh.child.stderr.on('data', (d) => log.write(d))

    if (check) {
      const { runCheck } = await import('./check.mjs')
      const started = Date.now()
      const { results, errors } = await runCheck({ url: dsh.url, surfaces, scratch: home, screenshotDir: CACHE })
      for (const r of results) say(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.surface.padEnd(20)} ${(r.ms / 1000).toFixed(1).padStart(5)} s  ${r.detail}`)
      for (const e of errors) say(`page: ${e}`)
      const { items } = await dsh.value('session.list', {})
      say(`sessions: ${items.map((s) => s.projections?.values?.title ?? '').sort().join(' | ')}`)
      const ok = results.length === surfaces.length && results.every((r) => r.ok)
      say(`demo check: ${ok ? 'passed' : 'FAILED'} (${results.filter((r) => r.ok).length} of ${surfaces.length} surfaces, ${((Date.now() - started) / 1000).toFixed(1)} s in Chromium)`)
      return ok ? 0 : 1
    }

    const first = surfaces[0].model
    say()
    say('Task Surface demo: dsh 0.1.0-rc.8 with the Task Surface bundle and a scripted keyless model.')
    say()
    say(`  Open     ${dsh.url}`)
    say('  Then     type any message into the composer and press Enter;')
    say(`           the model opens "${first.title}" in the Dock above the composer.`)
    say(`           Fill the panel and press "${first.submit.label}": your answers arrive as your`)
    say('           next message, and the model replies quoting what it received.')
    say(`  Surface  ${surfaces.map((s) => s.name).join(', ')}  (SURFACE=<name>|all make demo for others)`)
    if (surfaces.length > 1) say('           one per session: "New Session" opens the next; each session is named after its surface')
    say(`  Home     ${shown(home)} (sessions are kept between runs; dsh's log is ${shown(logFile)})`)
    say('  Stop     Ctrl-C')
    say()

    const outcome = await Promise.race([
      new Promise((r) => process.once('SIGINT', () => r('signal'))),
      new Promise((r) => process.once('SIGTERM', () => r('signal'))),
      dsh.exited.then((info) => info),
    ])
    if (outcome !== 'signal') {
      say(`dsh web exited by itself (${outcome.signal ?? `code ${outcome.code}`}); see ${shown(logFile)}`)
      return 1
    }
    say('stopping dsh and the scripted model...')
    process.on('SIGINT', () => { say('stopping at once'); dsh.child.kill('SIGKILL'); process.exit(130) })
    return 0
  } finally {
    stopNaming()
    await dsh?.stop()
    await llm?.close()
    cleanup()
  }
}

main().then((code) => { process.exitCode = code }, (err) => {
  process.stderr.write(`demo: ${err.message}\n`)
  process.exitCode = 1
})
