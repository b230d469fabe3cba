// The plugin's private socket folder: one per launch, made in the system's temporary folder
// (mode 0700), named after the harness process that owns it (`tsp-<pid>-XXXXXX`), and removed
// when the launch ends or the harness exits. A harness killed with SIGKILL removes nothing, and
// its folder (the host's socket and the plugin's) would stay for good: the next start of a
// harness sweeps the folders whose owner process is gone (sweepSocketDirs).
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** `tsp-<owner pid>-<mkdtemp's six characters>`. */
const NAME = /^tsp-(\d+)-[A-Za-z0-9]{6}$/

/**
 * Make a launch's socket folder, owned by this process.
 * @param {string} [root] - where (default: the system's temporary folder).
 * @returns {string} its path.
 */
export function makeSocketDir(root = tmpdir()) {
  const dir = mkdtempSync(join(root, `tsp-${process.pid}-`))
  chmodSync(dir, 0o700)
  return dir
}

/** Whether a process with this pid exists (EPERM: it does, another user's). */
export function processAlive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return err.code === 'EPERM'
  }
}

/**
 * Remove the socket folders of harnesses that are gone: this user's folders named by
 * makeSocketDir whose owner pid no longer runs. Folders of live harnesses (this one, others
 * running beside it), other users' and anything else are left alone. A pid reused by an unrelated
 * process keeps its folder until that process ends too.
 * @param {{root?: string, alive?: (pid: number) => boolean, log?: import('./plugin-process.js').LogFn}} [options]
 * @returns {string[]} the folders removed.
 */
export function sweepSocketDirs({ root = tmpdir(), alive = processAlive, log = () => {} } = {}) {
  let names
  try {
    names = readdirSync(root)
  } catch {
    return []
  }
  const uid = process.getuid?.()
  const removed = []
  for (const name of names) {
    const m = NAME.exec(name)
    if (!m || Number(m[1]) === process.pid || alive(Number(m[1]))) continue
    const dir = join(root, name)
    try {
      const st = lstatSync(dir)
      if (!st.isDirectory() || (uid !== undefined && st.uid !== uid)) continue
      rmSync(dir, { recursive: true, force: true })
      removed.push(dir)
    } catch (err) {
      log('warn', `cannot remove the socket folder ${dir} left by a harness that is gone: ${err.message}`)
    }
  }
  if (removed.length > 0) {
    log('info', `removed ${removed.length} socket folder(s) left by a harness that was killed: ${removed.join(', ')}`)
  }
  return removed
}
