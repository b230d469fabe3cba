// Runs a Windows x64 executable under Debian's Wine (the wine64 package, `apt-get install
// wine64`; .ci/run installs it) in a Wine prefix of its own. Debian 12's Wine 8 lacks
// bcryptprimitives.dll, which the Go runtime loads at start; the prefix gets one that forwards
// ProcessPrng to advapi32 (./forwarder-dll.mjs).
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { forwarderDll } from './forwarder-dll.mjs'

const run = promisify(execFile)
const CANDIDATES = ['/usr/bin/wine64', '/usr/lib/wine/wine64', '/usr/bin/wine']

/** The Wine loader of this machine, or an error that says how to install it. */
export function wineBinary() {
  const found = CANDIDATES.find((p) => existsSync(p))
  if (!found) throw new Error(`Wine is not installed (looked for ${CANDIDATES.join(', ')}): apt-get install -y wine64`)
  return found
}

/**
 * A fresh Wine prefix in folder, ready for Go's Windows binaries.
 * @param {string} folder
 * @returns {Promise<(exe: string, args: string[], options?: {input?: string, cwd?: string}) => Promise<{code: number, stdout: string, stderr: string}>>}
 */
export async function winePrefix(folder) {
  const wine = wineBinary()
  mkdirSync(folder, { recursive: true })
  const env = { ...process.env, WINEPREFIX: folder, WINEDEBUG: '-all', WINEDLLOVERRIDES: 'mscoree,mshtml=' }
  await run(wine, ['wineboot', '--init'], { env, timeout: 180_000 })
  const system32 = join(folder, 'drive_c', 'windows', 'system32')
  writeFileSync(join(system32, 'bcryptprimitives.dll'), forwarderDll('bcryptprimitives.dll', { ProcessPrng: 'advapi32.SystemFunction036' }))
  return (exe, args, { input, cwd } = {}) => new Promise((resolve) => {
    const child = execFile(wine, [exe, ...args], { env, cwd, timeout: 120_000, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr })
    })
    child.stdin.end(input ?? '')
  })
}
