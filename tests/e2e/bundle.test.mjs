// The bundle as `make bundle` makes it and as a user installs it:
//   - one build packs the plugin for six platforms with the digests the shim checks, stripped;
//   - the build is reproducible: packing again gives the same tarball, and a platform built
//     from another folder with an empty Go build cache gives the same binary;
//   - `dsh plugin --profile web add ./<tarball>`, a restart and a page reload make the tool
//     visible to the model and register the Dock in the browser (Debian's Chromium).
// The build runs from a snapshot of the working tree, so edits made meanwhile do not race it.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { startFakeLlm } from './support/fake-llm.mjs'
import { CACHE, Dsh, REPO, sleep, toolPath, waitFor } from './support/harness.mjs'
import { launchChromium, sendMessage } from '../../examples/demo/check.mjs'
import { acknowledgeWelcome, addBundle, installedBundle } from '../../examples/demo/home.mjs'

const run = promisify(execFile)
const PLATFORMS = ['darwin-arm64', 'darwin-x64', 'linux-arm64', 'linux-x64', 'win32-arm64', 'win32-x64']
const HOST = `${process.platform}-${process.arch}`
const MiB = 1 << 20
const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex')

let scratch
let tree
let full // { tarball, dir }: the all-platform build, unpacked

/** Copy the working tree's files (tracked and untracked, not ignored) to a new folder. */
async function snapshot(to) {
  const { stdout } = await run('git', ['ls-files', '-z', '-co', '--exclude-standard'], { cwd: REPO, maxBuffer: 64 << 20 })
  for (const rel of stdout.split('\0').filter(Boolean)) {
    const from = join(REPO, rel)
    if (!existsSync(from)) continue // deleted in the working tree
    mkdirSync(dirname(join(to, rel)), { recursive: true })
    copyFileSync(from, join(to, rel))
  }
  return to
}

/** tools/bundle/build.sh of a tree; resolves with the tarball's path. */
async function build(root, out, args, env = {}) {
  const { stdout } = await run(join(root, 'tools', 'bundle', 'build.sh'), ['--out', out, '--client', 'prebuilt', ...args], {
    cwd: root, env: { ...process.env, PATH: toolPath(), TASK_SURFACE_CACHE: CACHE, ...env }, maxBuffer: 64 << 20,
  })
  return stdout.trim().split('\n').at(-1)
}

async function unpack(tarball) {
  const dir = mkdtempSync(join(scratch, 'unpacked-'))
  await run('tar', ['-xzf', tarball, '-C', dir])
  return join(dir, 'package')
}

const manifestOf = (dir) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))

before(async () => {
  mkdirSync(join(CACHE, 'e2e'), { recursive: true })
  scratch = mkdtempSync(join(CACHE, 'e2e', 'bundle-build-'))
  tree = await snapshot(join(scratch, 'tree'))
  const tarball = await build(tree, join(scratch, 'dist'), ['--platforms', 'all'])
  full = { tarball, dir: await unpack(tarball) }
})

after(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

test('make bundle packs the plugin for six platforms, stripped, with the digests the shim checks', async (t) => {
  const { stdout } = await run('go', ['run', './tools/bundle/manifest', 'check', '-packed', full.dir], { cwd: REPO })
  assert.match(stdout, /the bundle face is valid/)
  const manifest = manifestOf(full.dir)
  assert.deepEqual(Object.keys(manifest.plugin.binaries).sort(), PLATFORMS)
  assert.equal(manifest.build.cgo, false)
  assert.ok(manifest.build.flags.includes('-trimpath'))

  const sizes = Object.entries(manifest.plugin.binaries).map(([key, b]) => [key, statSync(join(full.dir, b.path)).size])
  const tarball = statSync(full.tarball).size
  t.diagnostic(`tarball ${(tarball / MiB).toFixed(1)} MiB; binaries ${sizes.map(([k, s]) => `${k} ${(s / MiB).toFixed(1)}`).join(', ')} MiB`)
  for (const [key, size] of sizes) assert.ok(size < 20 * MiB, `${key} is ${(size / MiB).toFixed(1)} MiB: is it stripped?`)
  assert.ok(tarball < 40 * MiB, `the tarball is ${(tarball / MiB).toFixed(1)} MiB`)

  const own = join(full.dir, manifest.plugin.binaries[HOST].path)
  await assert.rejects(run('go', ['tool', 'nm', own]), /no symbols/, 'the binary carries no symbol table')
  const { stdout: version } = await run(own, ['version'])
  assert.equal(version.trim(), JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).version, 'the build stamps the bundle version')
  assert.equal(readFileSync(join(full.dir, manifest.entries.client), 'utf8'), readFileSync(join(tree, 'client-bundle', 'dist', 'client.js'), 'utf8'))
})

