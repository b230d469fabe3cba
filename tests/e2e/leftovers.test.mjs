// Nothing left behind: `dsh web` killed with SIGKILL runs no exit handler, so the private socket
// folder of its plugin launch (the host's socket and the plugin's) stays in the temporary folder;
// the next start of the harness removes it (host-shim/src/goplugin/socket-dir.js). The harness
// runs with a temporary folder of its own (TMPDIR), so harnesses of other runs on the machine are
// neither counted nor touched.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeLlm } from './support/fake-llm.mjs'
import { CACHE, Dsh, makeHome, packBundle, waitFor } from './support/harness.mjs'

let llm
let home
let tmp
let dsh

before(async () => {
  llm = await startFakeLlm()
  home = await makeHome(await packBundle())
  tmp = mkdtempSync(join(CACHE, 'e2e', 'tmp-'))
})

after(async () => {
  await dsh?.stop()
  await llm?.close()
  home?.cleanup()
  if (tmp) rmSync(tmp, { recursive: true, force: true })
})

/** Whether a process has ended (gone, or a zombie waiting to be reaped). */
function ended(pid) {
  try {
    return /^\d+ \(.*\) Z /s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return true
  }
}

/** The plugin socket folders in the harness's temporary folder. */
const socketDirs = () => readdirSync(tmp).filter((n) => n.startsWith('tsp-')).map((n) => join(tmp, n))

const start = () => Dsh.start({ home: home.home, workspace: home.workspace, llmUrl: llm.url, env: { TMPDIR: tmp } })

/** The plugin is up and answering through the harness, in its own socket folder. */
async function pluginUp() {
  const sessionId = await dsh.createSession(home.workspace)
  await waitFor(async () => (await dsh.remote('taskSurface/getActive', { sessionId }))?.ok === true, { what: 'the plugin to answer' })
  const dirs = socketDirs()
  assert.equal(dirs.length, 1, `one launch, one folder: ${dirs}`)
  return dirs[0]
}

test('the socket folder of a harness killed with SIGKILL is removed when the harness starts again', async () => {
  dsh = await start()
  const first = await pluginUp()
  const plugins = dsh.pluginPids()
  dsh.child.kill('SIGKILL')
  await dsh.exited
  // The orphaned plugin ends by itself; the folder stays: nobody was left to remove it.
  await waitFor(() => plugins.every(ended), { what: 'the orphaned plugin to end' })
  assert.ok(existsSync(first), 'the killed harness left its socket folder behind')

  dsh = await start()
  const second = await pluginUp()
  assert.notEqual(second, first)
  assert.equal(existsSync(first), false, 'the next start removed it')
  assert.ok(dsh.shimLog().some((r) => r.message.startsWith('removed 1 socket folder(s) left by a harness that was killed') && r.message.includes(first)),
    'and said so in its log')
  await dsh.stop()
  assert.deepEqual(socketDirs(), [], 'a harness that stops removes its own')
})
