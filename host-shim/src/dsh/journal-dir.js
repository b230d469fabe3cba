// Where the plugin keeps its journal of accepted submissions (plugin/coord Journal): rc.8 holds a
// queued message in memory for a moment before it writes it to the log, so an answer accepted
// just before dsh dies would be lost; the plugin writes each accepted submission to this folder
// first, and after a restart admits again what dsh lost. One folder per dsh home, outside it:
// dsh watches its home, and a write there would cost its event loop a change event in the middle
// of every send. TASK_SURFACE_JOURNAL_DIR, when set, is the folder itself.
import { createHash } from 'node:crypto'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'

/** The environment variable the plugin reads (plugin/server JournalDirEnv). */
export const JOURNAL_DIR_ENV = 'TASK_SURFACE_JOURNAL_DIR'

/**
 * The journal folder for the dsh home of this process.
 * @param {NodeJS.ProcessEnv} [env]
 * @param {string} [home] - the user's home folder.
 * @returns {string} `$TASK_SURFACE_JOURNAL_DIR`, else
 *   `${XDG_STATE_HOME:-~/.local/state}/dsh-task-surface/<hash of the dsh home>/journal`.
 */
export function journalDir(env = process.env, home = homedir()) {
  if (env[JOURNAL_DIR_ENV]) return env[JOURNAL_DIR_ENV]
  const dshHome = resolve(env.DSH_HOME || join(home, '.dsh'))
  const state = env.XDG_STATE_HOME || join(home, '.local', 'state')
  const key = createHash('sha256').update(dshHome).digest('hex').slice(0, 16)
  return join(state, 'dsh-task-surface', key, 'journal')
}
