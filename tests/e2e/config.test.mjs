// Limits and the log level are configuration: a patch layer sets the Task Surface row's config,
// the shim hands the limits to the plugin's Configure, and the plugin clamps what it cannot
// accept and says so. Each case boots the real dsh with the packed bundle and a patch layer the
// way a user would write one: the documented example (examples/demo/limits.patch.yml, passed
// with `dsh --profile web --patch <file>`) and absurd values in $DSH_HOME/cordis.patch.yml.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeLlm, contentText } from './support/fake-llm.mjs'
import { Dsh, REPO, makeHome, packBundle, shimLogFile, waitFor } from './support/harness.mjs'

const TOOL = 'show_task_surface'
const example = (name) => JSON.parse(readFileSync(join(REPO, 'examples', 'surfaces', `${name}.json`), 'utf8'))
const EXAMPLE_PATCH = join(REPO, 'examples', 'demo', 'limits.patch.yml')

let llm
let home
let dsh

before(async () => {
  llm = await startFakeLlm()
  home = await makeHome(await packBundle())
})

after(async () => {
  await dsh?.stop()
  await llm?.close()
  home?.cleanup()
})

/** The limits the shim logged as in force after the (last) launch. */
function limitsInForce() {
  return dsh.shimLog().filter((r) => r.message === 'Task Surface limits in force').at(-1)?.limits
}

/** Ask the model to show `model` in a new session; resolves once the surface is open. */
async function opens(model) {
  const sessionId = await dsh.createSession(home.workspace)
  llm.reply({ toolCall: { name: TOOL, arguments: { model } } })
  assert.equal((await dsh.prompt(sessionId, 'Ask me.')).ok, true)
  return waitFor(async () => (await dsh.projection(sessionId))?.active, { what: 'the surface to open' })
}

/** Ask the model to show `model` in a new session; resolves with what the model is told. */
async function refused(model) {
  const sessionId = await dsh.createSession(home.workspace)
  const before = llm.requests.length
  llm.reply({ toolCall: { name: TOOL, arguments: { model } } })
  llm.reply({ text: 'Noted.' })
  assert.equal((await dsh.prompt(sessionId, 'Ask me.')).ok, true)
  const request = await llm.waitForRequests(before + 2)
  await dsh.waitIdle(sessionId)
  assert.equal((await dsh.projection(sessionId))?.active ?? null, null, 'no surface opened')
  return contentText(request.messages.findLast((m) => m.role === 'tool'))
}

test('the example patch layer (dsh --profile web --patch <file>) tightens the limits the model meets and turns on debug logs', async () => {
  dsh = await Dsh.start({ home: home.home, workspace: home.workspace, llmUrl: llm.url, patches: [EXAMPLE_PATCH] })
  try {
    await waitFor(() => limitsInForce(), { what: 'the limits in force to be logged' })
    assert.deepEqual(limitsInForce(), { maxModelBytes: 65536, maxBlocks: 64, maxFields: 4, maxTableRows: 50, maxSubmissionBytes: 8192 })
    assert.deepEqual(dsh.shimLog().filter((r) => r.level === 'warn'), [], 'nothing in the example is refused')

    // requirement-intake has five fields: one more than this layer allows.
    assert.match(await refused(example('requirement-intake')), /at most 4 fields/)
    // compare-options has two: it opens, and the plugin says so at debug level.
    await opens(example('compare-options'))
    await waitFor(() => dsh.shimLog().some((r) => r.level === 'debug' && r.message === 'surface opened'),
      { what: 'the plugin to log at debug level' })
  } finally {
    // Stopped here even when an assertion fails: the next test starts its own harness.
    await dsh.stop()
  }
})

test('absurd limits in $DSH_HOME/cordis.patch.yml are reported and the defaults apply', async () => {
  writeFileSync(shimLogFile(home.home), '') // only this boot's records
  writeFileSync(join(home.home, 'cordis.patch.yml'), [
    '- id: task-surface',
    '  config:',
    '    limits:',
    '      maxFields: 100000',
    '      maxBlocks: -1',
    '      maxModelBytes: 99999999999',
    '      maxRows: 10',
    '    logLevel: loud',
    '',
  ].join('\n'))
  dsh = await Dsh.start({ home: home.home, workspace: home.workspace, llmUrl: llm.url })
  await waitFor(() => limitsInForce(), { what: 'the limits in force to be logged' })
  assert.deepEqual(limitsInForce(), { maxModelBytes: 65536, maxBlocks: 64, maxFields: 32, maxTableRows: 200, maxSubmissionBytes: 32768 })
  const warnings = dsh.shimLog().filter((r) => r.level === 'warn').map((r) => r.message)
  for (const expected of [
    'Task Surface row config: config.limits.maxBlocks -1 is not a positive whole number; the default 64 applies',
    'Task Surface row config: config.limits.maxRows is not a Task Surface limit (known: maxModelBytes, maxBlocks, maxFields, maxTableRows, maxSubmissionBytes); ignored',
    'Task Surface row config: config.logLevel "loud" is not one of trace, debug, info, warn, error; ignored',
    'plugin configuration: maxFields 100000 is above the largest allowed, 256; the default 32 applies',
    'plugin configuration: maxModelBytes 4294967295 is above the largest allowed, 1048576; the default 65536 applies',
  ]) {
    assert.ok(warnings.includes(expected), `warned: ${expected}\nall warnings:\n${warnings.join('\n')}`)
  }
  await opens(example('requirement-intake')) // five fields are within the default limit
  assert.equal(dsh.shimLog().some((r) => r.level === 'debug' && r.message === 'surface opened'), false,
    'the plugin stays at its default level')
})
