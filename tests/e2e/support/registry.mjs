// A private npm registry for the tests: Verdaccio (the workspace's dev dependency) on 127.0.0.1
// at a free port, its storage in a folder of the test's own, stopped by the test. Packages named
// dsh-task-surface* are served only from what the test publishes; every other package is
// fetched through it from the registry npm is configured with (an uplink), so pnpm can install
// the bundle's dependencies through it too. Every request is recorded, so a test can tell which
// tarballs were downloaded.
import { execFile, spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort, REPO, toolPath } from './harness.mjs'

const run = promisify(execFile)
const VERDACCIO = join(REPO, 'node_modules', '.bin', 'verdaccio')

/** One running Verdaccio. */
export class Registry {
  constructor(child, url, folder) {
    this.child = child
    this.url = url
    this.folder = folder
    this.output = []
    this.exited = new Promise((r) => child.once('exit', () => r()))
  }

  /**
   * Start Verdaccio with its storage, configuration and npm user config in folder.
   * @param {string} folder
   */
  static async start(folder) {
    mkdirSync(folder, { recursive: true })
    const { stdout: uplink } = await run('npm', ['config', 'get', 'registry'], { env: { ...process.env, PATH: toolPath() } })
    const port = await freePort()
    const config = join(folder, 'config.yaml')
    writeFileSync(config, [
      `storage: ${JSON.stringify(join(folder, 'storage'))}`,
      'auth:',
      '  htpasswd:',
      `    file: ${JSON.stringify(join(folder, 'htpasswd'))}`,
      'uplinks:',
      '  upstream:',
      `    url: ${JSON.stringify(uplink.trim())}`,
      'packages:',
      "  'dsh-task-surface*':",
      '    access: $all',
      '    publish: $authenticated',
      "  '**':",
      '    access: $all',
      '    proxy: upstream',
      'web:',
      '  enable: false',
      'log: { type: stdout, format: json, level: http }',
      '',
    ].join('\n'))
    const child = spawn(VERDACCIO, ['--config', config, '--listen', `127.0.0.1:${port}`], {
      env: { ...process.env, PATH: toolPath() }, stdio: ['ignore', 'pipe', 'pipe'],
    })
    const registry = new Registry(child, `http://127.0.0.1:${port}/`, folder)
    const record = (d) => registry.output.push(String(d))
    child.stdout.on('data', record)
    child.stderr.on('data', record)
    const deadline = Date.now() + 60_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`verdaccio exited (${child.exitCode}):\n${registry.output.join('')}`)
      try {
        if ((await fetch(`${registry.url}-/ping`)).ok) break
      } catch { /* not listening yet */ }
      if (Date.now() > deadline) {
        await registry.stop()
        throw new Error(`verdaccio did not answer within 60 s:\n${registry.output.join('')}`)
      }
      await new Promise((r) => setTimeout(r, 200))
    }
    await registry.login()
    return registry
  }

  /** Add a user and write an npm user config with its token (npm publish needs one). */
  async login() {
    const res = await fetch(`${this.url}-/user/org.couchdb.user:maintainer`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'maintainer', password: 'maintainer-password' }),
    })
    if (!res.ok) throw new Error(`verdaccio refused the user: HTTP ${res.status} ${await res.text()}`)
    const { token } = await res.json()
    this.userconfig = join(this.folder, 'npmrc')
    writeFileSync(this.userconfig, `registry=${this.url}\n//${new URL(this.url).host}/:_authToken=${token}\n`)
  }

  /** Environment that points npm and pnpm (and so `dsh plugin`) at this registry. */
  env() {
    return { npm_config_registry: this.url, npm_config_userconfig: this.userconfig }
  }

  /** npm publish each tarball, in the order given. */
  async publish(tarballs) {
    for (const tarball of tarballs) {
      await run('npm', ['publish', tarball, '--registry', this.url, '--access', 'public'], {
        env: { ...process.env, PATH: toolPath(), ...this.env() }, maxBuffer: 16 << 20,
      })
    }
  }

  /** The paths of the tarballs this registry served, each once, in order. */
  downloads() {
    const paths = new Set()
    for (const line of this.output.join('').split('\n')) {
      let record
      try { record = JSON.parse(line) } catch { continue }
      const url = record.request?.url
      if (record.request?.method === 'GET' && record.status === 200 && /\/-\/[^/]+\.tgz$/.test(url ?? '')) paths.add(decodeURIComponent(url))
    }
    return [...paths]
  }

  async stop() {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM')
    const t = setTimeout(() => this.child.kill('SIGKILL'), 10_000)
    await this.exited
    clearTimeout(t)
  }
}