test('the build is reproducible: the same tarball again, and the same binary from another folder and an empty Go cache', async (t) => {
  const again = await build(tree, join(scratch, 'dist-again'), ['--platforms', 'all'])
  assert.equal(sha256(again), sha256(full.tarball), 'a second build packs the same bytes')

  // Nothing cached: another checkout path, a new GOCACHE, a cross-compiled Mach-O binary. The
  // same snapshot, copied: the working tree may have changed since.
  const elsewhere = join(scratch, 'elsewhere', 'tree')
  cpSync(tree, elsewhere, { recursive: true })
  const gocache = join(scratch, 'gocache')
  const started = Date.now()
  const single = await build(elsewhere, join(scratch, 'dist-elsewhere'), ['--platforms', 'darwin-arm64'], { GOCACHE: gocache })
  t.diagnostic(`darwin-arm64 with an empty Go build cache: ${((Date.now() - started) / 1000).toFixed(0)} s`)
  const rebuilt = manifestOf(await unpack(single)).plugin.binaries['darwin-arm64'].sha256
  assert.equal(rebuilt, manifestOf(full.dir).plugin.binaries['darwin-arm64'].sha256)
  rmSync(gocache, { recursive: true, force: true })
})

/** What the page shows of the Task Surface client: its boot entry, its stylesheet, the Dock. */
function clientState(page) {
  return page.evaluate(() => ({
    entry: (window.__DSH_BOOT__?.entries ?? []).some((e) => e.id === 'dsh-task-surface'),
    applied: document.querySelector('style[data-plugin="dsh-task-surface"]') !== null,
    dock: document.querySelector('[data-task-surface-dock]') !== null,
  }))
}

async function load(page, url) {
  await page.goto(url, { waitUntil: 'domcontentloaded' })
  await page.waitForSelector('textarea', { visible: true, timeout: 60_000 })
}

const offered = (request) => request.tools.map((tool) => tool.function.name).includes('show_task_surface')

test('installed as users do: add ./<tarball>, restart, reload: the model is offered the tool and the Dock registers', async () => {
  const home = mkdtempSync(join(scratch, 'home-'))
  const workspace = join(home, 'workspace')
  mkdirSync(workspace)
  acknowledgeWelcome(home)
  const llm = await startFakeLlm()
  const browser = await launchChromium(join(scratch, 'chromium'))
  let dsh
  try {
    // dsh without the bundle.
    dsh = await Dsh.start({ home, workspace, llmUrl: llm.url })
    const port = Number(new URL(dsh.url).port)
    await dsh.value('workspace.create', { path: workspace })
    const page = await browser.newPage()
    await load(page, dsh.url)
    await sleep(2_000)
    assert.deepEqual(await clientState(page), { entry: false, applied: false, dock: false }, 'before the bundle is added')

    // The README's install command, from the tarball's folder, while dsh runs.
    await addBundle(home, full.tarball)
    const installed = manifestOf(installedBundle(home))
    assert.deepEqual(installed, manifestOf(full.dir), 'the profile holds the packed manifest')
    const profile = JSON.parse(readFileSync(join(home, 'profiles', 'web', 'package.json'), 'utf8'))
    assert.ok(profile.dsh.profile.bundles.includes('dsh-task-surface'), 'the bundle is listed in the profile')
    await page.reload({ waitUntil: 'domcontentloaded' })
    await page.waitForSelector('textarea', { visible: true, timeout: 60_000 })
    assert.equal((await clientState(page)).entry, false, 'a running dsh serves a new bundle only after a restart')

    // Restart on the same port; reload the page.
    await dsh.stop()
    dsh = await Dsh.start({ home, workspace, llmUrl: llm.url, port })
    await page.reload({ waitUntil: 'domcontentloaded' })
    await page.waitForSelector('textarea', { visible: true, timeout: 60_000 })
    await page.waitForSelector('style[data-plugin="dsh-task-surface"]', { timeout: 30_000 })
    const state = await clientState(page)
    assert.equal(state.entry, true, 'after the restart and a reload the page loads the browser half')
    assert.equal(state.applied, true, "and its apply ran (the bundle's stylesheet is in the page)")

    llm.reply({ text: 'Hello from the model.' })
    await sendMessage(page, 'Hello after installing Task Surface')
    await page.waitForSelector('[data-task-surface-dock]', { timeout: 30_000 })
    const request = await llm.waitForRequests(1)
    assert.ok(offered(request), 'the model is offered show_task_surface')
    const tool = request.tools.find((x) => x.function.name === 'show_task_surface')
    assert.deepEqual(Object.keys(tool.function.parameters.properties), ['model'])
    await waitFor(() => page.evaluate(() => document.body.innerText.includes('Hello from the model.')), { what: "the model's reply" })
    assert.equal(dsh.pluginPids().length, 1, 'one plugin process, this platform\'s binary')
  } finally {
    await browser.close()
    await dsh?.stop()
    await llm.close()
  }
})
