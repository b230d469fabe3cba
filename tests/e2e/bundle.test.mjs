// The bundle as a user installs it: `dsh plugin --profile web add ./<tarball>`, a restart and a
// page reload make the tool visible to the model and register the Dock in the browser (Debian's
// Chromium). The tarball is the one build (tools/bundle/build.sh) for this machine's platform;
// the six-platform build and its reproducibility are tests/e2e/release (`make release-check`).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { startFakeLlm } from './support/fake-llm.mjs'
import { CACHE, Dsh, packBundle, sleep, waitFor } from './support/harness.mjs'
import { launchChromium, sendMessage } from '../../examples/demo/check.mjs'
import { acknowledgeWelcome, addBundle, installedBundle } from '../../examples/demo/home.mjs'

const run = promisify(execFile)

let scratch
let packed // { tarball, dir }: this platform's build, unpacked

const manifestOf = (dir) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))

before(async () => {
  mkdirSync(join(CACHE, 'e2e'), { recursive: true })
  scratch = mkdtempSync(join(CACHE, 'e2e', 'bundle-install-'))
  const tarball = await packBundle()
  const dir = mkdtempSync(join(scratch, 'unpacked-'))
  await run('tar', ['-xzf', tarball, '-C', dir])
  packed = { tarball, dir: join(dir, 'package') }
})

after(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true })
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
    await addBundle(home, packed.tarball)
    const installed = manifestOf(installedBundle(home))
    assert.deepEqual(installed, manifestOf(packed.dir), 'the profile holds the packed manifest')
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
