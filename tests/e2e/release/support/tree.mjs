// The release tests build from a snapshot of the working tree, so edits made meanwhile do not
// race the build, and from a copy of it in another folder, to prove the bytes do not depend on
// where the tree is.
import { execFile } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { CACHE, REPO, toolPath } from '../../support/harness.mjs'

const run = promisify(execFile)

/** Copy the working tree's files (tracked and untracked, not ignored) to a new folder. */
export async function snapshot(to) {
  const { stdout } = await run('git', ['ls-files', '-z', '-co', '--exclude-standard'], { cwd: REPO, maxBuffer: 64 << 20 })
  for (const rel of stdout.split('\0').filter(Boolean)) {
    const from = join(REPO, rel)
    if (!existsSync(from)) continue // deleted in the working tree
    mkdirSync(dirname(join(to, rel)), { recursive: true })
    copyFileSync(from, join(to, rel))
  }
  return to
}

/** Unpack a tarball into a new folder under scratch; returns the package's folder. */
export async function unpack(scratch, tarball) {
  const dir = mkdtempSync(join(scratch, 'unpacked-'))
  await run('tar', ['-xzf', tarball, '-C', dir])
  return join(dir, 'package')
}

/**
 * tools/release.sh of a tree (the committed browser half); resolves with the seven tarballs in
 * publish order and what it printed.
 */
export async function makeRelease(root, out) {
  const { stdout, stderr } = await run(join(root, 'tools', 'release.sh'), ['--out', out, '--client', 'prebuilt'], {
    cwd: root, env: { ...process.env, PATH: toolPath(), TASK_SURFACE_CACHE: CACHE }, maxBuffer: 64 << 20,
  })
  return { tarballs: stdout.trim().split('\n'), log: stderr }
}
