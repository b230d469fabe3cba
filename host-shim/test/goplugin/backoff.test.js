import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Backoff, DEFAULT_MAX_BACKOFF_MS } from '../../src/goplugin/backoff.js'

test('delays grow exponentially up to the ceiling while crashes come quickly', () => {
  const b = new Backoff({ initialMs: 100, maxMs: 1_000, factor: 2, random: () => 1 - Number.EPSILON })
  const delays = Array.from({ length: 6 }, () => b.next(10))
  assert.deepEqual(delays, [100, 200, 400, 800, 1_000, 1_000])
})

test('every delay lies between half the ceiling and the ceiling', () => {
  const low = new Backoff({ initialMs: 100, random: () => 0 })
  const high = new Backoff({ initialMs: 100, random: () => 0.999999 })
  for (let i = 0; i < 5; i++) {
    const ceiling = 100 * 2 ** i
    assert.equal(low.next(0), ceiling / 2)
    assert.ok(Math.abs(high.next(0) - ceiling) <= 1)
  }
})

test('a launch that stayed up long enough resets the count', () => {
  const b = new Backoff({ initialMs: 100, healthyAfterMs: 5_000, random: () => 1 - Number.EPSILON })
  b.next(10); b.next(10); b.next(10)
  assert.equal(b.next(10), 800)
  assert.equal(b.next(60_000), 100)
})

test('reset forgets earlier crashes', () => {
  const b = new Backoff({ initialMs: 50, random: () => 1 - Number.EPSILON })
  b.next(0); b.next(0)
  b.reset()
  assert.equal(b.next(0), 50)
})

test('a crash loop waits at most 10 s between launches, as the Go SDK does, however long it lasts', () => {
  assert.equal(DEFAULT_MAX_BACKOFF_MS, 10_000)
  const b = new Backoff({ random: () => 1 - Number.EPSILON })
  const delays = Array.from({ length: 200 }, () => b.next(10))
  assert.deepEqual(delays.slice(0, 8), [100, 200, 400, 800, 1_600, 3_200, 6_400, 10_000])
  assert.ok(delays.every((d) => d <= 10_000 && Number.isFinite(d)))
  const floor = new Backoff({ random: () => 0 })
  const low = Array.from({ length: 200 }, () => floor.next(10))
  assert.equal(low.at(-1), 5_000, 'at least half the cap once capped, so a loop never spins')
})

/** The README's table of waits: per crash in a row, [lowest, highest] in ms. */
function readmeWaits() {
  const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8')
  const row = /\| wait before the next launch \|(.*)\|\n/.exec(readme)
  assert.ok(row, 'README.md has the table of waits')
  const ms = (n, unit) => Math.round(Number(n) * (unit === 's' ? 1000 : 1))
  return row[1].split('|').map((cell) => {
    const m = /^\s*([\d.]+)–([\d.]+) (ms|s)\s*$/.exec(cell)
    assert.ok(m, `a range: ${cell}`)
    return [ms(m[1], m[3]), ms(m[2], m[3])]
  })
}

test('the waits are those the README\'s table states, the last for every later crash', () => {
  const table = readmeWaits()
  const low = new Backoff({ random: () => 0 })
  const high = new Backoff({ random: () => 1 - Number.EPSILON })
  for (let crash = 1; crash <= 20; crash++) {
    const [lo, hi] = table[Math.min(crash, table.length) - 1]
    assert.deepEqual([low.next(0), high.next(0)], [lo, hi], `crash ${crash} in a row`)
  }
})

test('the README\'s reset rule: a launch up 60 s before it crashed starts the count again, a shorter one counts on', () => {
  const [first] = readmeWaits()
  const b = new Backoff({ random: () => 1 - Number.EPSILON })
  for (let i = 0; i < 10; i++) b.next(1_000)
  assert.equal(b.next(59_999), DEFAULT_MAX_BACKOFF_MS, 'up a little less than a minute: still the capped step')
  assert.equal(b.next(60_000), first[1], 'up a minute: waits as a first crash')
  assert.equal(b.next(10), 200, 'and counts on from there')
})
