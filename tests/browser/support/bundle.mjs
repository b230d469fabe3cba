// The bundle tarball the browser tests install: tools/dsh/pack.sh (the one bundle build, this
// machine's platform, the committed client-bundle/dist/client.js), packed into a folder of our
// own so that a concurrent e2e run cannot overwrite it. Before use it is checked to declare its
// browser half (`dsh.client`, `exports["./client"]`) and to carry exactly the committed file.
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { CACHE, REPO, toolPath } from '../../e2e/support/harness.mjs'

const run = promisify(execFile)

export const CLIENT_FILE = join(REPO, 'client-bundle', 'dist', 'client.js')

let packed

/** Pack once per process; resolves with the tarball's path. */
export function packWithClient() {
  packed ??= (async () => {
    const out = join(CACHE, 'browser-bundle')
    mkdirSync(out, { recursive: true })
    const { stdout } = await run(join(REPO, 'tools', 'dsh', 'pack.sh'), [join(out, 'pack')], {
      env: { ...process.env, PATH: toolPath() }, maxBuffer: 16 << 20,
    })
    const tarball = stdout.trim().split('\n').at(-1)
    const stage = mkdtempSync(join(out, 'check-'))
    try {
      await run('tar', ['-xzf', tarball, '-C', stage])
      const dir = join(stage, 'package')
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
      const entry = pkg.exports?.['./client']
      if (pkg.dsh?.client?.platform !== 'web' || typeof entry !== 'string') {
        throw new Error('the packed package.json does not declare its browser half (dsh.client, exports["./client"])')
      }
      if (readFileSync(join(dir, entry), 'utf8') !== readFileSync(CLIENT_FILE, 'utf8')) {
        throw new Error(`the packed ${entry} is not client-bundle/dist/client.js`)
      }
      return { tarball }
    } finally {
      rmSync(stage, { recursive: true, force: true })
    }
  })()
  return packed
}
