// Prints the size of the client bundle: the committed, minified file the bundle ships, an
// unminified build of the same sources, and both gzipped. The goal is at most 30 KiB gzipped for what ships. With --modules it also
// lists what each source file adds to the minified build (esbuild's metafile).
//   node bench/size.bench.mjs [--modules]
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { goal } from '../../tools/bench-goal.mjs'
import { buildClient, moduleSizes } from '../build.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const shipped = readFileSync(join(here, '..', 'dist', 'client.js'))
const readable = Buffer.from(await buildClient({ minify: false }))
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`
const gz = (b) => gzipSync(b, { level: 9 }).length
const GOAL = 30 * 1024

console.log('client bundle size')
console.log(`  dist/client.js (committed, minified)  ${kib(shipped.length).padStart(10)}   gzip ${kib(gz(shipped)).padStart(9)}`)
console.log(`  unminified build of the same sources  ${kib(readable.length).padStart(10)}   gzip ${kib(gz(readable)).padStart(9)}`)
console.log(`  goal: what ships, gzipped, <= ${kib(GOAL)}: ${gz(shipped) <= GOAL ? 'met' : 'NOT met'} (${gz(shipped)} bytes)`)
goal(7, {
  figure: 'client bundle as it ships (dist/client.js, minified), gzipped',
  measured: kib(gz(shipped)),
  reference: `${kib(gz(readable))} an unminified build of the same sources, gzipped`,
  goal: `≤ ${kib(GOAL)}`,
  met: gz(shipped) <= GOAL,
})

if (process.argv.includes('--modules')) {
  console.log('minified bytes by source file (before the custom properties are shortened)')
  for (const { file, bytes } of await moduleSizes()) console.log(`  ${String(bytes).padStart(7)}  ${file}`)
}
