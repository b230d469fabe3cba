// The demo's DSH_HOME: the first-run notice already acknowledged, a workspace folder, and the
// bundle installed into the web profile exactly as a user installs it:
//
//   cd <folder of the tarball> && dsh plugin --profile web add ./<tarball> --allow-build=protobufjs
//
// The bundle is (re)installed only when the tarball differs from the one installed last (the
// build is reproducible, so an unchanged tree gives the same tarball): a second `make demo`
// starts at once and keeps its sessions.
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { promisify } from 'node:util'
import { CACHE, REPO, toolPath } from '../../tests/e2e/support/harness.mjs'

const run = promisify(execFile)
const DSH = join(CACHE, 'dsh', 'node_modules', '.bin', 'dsh')

/** dsh rc.8 shows its "Internal Testing Notice" modal until this version is acknowledged. */
const WELCOME = 'ui-onboarding:\n  welcomeNoticeVersion: 2026-08-13.1\n'

/** The installed bundle's folder in a home. */
export function installedBundle(home) {
  return join(home, 'profiles', 'web', 'node_modules', 'dsh-task-surface')
}

/** Pre-write the welcome acknowledgement unless the settings already carry one. */
export function acknowledgeWelcome(home) {
  const file = join(home, 'settings.yaml')
  const current = existsSync(file) ? readFileSync(file, 'utf8') : ''
  if (/welcomeNoticeVersion:/.test(current)) return
  if (/^ui-onboarding:/m.test(current)) {
    throw new Error(`${file} has a ui-onboarding section without welcomeNoticeVersion; add "  welcomeNoticeVersion: 2026-08-13.1" to it`)
  }
  writeFileSync(file, current + (current && !current.endsWith('\n') ? '\n' : '') + WELCOME)
}

/**
 * `dsh plugin --profile web add ./<tarball>` run from the tarball's folder, as the README says.
 * @returns {Promise<string>} what dsh and pnpm printed
 */
export async function addBundle(home, tarball) {
  const { stdout, stderr } = await run(DSH, ['plugin', '--profile', 'web', 'add', `./${basename(tarball)}`, '--allow-build=protobufjs'], {
    cwd: dirname(tarball), env: { ...process.env, PATH: toolPath(), DSH_HOME: home }, maxBuffer: 16 << 20,
  })
  return stdout + stderr
}

async function tarballManifest(tarball) {
  const { stdout } = await run('tar', ['-xzOf', tarball, 'package/manifest.json'], { maxBuffer: 1 << 20 })
  return stdout
}

/**
 * Make `home` ready for `dsh web`: welcome acknowledged, workspace folder, current bundle.
 * @param {{home: string, tarball: string, log?: (line: string) => void}} options
 * @returns {Promise<{home: string, workspace: string, installed: boolean}>}
 */
export async function prepareHome({ home, tarball, log = () => {} }) {
  const workspace = join(home, 'workspace')
  mkdirSync(workspace, { recursive: true })
  acknowledgeWelcome(home)
  const stamp = join(home, 'task-surface-bundle.sha256')
  const digest = createHash('sha256').update(readFileSync(tarball)).digest('hex')
  const installedManifest = join(installedBundle(home), 'manifest.json')
  if (existsSync(installedManifest) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === digest) {
    return { home, workspace, installed: false }
  }
  log(`installing ${basename(tarball)} into ${relative(REPO, home)} (dsh plugin --profile web add)`)
  await addBundle(home, tarball)
  if (!existsSync(installedManifest) || readFileSync(installedManifest, 'utf8') !== await tarballManifest(tarball)) {
    throw new Error(`dsh plugin add did not install the new bundle into ${home}; remove that folder and run the demo again`)
  }
  writeFileSync(stamp, `${digest}\n`)
  return { home, workspace, installed: true }
}
