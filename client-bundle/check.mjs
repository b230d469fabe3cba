// Fails when dist/client.js is not exactly what the sources build (CI runs it):
// `npm run check` in client-bundle/. Rebuild with `npm run build` and commit the result.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildClient } from './build.mjs'

const file = join(dirname(fileURLToPath(import.meta.url)), 'dist', 'client.js')
const want = await buildClient()
let have = ''
try {
  have = readFileSync(file, 'utf8')
} catch {
  // missing counts as different
}
if (have !== want) {
  const lines = (s) => s.split('\n')
  const a = lines(have)
  const b = lines(want)
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  console.error(`check: dist/client.js is stale (first difference at line ${i + 1}); run \`npm run build\` in client-bundle/ and commit it.`)
  console.error(`  committed: ${JSON.stringify(a[i] ?? '<end>').slice(0, 160)}`)
  console.error(`  built:     ${JSON.stringify(b[i] ?? '<end>').slice(0, 160)}`)
  process.exit(1)
}
console.log(`check: dist/client.js matches the sources (${Buffer.byteLength(want)} bytes)`)
