// One row of the goals table at the top of BENCHMARKS.md. Each bench that measures a goal
// calls goal(); tools/bench.sh sets BENCH_GOALS to a file, collects the rows from it and sorts
// them by their key (the goal's place in the table). Without BENCH_GOALS (a bench run on its
// own) nothing is written.
import { appendFileSync } from 'node:fs'

/**
 * @param {number} key the row's place in the table
 * @param {{figure: string, measured: string, reference: string, goal: string, met: boolean}} row
 */
export function goal(key, { figure, measured, reference, goal, met }) {
  if (!process.env.BENCH_GOALS) return
  const cells = [key, figure, measured, reference, goal, met ? 'yes' : '**no**'].map((c) => String(c).replaceAll('\t', ' ').replaceAll('\n', ' '))
  appendFileSync(process.env.BENCH_GOALS, `${cells.join('\t')}\n`)
}
