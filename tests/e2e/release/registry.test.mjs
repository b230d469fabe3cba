// Installed by name from a registry, as users will once the packages are published: a private
// registry (Verdaccio on 127.0.0.1) holds the seven packages `make release` writes, and
//
//   dsh plugin --profile web add dsh-task-surface --allow-build=protobufjs
//   dsh plugin --profile web update dsh-task-surface --latest
//   dsh plugin --profile web remove dsh-task-surface
//
// install it (only this machine's platform package is downloaded and lands on disk; after a
// restart the model is offered the tool and the Dock shows in Chromium), upgrade it to a newer
// version and remove it. pnpm (under `dsh plugin`) reads the registry from npm_config_registry.
// It builds two releases and installs through a registry, a few minutes: `make release-check`
// runs it, `make test` does not.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { startFakeLlm } from '../support/fake-llm.mjs'
import { CACHE, Dsh, toolPath, waitFor } from '../support/harness.mjs'
import { clientState, load, offered, pluginBinariesUnder, storeHolds } from '../support/installed.mjs'
import { Registry } from '../support/registry.mjs'
import { makeRelease, snapshot, unpack } from './support/tree.mjs'
import { launchChromium, sendMessage } from '../../../examples/demo/check.mjs'
import { acknowledgeWelcome, installedBundle } from '../../../examples/demo/home.mjs'

const run = promisify(execFile)
const DSH = join(CACHE, 'dsh', 'node_modules', '.bin', 'dsh')
const HOST = `${process.platform}-${process.arch}`

let scratch
let registry
let releases // { first: {version, tarballs}, second: {version, tarballs} }
let home
let workspace
let llm
let browser
let dsh
let port

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'))
const profile = () => join(home, 'profiles', 'web')

/** The six plugin binaries of a release, by platform, from its platform packages. */
async function binariesOf(release) {
  const manifest = readJson(join(await unpack(scratch, release.tarballs.at(-1)), 'manifest.json'))
  const binaries = {}
  for (const tarball of release.tarballs.slice(0, -1)) {
    const dir = await unpack(scratch, tarball)
    const platform = readJson(join(dir, 'package.json')).name.replace('dsh-task-surface-', '')
    binaries[platform] = readFileSync(join(dir, manifest.plugin.binaries[platform].path))
  }
  return binaries
}

/** The tree at another version: package.json and manifest.json say so. */
function bump(tree, version) {
  for (const file of ['package.json', 'manifest.json']) {
    const doc = readJson(join(tree, file))
    doc.version = version
    writeFileSync(join(tree, file), `${JSON.stringify(doc, null, 2)}\n`)
  }
}

/** `dsh plugin --profile web <args>` as a user runs it, against the test's registry. */
async function plugin(...args) {
  const { stdout, stderr } = await run(DSH, ['plugin', '--profile', 'web', ...args], {
    cwd: home,
    env: {
      ...process.env,
      PATH: toolPath(),
      DSH_HOME: home,
      ...registry.env(),
      // A store and metadata cache of the test's own, so every tarball pnpm needs is downloaded
      // from the registry and shows in its log.
      PNPM_CONFIG_STORE_DIR: join(scratch, 'pnpm-store'),
      PNPM_CONFIG_CACHE_DIR: join(scratch, 'pnpm-cache'),
      // pnpm holds back versions published less than a day ago (minimumReleaseAge, 1440 minutes
      // by default, not strict: a package with no older version still installs); this
      // registry's versions are minutes old, so the upgrade would keep the older one.
      PNPM_CONFIG_MINIMUM_RELEASE_AGE: '0',
    },
    maxBuffer: 16 << 20,
  })
  return stdout + stderr
}

/**
 * Of a release's six binaries only this machine's is on disk: in the profile, once, from the
 * platform package of the release's version, and in pnpm's store no other platform's bytes.
 */
function assertOnlyHostBinary(release) {
  const binaries = pluginBinariesUnder(profile())
  assert.equal(binaries.length, 1, `one plugin binary in the profile: ${binaries.join(', ')}`)
  assert.ok(binaries[0].includes(`dsh-task-surface-${HOST}/`), `it is this platform's: ${binaries[0]}`)
  const bundle = createRequire(join(realpathSync(installedBundle(home)), 'package.json'))
  assert.equal(readJson(bundle.resolve(`dsh-task-surface-${HOST}/package.json`)).version, release.version, 'the platform package of the same version')
  for (const [platform, bytes] of Object.entries(release.binaries)) {
    assert.equal(storeHolds(join(scratch, 'pnpm-store'), bytes), platform === HOST, `pnpm's store holds the ${platform} binary: ${platform === HOST}`)
  }
}

/** Restart dsh on the same port (the browser keeps its page). */
async function restart() {
  await dsh?.stop()
  dsh = await Dsh.start({ home, workspace, llmUrl: llm.url, port })
  port = Number(new URL(dsh.url).port)
}

