// Which surfaces the demo opens: SURFACE is the name of an example in examples/surfaces
// ("release-gate"), a path to a model file (relative to the repository root or absolute), or
// "all" (every example, one per message, in turn). The default is compare-options.
//
// Run as a program (`node examples/demo/surfaces.mjs <SURFACE>`), it prints the model file of each
// surface the selection picks, one per line, or the same error and exits 1: `make demo-go` resolves
// SURFACE with it, so both demos take the same forms.
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs'
import { basename, isAbsolute, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { REPO } from '../../tests/e2e/support/harness.mjs'

export const EXAMPLES = join(REPO, 'examples', 'surfaces')
export const DEFAULT_SURFACE = 'compare-options'

/** The example surfaces' names, sorted. */
export function exampleNames() {
  return readdirSync(EXAMPLES).filter((f) => f.endsWith('.json')).map((f) => basename(f, '.json')).sort()
}

/**
 * @param {string} [selection]
 * @returns {{name: string, file: string, model: object}[]}
 */
export function selectSurfaces(selection = DEFAULT_SURFACE) {
  const names = selection === 'all' ? exampleNames() : [selection]
  return names.map((name) => {
    let file = join(EXAMPLES, `${name}.json`)
    if (!existsSync(file)) file = isAbsolute(name) ? name : resolve(REPO, name)
    if (!existsSync(file)) {
      throw new Error(`SURFACE=${name}: no such example or file (examples: ${exampleNames().join(', ')}, all, or a path to a model)`)
    }
    let model
    try {
      model = JSON.parse(readFileSync(file, 'utf8'))
    } catch (err) {
      throw new Error(`SURFACE=${name}: ${file} is not JSON (${err.message})`)
    }
    return { name: basename(file, '.json'), file, model }
  })
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    for (const { file } of selectSurfaces(process.argv[2] || undefined)) console.log(file)
  } catch (err) {
    console.error(err.message)
    process.exit(1)
  }
}
