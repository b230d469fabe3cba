// The bundle tarball the browser tests install: the one tools/dsh/pack.sh makes, with the client half in it. When the packed package already declares its
// browser half (`dsh.client` and an `exports["./client"]` file), it is used as it is. Until
// then this adds client-bundle/dist/client.js and those two package.json entries to a copy
// and packs that; nothing in the repository changes.
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { CACHE, REPO, toolPath } from '../../e2e/support/harness.mjs'

const run = promisify(execFile)

export const CLIENT_FILE = join(REPO, 'client-bundle', 'dist', 'client.js')

/** Where the browser half lives in the bundle, when package.json does not say. */
const CLIENT_PATH = 'client-bundle/dist/client.js'

let packed

/** Pack once per process; resolves with the tarball's path and how it was made. */
export function packWithClient() {
  packed ??= (async () => {
    // tools/dsh/pack.sh into a folder of our own (the e2e suite may be packing into its own).
    const out = join(CACHE, 'browser-bundle')
    mkdirSync(out, { recursive: true })
    const packed = await run(join(REPO, 'tools', 'dsh', 'pack.sh'), [join(out, 'base')], {
      env: { ...process.env, PATH: toolPath() }, maxBuffer: 16 << 20,
    })
    const base = packed.stdout.trim().split('\n').at(-1)
    const stage = mkdtempSync(join(out, 'stage-'))
    try {
      await run('tar', ['-xzf', base, '-C', stage])
      const dir = join(stage, 'package')
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
      const declared = pkg.dsh?.client && typeof pkg.exports?.['./client'] === 'string'
      if (declared && existsSync(join(dir, pkg.exports['./client']))) {
        // The official pack carries the client; make sure it is the one built from this tree.
        const shipped = readFileSync(join(dir, pkg.exports['./client']), 'utf8')
        if (shipped !== readFileSync(CLIENT_FILE, 'utf8')) throw new Error(`the packed ${pkg.exports['./client']} differs from ${CLIENT_PATH}`)
        return { tarball: base, patched: false }
      }
      mkdirSync(join(dir, 'client-bundle', 'dist'), { recursive: true })
      cpSync(CLIENT_FILE, join(dir, CLIENT_PATH))
      pkg.exports = { ...pkg.exports, './client': `./${CLIENT_PATH}` }
      pkg.files = [...new Set([...(pkg.files ?? []), CLIENT_PATH])]
      pkg.dsh = { ...pkg.dsh, client: { platform: 'web' } }
      writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2) + '\n')
      const { stdout } = await run('npm', ['pack', '--silent', '--pack-destination', out], {
        cwd: dir, env: { ...process.env, PATH: toolPath() },
      })
      return { tarball: join(out, stdout.trim().split('\n').at(-1)), patched: true }
    } finally {
      rmSync(stage, { recursive: true, force: true })
    }
  })()
  return packed
}
