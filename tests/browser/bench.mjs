// Measures the client bundle in Chromium against the real dsh and prints the numbers:
//   - Dock render time of a model at every limit (200-row table, 64 blocks, 32 fields): from the
//     getActive answer to the panel laid out (React render, commit, style and layout), as the
//     bundle records it in performance.measure; goal <= 50 ms;
//   - Dock render time of each example model;
//   - click on Submit to the user bubble painted (the first animation frame after the harness
//     put the message in the transcript), split at the moment the submit answer arrived;
//     goal <= 150 ms; beside it, the same measure for an ordinary message sent from the
//     composer, which is the harness's own floor for a message to reach the transcript.
// Usage (after tests/browser/run.sh installed everything):
//   node tests/browser/bench.mjs [rounds]        (default 5 rounds)
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { REPO } from '../e2e/support/harness.mjs'
import { launch } from './support/browser.mjs'
import { limitsModel } from './support/surfaces.mjs'
import { example, focusComposer, openSurfacePage, readSendTiming, sessionWithSurface, startHarness, watchSend } from './support/app.mjs'

const rounds = Number(process.argv[2] ?? 5)
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const stats = (xs) => `median ${median(xs).toFixed(1)} ms  (min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)}, n=${xs.length})`

const h = await startHarness()
const browser = await launch()
try {
  // Warm the page once (first loads compile the harness's own bundles).
  const warm = await openSurfacePage(browser, h, await sessionWithSurface(h, example('compare-options')))
  await warm.page.close()

  async function renderTime(model) {
    const s = await sessionWithSurface(h, model)
    const { page } = await openSurfacePage(browser, h, s)
    const [d] = await page.evaluate((id) => performance.getEntriesByName(`task-surface:dock-render:${id}`).map((e) => e.duration), s.surfaceId)
    await page.close()
    return d
  }

  const limits = []
  for (let i = 0; i < rounds; i++) limits.push(await renderTime(limitsModel()))
  console.log('Dock render, model at every limit (200 rows, 64 blocks, 32 fields)')
  console.log(`  ${stats(limits)}   goal <= 50 ms: ${median(limits) <= 50 ? 'met' : 'NOT met'}`)

  console.log('Dock render, example models')
  for (const file of readdirSync(join(REPO, 'examples', 'surfaces')).filter((f) => f.endsWith('.json')).sort()) {
    const xs = []
    for (let i = 0; i < Math.min(rounds, 3); i++) xs.push(await renderTime(example(file.replace(/\.json$/, ''))))
    console.log(`  ${file.padEnd(26)} ${stats(xs)}`)
  }

  const total = []
  const feedback = []
  const toAnswer = []
  const toBubble = []
  for (let i = 0; i < rounds; i++) {
    const s = await sessionWithSurface(h, example('compare-options'))
    const { page } = await openSurfacePage(browser, h, s)
    const marker = `bench note ${i} ${Date.now()}`
    await page.type('section.tsf-dock textarea[data-field=constraints]', marker)
    h.llm.reply({ text: 'OK.' })
    await watchSend(page, { clickSelector: 'section.tsf-dock [data-action="submit"]', marker })
    await page.click('section.tsf-dock [data-action="submit"]')
    const t = await readSendTiming(page)
    const answer = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/taskSurface/submit')).at(-1)?.responseEnd)
    total.push(t.bubble - t.start)
    feedback.push(t.locked - t.start)
    toAnswer.push(answer - t.start)
    toBubble.push(t.bubble - answer)
    await h.dsh.waitIdle(s.sessionId)
    await page.close()
  }
  // The same measure for an ordinary message sent from the composer: the harness's own floor.
  const composer = []
  for (let i = 0; i < rounds; i++) {
    const s = await sessionWithSurface(h, example('compare-options'))
    const { page } = await openSurfacePage(browser, h, s)
    const marker = `plain message ${i} ${Date.now()}`
    h.llm.reply({ text: 'OK.' })
    await focusComposer(page)
    await page.keyboard.type(marker)
    await watchSend(page, { marker })
    await page.keyboard.press('Enter')
    const t = await readSendTiming(page)
    composer.push(t.bubble - t.start)
    await h.dsh.waitIdle(s.sessionId)
    await page.close()
  }

  console.log('Click on Submit to the user bubble painted (compare-options, agent idle)')
  console.log(`  total                        ${stats(total)}   goal <= 150 ms: ${median(total) <= 150 ? 'met' : 'NOT met'}`)
  console.log(`  click -> Dock locked, painted ${stats(feedback)}`)
  console.log(`  click -> submit answered     ${stats(toAnswer)}`)
  console.log(`  answer -> bubble painted     ${stats(toBubble)}`)
  console.log(`  reference: Enter in the composer to its bubble painted, same harness: ${stats(composer)}`)
} finally {
  await browser.close()
  await h.stop()
}
