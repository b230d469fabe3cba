import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadProtos, VENDORED_PROTO_DIR } from '../../src/goplugin/protos.js'
import { BUNDLE_ROOT } from '../../src/dsh/manifest.js'

test('every service the shim speaks loads from the .proto files', () => {
  const p = loadProtos()
  assert.deepEqual(Object.keys(p.taskSurface.service).sort(), ['Check', 'CheckQueueAction', 'Configure', 'Describe',
    'Dismiss', 'Echo', 'Fold', 'GetActive', 'Show', 'Submit', 'Validate'])
  assert.equal(p.broker, undefined, 'the plugin never calls the host: no broker')
  assert.ok(p.stdio.service.StreamStdio.responseStream)
  assert.ok(p.controller.service.Shutdown)
  assert.ok(p.health.service.Check)
})

test('the vendored go-plugin protos equal the go.mod version\'s', () => {
  const goMod = readFileSync(join(BUNDLE_ROOT, 'go.mod'), 'utf8')
  const version = /github\.com\/hashicorp\/go-plugin (v[\d.]+)/.exec(goMod)[1]
  let modCache
  try {
    modCache = execFileSync('go', ['env', 'GOMODCACHE'], { encoding: 'utf8' }).trim()
  } catch {
    assert.fail('go is needed to compare the vendored protos with the go-plugin module')
  }
  const dir = join(modCache, 'github.com', 'hashicorp', `go-plugin@${version}`, 'internal', 'plugin')
  if (!existsSync(dir)) execFileSync('go', ['mod', 'download', `github.com/hashicorp/go-plugin@${version}`], { cwd: BUNDLE_ROOT })
  for (const f of ['grpc_controller.proto', 'grpc_stdio.proto']) {
    assert.equal(readFileSync(join(VENDORED_PROTO_DIR, 'plugin', f), 'utf8'), readFileSync(join(dir, f), 'utf8'), f)
  }
})
