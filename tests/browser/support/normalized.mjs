// Models as the plugin normalises them, which is what a harness hands the browser (getActive's
// model, the tool result's metadata): every default stated. Component tests draw these, not the
// models as an agent wrote them. The plugin's own code does it (support/normalize, run with go).
import { execFileSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

/** The models, normalised by the plugin, in the same order; throws on a model it refuses. */
export function normalized(...models) {
  const out = execFileSync('go', ['run', './tests/browser/support/normalize'], { cwd: repo, input: JSON.stringify(models), maxBuffer: 64 << 20 })
  return JSON.parse(out.toString('utf8'))
}
