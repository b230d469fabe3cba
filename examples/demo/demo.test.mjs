// `make demo-check`, as a test: the demo (examples/demo/demo.sh with DEMO_CHECK=1) builds and
// installs the bundle into a throw-away home, boots `dsh web` with the scripted model, and
// drives every example surface end to end in headless Chromium, each in a new session. It must
// report each surface, name each session after its surface, and exit 0; a surface that does
// not exist must stop it with the list of those that do.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO, toolPath } from '../../tests/e2e/support/harness.mjs'
import { exampleNames } from './surfaces.mjs'

function demo(env, command = [join(REPO, 'examples', 'demo', 'demo.sh')]) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      cwd: REPO, env: { ...process.env, PATH: toolPath(), ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => { stdout += d })
    child.stderr.on('data', (d) => { stderr += d })
    child.once('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

test('DEMO_CHECK=1 SURFACE=all: every example opens in the Dock of a session of its own, named after it, is filled, submitted, and quoted back', async (t) => {
  const { code, stdout, stderr } = await demo({ DEMO_CHECK: '1', SURFACE: 'all' })
  for (const line of stdout.trim().split('\n')) t.diagnostic(line)
  assert.equal(code, 0, `the demo check failed:\n${stdout}\n${stderr.slice(-4000)}`)
  const ok = stdout.split('\n').filter((l) => l.startsWith('ok  ')).map((l) => l.split(/\s+/)[1])
  assert.deepEqual(ok, exampleNames())
  const n = exampleNames().length
  assert.match(stdout, new RegExp(`^demo check: passed \\(${n} of ${n} surfaces`, 'm'))
  // One session per surface, each named after it: seven different rows in the sidebar.
  const titles = exampleNames().map((name) => JSON.parse(readFileSync(join(REPO, 'examples', 'surfaces', `${name}.json`), 'utf8')).title)
  assert.equal(stdout.split('\n').find((l) => l.startsWith('sessions: ')), `sessions: ${[...titles].sort().join(' | ')}`)
})

test('a SURFACE that does not exist stops the demo with the examples there are', async () => {
  const { code, stderr } = await demo({ DEMO_CHECK: '1', SURFACE: 'no-such-surface' })
  assert.equal(code, 1)
  assert.ok(stderr.includes(`SURFACE=no-such-surface: no such example or file (examples: ${exampleNames().join(', ')}, all, or a path to a model)`), stderr)
})

test('make demo-go takes SURFACE as make demo does: an example\'s name, and a wrong one is told the names', async () => {
  const named = await demo({}, ['make', '--no-print-directory', 'demo-go', 'SURFACE=typed-inputs'])
  assert.equal(named.code, 0, `${named.stdout}\n${named.stderr.slice(-4000)}`)
  assert.ok(named.stdout.includes(`== make demo-go: ${join(REPO, 'examples', 'surfaces', 'typed-inputs.json')}`), named.stdout)
  assert.ok(named.stdout.includes('Task Surface "Plan the load test" submitted:'), named.stdout)

  const wrong = await demo({}, ['make', '--no-print-directory', 'demo-go', 'SURFACE=no-such-surface'])
  assert.notEqual(wrong.code, 0)
  assert.ok(wrong.stderr.includes(`SURFACE=no-such-surface: no such example or file (examples: ${exampleNames().join(', ')}, all, or a path to a model)`), wrong.stderr)
})
