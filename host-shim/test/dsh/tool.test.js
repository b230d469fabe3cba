// The tool's result text against the real plugin binary, built from this tree: what the model
// reads, and what a client without Task Surface shows as the result, names the surface and says
// that an ordinary message bypasses it when the client cannot render the panel, whether the
// plugin's own text is at hand or the shim's stand-in is used.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { launchPlugin } from '../../src/goplugin/plugin-process.js'
import { BUNDLE_ROOT, readManifest } from '../../src/dsh/manifest.js'
import { fallbackText, toolDefinition } from '../../src/dsh/tool.js'
import { jsonBytes, parseJsonBytes } from '../../src/wire/json.js'

const BIN_DIR = join(BUNDLE_ROOT, '.cache', 'bin')
const BIN = join(BIN_DIR, 'task-surface-plugin')
const BYPASS = 'If they answer with an ordinary message instead, as they must when their client cannot render the panel, the surface is bypassed and closed.'
const model = JSON.parse(readFileSync(join(BUNDLE_ROOT, 'examples', 'surfaces', 'release-gate.json'), 'utf8'))

let proc
before(async () => {
  mkdirSync(BIN_DIR, { recursive: true })
  execFileSync('go', ['build', '-trimpath', '-o', BIN, './plugin/cmd/task-surface-plugin'], { cwd: BUNDLE_ROOT, env: { ...process.env, CGO_ENABLED: '0' } })
  proc = await launchPlugin({
    path: BIN,
    handshake: readManifest().handshake,
    log: () => {},
  })
})
after(() => proc?.shutdown())

function definition() {
  return toolDefinition({
    declaration: proc.description.tool,
    projectionKey: proc.description.projection.key,
    ctx: { sessionProjections: undefined },
    plugin: { call: (method, request, options) => proc.call(method, request, options) },
  })
}

test('a shown surface\'s result names it and says an ordinary message bypasses it when the client cannot render the panel', async () => {
  const tool = definition()
  let concluded = false
  const value = await tool.execute({ model }, { callId: 'call_1', signal: new AbortController().signal, concludeTurn: () => { concluded = true } })
  assert.ok(concluded, 'the call ends the turn')
  const [{ type, text }] = tool.output.render({ model }, value)
  assert.equal(type, 'text')
  assert.ok(text.startsWith(`Task Surface ${JSON.stringify(model.title)} (${value.surfaceId}) is open for the user.`), text)
  assert.ok(text.includes(BYPASS), text)

  // The shim's stand-in, for a value whose text it does not hold (another definition: a
  // restarted shim), is the plugin's text of the same surface, word for word.
  const [{ text: fallback }] = definition().output.render({ model }, value)
  assert.equal(fallback, fallbackText(value))
  assert.equal(fallback, text)
})

test('the metadata the shim derives from the value is the plugin\'s own, member for member', async () => {
  // The shim asks for no metadata (omit_meta) and derives it in presentationMeta, which is
  // synchronous; asked for it, the plugin writes the same.
  const res = await proc.call('Show', {
    session_id: 's', call_id: 'call_meta', parent_call_id: '', arguments_json: jsonBytes({ model }),
    projection_json: jsonBytes({ active: null, outcomes: [] }), mode: 'native', omit_meta: false,
  })
  assert.ok(res.ok, res.error_text)
  const value = parseJsonBytes(res.value_json)
  assert.deepEqual(definition().output.presentationMeta({ model }, value), parseJsonBytes(res.meta_json))
})
