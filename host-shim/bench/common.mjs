// Shared by the host shim's benchmarks: the plugin binary built from this tree, models of a
// given size (the same shape as bench/models.go), and small statistics.
import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { sha256File } from '../src/goplugin/digest.js'
import { BUNDLE_ROOT, readManifest } from '../src/dsh/manifest.js'

export const manifest = readManifest()

/** The projection view of a session with no surface open, as the shim sends it along. */
export const EMPTY_VIEW = Buffer.from('{"active":null,"outcomes":[]}')

/**
 * Build the plugin binary and return {path, sha256}; TASK_SURFACE_PLUGIN names a binary built
 * elsewhere to measure instead (an earlier commit's, side by side with this one's).
 */
export async function buildPlugin() {
  if (process.env.TASK_SURFACE_PLUGIN) {
    const path = process.env.TASK_SURFACE_PLUGIN
    return { path, sha256: await sha256File(path) }
  }
  const dir = join(BUNDLE_ROOT, '.cache', 'bin')
  mkdirSync(dir, { recursive: true })
  const path = join(dir, 'task-surface-plugin')
  execFileSync('go', ['build', '-trimpath', '-ldflags=-s -w', '-o', path, './plugin/cmd/task-surface-plugin'], {
    cwd: BUNDLE_ROOT, env: { ...process.env, CGO_ENABLED: '0' }, stdio: 'inherit',
  })
  return { path, sha256: await sha256File(path) }
}

/** Build the smallest go-plugin plugin (bench/minimalplugin), the cold-start reference. */
export function buildMinimalPlugin() {
  const path = join(BUNDLE_ROOT, '.cache', 'bin', 'minimalplugin')
  execFileSync('go', ['build', '-trimpath', '-o', path, './bench/minimalplugin'], {
    cwd: BUNDLE_ROOT, env: { ...process.env, CGO_ENABLED: '0' }, stdio: 'inherit',
  })
  return path
}

/**
 * A realistic model whose JSON is close to size bytes: a description, metrics, a markdown
 * block, a table grown to the size, and one field of each kind (as bench/models.go).
 * @param {number} size
 */
export function model(size) {
  const m = {
    version: 1,
    title: 'Compare the candidate plans',
    description: 'Each row is a plan measured on last week\'s trace.',
    sections: [{
      id: 'summary',
      layout: { kind: 'grid', columns: 2 },
      blocks: [
        { kind: 'metrics', items: [{ label: 'Requests', value: '2.1M' }, { label: 'p99', value: '11 ms', detail: 'before' }] },
        { kind: 'markdown', text: '**Read me first.** The table lists every plan; see [the notes](https://example.com/notes).' },
      ],
    }],
    fields: [
      { kind: 'choice', id: 'plan', label: 'Plan', options: [{ id: 'a', label: 'Plan A' }, { id: 'b', label: 'Plan B' }] },
      { kind: 'multi-choice', id: 'checks', label: 'Checks', options: [{ id: 'unit', label: 'Unit' }, { id: 'lint', label: 'Lint' }] },
      { kind: 'toggle', id: 'now', label: 'Start now' },
      { kind: 'order', id: 'steps', label: 'Order', options: [{ id: 'x', label: 'X' }, { id: 'y', label: 'Y' }] },
      { kind: 'text', id: 'why', label: 'Why', multiline: true },
    ],
    submit: { label: 'Choose' },
  }
  const base = JSON.stringify(m).length
  const row = (i) => ({ plan: `Plan ${i}`, cost: i * 3, ok: i % 2 === 0, note: 'measured under load '.repeat(12) })
  const one = JSON.stringify(row(100)).length
  const rows = []
  for (let n = base + 200; n + one + 1 < size && rows.length < 200; n += one + 1) rows.push(row(rows.length))
  m.sections.push({
    id: 'table',
    blocks: [{
      kind: 'table',
      columns: [{ id: 'plan', label: 'Plan' }, { id: 'cost', label: 'Cost' }, { id: 'ok', label: 'OK' }, { id: 'note', label: 'Note' }],
      rows,
    }],
  })
  return m
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

export function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(s.length * p))]
}

export const fmt = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`)
