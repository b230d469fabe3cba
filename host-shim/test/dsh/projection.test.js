// The projection unit in both shapes dsh has used: registered into dsh 0.1.0-rc.8's own
// registry (installed in .cache by tools/dsh/install.sh), which ignores the newer keys and
// serves the view; and read the way upstream's newer registry does (stateOf, wire.view).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { projectionDefinition, readProjection } from '../../src/dsh/projection.js'
import { apply, init, view } from '../../src/fold/fold.js'

const repo = fileURLToPath(new URL('../../../', import.meta.url))
const cache = process.env.TASK_SURFACE_CACHE ?? join(repo, '.cache')
const dshPackage = join(cache, 'dsh', 'node_modules', '@deepseek-ai', 'dsh', 'package.json')

const declaration = { key: 'taskSurface', state_version: 1 }
// A log that opens a surface: the vector the Go fold and the JS twin agree on.
const opened = JSON.parse(readFileSync(join(repo, 'tests/conformance/folds/open.json'), 'utf8'))
  .cases.find((c) => c.view.active !== null)
const session = { id: 's1', seq: opened.events.length, events: opened.events }

test('the vector used here opens a surface', () => {
  assert.ok(opened, 'tests/conformance/folds/open.json has a case that opens a surface')
  assert.notEqual(opened.view.active, null)
})

test("dsh 0.1.0-rc.8's registry takes the unit with the newer keys and serves the fold's view", async () => {
  assert.ok(existsSync(dshPackage), `dsh is not installed in ${cache} (run tools/dsh/install.sh)`)
  const require = createRequire(dshPackage)
  const registryPath = require.resolve('@deepseek-ai/dsh-session-projection')
  const { SessionProjectionRegistry } = await import(registryPath)
  const { Context } = await import(createRequire(registryPath).resolve('@deepseek-ai/cordis'))
  const ctx = new Context()
  ctx.plugin(SessionProjectionRegistry)
  await new Promise((resolve) => setImmediate(resolve))
  const registry = ctx.sessionProjections
  assert.equal(typeof registry.stateOf, 'undefined', 'rc.8 has no stateOf: the test would not show the rc.8 path')

  const dispose = registry.register(projectionDefinition(declaration))
  // Another plugin's unit beside ours, counting the views asked of it.
  let otherViews = 0
  const disposeOther = registry.register({
    key: 'other', stateVersion: 1, schema: { parse: (v) => v }, init: () => 0, apply: (n) => n + 1,
    view: (n) => { otherViews += 1; return n },
  })
  try {
    assert.deepEqual(registry.snapshot(session).values.taskSurface, opened.view)
    otherViews = 0
    assert.deepEqual(readProjection(registry, session, 'taskSurface'), opened.view)
    assert.equal(otherViews, 0, "reading ours computes no other unit's view")
    assert.equal(readProjection(registry, session, undefined), undefined)
    // A session the registry has not folded yet: its cell is built on the read, as snapshot would.
    const fresh = { ...session, id: 's2', events: [...session.events] }
    assert.deepEqual(readProjection(registry, fresh, 'taskSurface'), opened.view)
  } finally {
    disposeOther()
    dispose()
  }
  assert.equal(readProjection(registry, session, 'taskSurface'), undefined, 'no view once the unit is gone')
})

// Upstream's registry (from 0.1.1) as its source defines it: units keep state, a unit's client
// view is wire.viewSchema.parse(wire.view(state)), snapshot skips host-only units (no wire), and
// stateOf(session, key) returns one unit's state.
function upstreamRegistry() {
  const units = new Map()
  const stateFor = (def, s) => s.events.reduce((st, e) => def.apply(st, e), def.stateSchema.parse(def.init()))
  return {
    register(def) { units.set(def.key, def); return () => units.delete(def.key) },
    stateOf(s, key) { const def = units.get(key); return def && stateFor(def, s) },
    snapshot(s) {
      const values = {}
      for (const def of units.values()) {
        if (def.wire !== undefined) values[def.key] = def.wire.viewSchema.parse(def.wire.view(stateFor(def, s)))
      }
      return { asOfSeq: s.seq - 1, values }
    },
  }
}

test("upstream's newer registry gets a client view (wire) and the shim reads it through stateOf", () => {
  const registry = upstreamRegistry()
  const def = projectionDefinition(declaration)
  registry.register(def)
  assert.deepEqual(registry.snapshot(session).values.taskSurface, opened.view, 'a unit without wire would be host-only')
  let snapshots = 0
  const counting = { ...registry, snapshot: (s) => { snapshots++; return registry.snapshot(s) } }
  assert.deepEqual(readProjection(counting, session, 'taskSurface'), opened.view)
  assert.equal(snapshots, 0, 'stateOf serves the read; no snapshot of every unit is computed')
})

test('both shapes fold with the twin: one state, one view', () => {
  const def = projectionDefinition(declaration)
  assert.equal(def.key, 'taskSurface')
  assert.equal(def.stateVersion, 1)
  const state = opened.events.reduce((s, e) => def.apply(s, e), def.init())
  assert.deepEqual(state, opened.events.reduce((s, e) => apply(s, e), init()))
  assert.deepEqual(def.view(state), view(state))
  assert.deepEqual(def.wire.view(state), view(state))
  assert.deepEqual(def.schema.parse(def.view(state)), opened.view)
  assert.deepEqual(def.wire.viewSchema.parse(def.wire.view(state)), opened.view)
  assert.deepEqual(def.stateSchema.parse(state), state)
})
