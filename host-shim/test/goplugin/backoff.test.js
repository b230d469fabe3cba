import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Backoff } from '../../src/goplugin/backoff.js'

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
