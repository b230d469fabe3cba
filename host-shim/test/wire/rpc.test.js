// The browser <-> host RPC declaration (src/wire/rpc.js) is well formed, and the host-shim
// README's "Browser RPC" table says exactly what it declares: the methods, their arguments in
// order, and the keys of every answer arm (with a pending submission's and a problem's keys).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { RPC_METHODS, RPC_NAMESPACE, RPC_PENDING_KEYS, RPC_PROBLEM_KEYS } from '../../src/wire/rpc.js'

const README = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8')

test('the declaration is well formed', () => {
  assert.match(RPC_NAMESPACE, /^[A-Za-z][A-Za-z0-9]*$/)
  const names = RPC_METHODS.map((m) => m.name)
  assert.equal(new Set(names).size, names.length, 'method names are unique')
  for (const m of RPC_METHODS) {
    const args = m.args.map((a) => a.replace(/\?$/, ''))
    assert.equal(new Set(args).size, args.length, `${m.name}: argument names are unique`)
    assert.equal(args[0], 'sessionId', `${m.name}: the session comes first`)
    const firstOptional = m.args.findIndex((a) => a.endsWith('?'))
    if (firstOptional >= 0) assert.ok(m.args.slice(firstOptional).every((a) => a.endsWith('?')), `${m.name}: optional arguments come last`)
    assert.ok(m.answers.length >= 2, `${m.name}: an answer has arms`)
    const discriminators = new Set(m.answers.flatMap((a) => Object.keys(a.when)))
    assert.equal(discriminators.size, 1, `${m.name}: every arm is told apart by the same one key`)
    assert.equal(new Set(m.answers.map((a) => JSON.stringify(a.when))).size, m.answers.length, `${m.name}: arms differ`)
  }
})

/** The cells of one markdown table row; `\|` is a pipe inside a cell. */
function cells(row) {
  return row.trim().replace(/^\||\|$/g, '').split(/(?<!\\)\|/).map((c) => c.trim().replaceAll('\\|', '|'))
}

/** Split text on commas outside brackets and braces. */
function topLevelParts(text) {
  const parts = []
  let depth = 0
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') depth--
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  parts.push(text.slice(start))
  return parts.map((p) => p.trim()).filter((p) => p !== '')
}

/** The top-level `{...}` objects in a cell, each as text without its braces. */
function objectsIn(text) {
  const found = []
  let depth = 0
  let start = -1
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') {
      if (depth++ === 0) start = i + 1
    } else if (text[i] === '}' && --depth === 0) {
      found.push(text.slice(start, i))
    }
  }
  return found
}

/**
 * Read `{key, key: value, ...}` written in the README: each key with, when its value is an object
 * or a list of objects, that object's keys.
 */
function readObject(inner) {
  return topLevelParts(inner).map((part) => {
    const colon = part.indexOf(':')
    const key = (colon < 0 ? part : part.slice(0, colon)).trim()
    const value = colon < 0 ? '' : part.slice(colon + 1).trim()
    const nested = objectsIn(value)
    return { key, value, keys: nested.length > 0 ? readObject(nested[0]).map((e) => e.key) : undefined }
  })
}

/** The README's Browser RPC table: method -> {args, arms}. */
function readmeTable() {
  const section = README.split(/^## /m).find((s) => s.startsWith('Browser RPC'))
  assert.ok(section, 'README.md has a "Browser RPC" section')
  const rows = section.split('\n').filter((l) => l.startsWith('|')).map(cells)
  assert.deepEqual(rows[0], ['method', 'args', 'value'], 'the table has the columns method, args, value')
  return rows.slice(2).map(([method, args, value]) => ({
    name: method.replaceAll('`', ''),
    args: args.split(',').map((a) => a.trim().replaceAll('`', '')),
    arms: objectsIn(value.replaceAll('`', '')).map(readObject),
  }))
}

test('the README\'s Browser RPC table lists exactly the declared methods, arguments and answer keys', () => {
  const table = readmeTable()
  assert.deepEqual(table.map((r) => r.name), RPC_METHODS.map((m) => m.name), 'methods, in order')
  for (const [i, m] of RPC_METHODS.entries()) {
    const row = table[i]
    assert.deepEqual(row.args, [...m.args], `${m.name}: arguments`)
    assert.equal(row.arms.length, m.answers.length, `${m.name}: one object per answer arm`)
    for (const [j, arm] of m.answers.entries()) {
      const [discriminator, ...rest] = row.arms[j]
      const [key, value] = Object.entries(arm.when)[0]
      assert.deepEqual([discriminator.key, discriminator.value], [key, String(value)], `${m.name} arm ${j}: told apart by ${key}`)
      assert.deepEqual(rest.map((e) => e.key), [...arm.keys], `${m.name} arm ${j}: keys`)
      for (const e of rest) {
        if (e.key === 'pending') assert.deepEqual(e.keys, [...RPC_PENDING_KEYS], `${m.name}: a pending submission's keys`)
        if (e.key === 'problems') assert.deepEqual(e.keys, [...RPC_PROBLEM_KEYS], `${m.name}: a problem's keys`)
      }
    }
  }
  assert.match(README, new RegExp(`'${RPC_NAMESPACE}/<method>'`), 'the README names the declared namespace')
})