before(async () => {
  mkdirSync(join(CACHE, 'e2e'), { recursive: true })
  scratch = mkdtempSync(join(CACHE, 'e2e', 'registry-'))
  const tree = await snapshot(join(scratch, 'tree'))
  const version = readJson(join(tree, 'package.json')).version
  const [major, minor, patch] = version.split(/[.-]/).map(Number)
  const newer = `${major}.${minor}.${patch + 1}`
  const first = await makeRelease(tree, join(scratch, 'release-1'))
  const later = join(scratch, 'later', 'tree')
  cpSync(tree, later, { recursive: true })
  bump(later, newer)
  const second = await makeRelease(later, join(scratch, 'release-2'))
  releases = { first: { version, ...first, binaries: await binariesOf(first) }, second: { version: newer, ...second, binaries: await binariesOf(second) } }
  registry = await Registry.start(join(scratch, 'registry'))
  await registry.publish(releases.first.tarballs)

  home = mkdtempSync(join(scratch, 'home-'))
  workspace = join(home, 'workspace')
  mkdirSync(workspace)
  acknowledgeWelcome(home)
  llm = await startFakeLlm()
  browser = await launchChromium(join(scratch, 'chromium'))
})

after(async () => {
  await browser?.close()
  await dsh?.stop()
  await llm?.close()
  await registry?.stop()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

test('add dsh-task-surface by name: only this platform\'s binary is downloaded; after a restart the tool is offered and the Dock shows', async () => {
  const { version } = releases.first
  await plugin('add', 'dsh-task-surface', '--allow-build=protobufjs')

  const ours = registry.downloads().filter((p) => p.startsWith('/dsh-task-surface'))
  assert.deepEqual(ours.sort(), [
    `/dsh-task-surface-${HOST}/-/dsh-task-surface-${HOST}-${version}.tgz`,
    `/dsh-task-surface/-/dsh-task-surface-${version}.tgz`,
  ], 'the main package and this platform\'s package, no other platform\'s')
  assert.equal(readJson(join(installedBundle(home), 'package.json')).version, version)
  assert.ok(readJson(join(profile(), 'package.json')).dsh.profile.bundles.includes('dsh-task-surface'), 'the bundle is a profile layer')
  assertOnlyHostBinary(releases.first)

  await restart()
  await dsh.value('workspace.create', { path: workspace })
  const page = await browser.newPage()
  await load(page, dsh.url)
  await page.waitForSelector('style[data-plugin="dsh-task-surface"]', { timeout: 30_000 })
  llm.reply({ text: 'Hello from the model.' })
  await sendMessage(page, 'Hello after installing Task Surface by name')
  await page.waitForSelector('[data-task-surface-dock]', { timeout: 30_000 })
  assert.deepEqual(await clientState(page), { entry: true, applied: true, dock: true })
  assert.ok(offered(await llm.waitForRequests(1)), 'the model is offered show_task_surface')
  assert.equal(dsh.pluginPids().length, 1, 'the plugin runs from its platform package')
  const registered = dsh.shimLog().find((r) => /^registered show_task_surface/.test(r.message))
  assert.match(registered?.message ?? '', new RegExp(`plugin ${version.replaceAll('.', '\\.')}\\)`))
  await page.close()
})

test('update dsh-task-surface --latest: the newer version and its binary replace the old', async (t) => {
  const { version } = releases.second
  await registry.publish(releases.second.tarballs)
  t.diagnostic(await plugin('update', 'dsh-task-surface', '--latest'))
  assert.equal(readJson(join(installedBundle(home), 'package.json')).version, version)
  assertOnlyHostBinary(releases.second)

  await restart()
  await waitFor(() => dsh.shimLog().some((r) => r.message.includes(`plugin ${version})`)), { what: `the plugin ${version} to register` })
  assert.equal(dsh.pluginPids().length, 1)
})

test('without its platform package dsh still boots, its log says which package to install and why; installing it as told brings the plugin back', async () => {
  const { version } = releases.second
  const wanted = `dsh-task-surface-${HOST}@${version}`
  // What a skipped optional dependency leaves: the main package without its platform package.
  const bundle = createRequire(join(realpathSync(installedBundle(home)), 'package.json'))
  rmSync(dirname(bundle.resolve(`dsh-task-surface-${HOST}/package.json`)), { recursive: true, force: true })

  await restart()
  const said = await waitFor(() => dsh.shimLog().find((r) => r.level === 'error' && r.message.includes(`install package ${wanted}`)),
    { what: 'the logged error naming the package to install' })
  assert.match(said.message, new RegExp(`optional dependency, which the package manager installs only on ${HOST}`), 'and why')
  assert.ok(said.message.includes(`dsh plugin --profile web add ${wanted}`), 'and the command')
  assert.deepEqual(dsh.pluginPids(), [])
  assert.ok(await dsh.createSession(workspace), 'dsh boots and serves without Task Surface')

  await plugin('add', wanted)
  await restart()
  await waitFor(() => dsh.pluginPids().length === 1, { what: 'the plugin to run again' })
  await plugin('remove', `dsh-task-surface-${HOST}`)
})

test('remove dsh-task-surface: the layer, the packages and the binary are gone; the model is no longer offered the tool', async () => {
  await plugin('remove', 'dsh-task-surface')
  assert.equal(readJson(join(profile(), 'package.json')).dsh.profile.bundles.includes('dsh-task-surface'), false)
  assert.equal(existsSync(installedBundle(home)), false)
  assert.deepEqual(pluginBinariesUnder(profile()), [])

  await restart()
  const sessionId = await dsh.createSession(workspace)
  llm.reply({ text: 'Hello.' })
  const before = llm.requests.length
  await dsh.prompt(sessionId, 'Hi after removing Task Surface.')
  const request = await llm.waitForRequests(before + 1)
  assert.equal(offered(request), false)
  assert.deepEqual(dsh.pluginPids(), [])
})
