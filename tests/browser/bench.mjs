// Measures the client bundle in Chromium against the real dsh and prints the numbers:
//   - Dock render time of a model at every limit (200-row table, 64 blocks, 32 fields): from the
//     getActive answer to the panel laid out (React render, commit, style and layout), as the
//     bundle records it in performance.measure; goal <= 50 ms;
//   - Dock render time of each example model;
//   - click on Submit to the user bubble painted (the first animation frame after the harness
//     put the message in the transcript), against Enter in dsh's own composer to its bubble,
//     measured the same way in the same run, 2 x rounds of each interleaved: goal <= 1.1x the
//     composer;
//     click to the submit answered: goal <= 20 ms p50; Dock locked and answer to bubble as
//     split rows;
//   - the timeline of one submission, hop by hop (medians of the rounds): the page's own marks
//     (performance.mark task-surface:submit:*, the RPC's resource timing, the bubble in the DOM
//     and painted) and the host shim's (host-shim/src/dsh/timeline.js, on through
//     TASK_SURFACE_TIMELINE), beside the same hops of a composer message;
//   - a second reference: the composer sending the same text as the submission's bubble;
//   - where the page's main thread went (sampled profile: the bundle, other scripts, engine);
//   - click to bubble by model size (1, 4, 16 and 58 KiB models; the composer as reference).
// Usage (after tests/browser/run.sh installed everything):
//   node tests/browser/bench.mjs [rounds]        (default 5 rounds)
//   BENCH_ONLY=send node tests/browser/bench.mjs [rounds]   the send rows and timeline only (no
//   render rows, no growth table): the quick before/after of a change on the submit path
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { model as sizedModel } from '../../host-shim/bench/common.mjs'
import { REPO } from '../e2e/support/harness.mjs'
import { launch } from './support/browser.mjs'
import { limitsModel } from './support/surfaces.mjs'
import { example, focusComposer, openSurfacePage, readSendTiming, sessionWithSurface, startHarness, submissions, watchSend } from './support/app.mjs'

const rounds = Number(process.argv[2] ?? 5)
const sendOnly = process.env.BENCH_ONLY === 'send'
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const stats = (xs) => `median ${median(xs).toFixed(1)} ms  (min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)}, n=${xs.length})`
const SUBMIT = 'section.tsf-dock [data-action="submit"]'

const stage = mkdtempSync(join(tmpdir(), 'tsf-bench-'))
const timelineFile = join(stage, 'timeline.jsonl')
const h = await startHarness({ env: { TASK_SURFACE_TIMELINE: timelineFile } })
const browser = await launch()

/**
 * The shim's hops of one session from `from` to `until` (epoch ms): the first of each name, and
 * in `reads` how many getActive requests the shim served meanwhile.
 */
function shimHops(sessionId, from, until) {
  let lines = []
  try {
    lines = readFileSync(timelineFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
  } catch { /* no hop written yet */ }
  const hops = { reads: 0, stalls: [], all: [] }
  for (const l of lines) {
    if (l.sessionId !== sessionId || l.at < from - 1 || l.at > until) continue
    hops.all.push(l)
    if (l.hop === 'remote.getActive') hops.reads++
    if (l.hop === 'loop.stall') hops.stalls.push({ at: l.at, ms: l.ms })
    hops[l.hop] ??= l.at
  }
  return hops
}

/** The page's side of a send, as epoch ms: the watchSend times, marks and the RPC's timing. */
async function pageHops(page, endpoint) {
  const t = await readSendTiming(page)
  return page.evaluate((t, endpoint) => {
    const o = performance.timeOrigin
    const at = (x) => (x === undefined ? undefined : o + x)
    const mark = (n) => at(performance.getEntriesByName(`task-surface:${n}`, 'mark').at(-1)?.startTime)
    const rpc = performance.getEntriesByType('resource').filter((e) => e.name.endsWith(endpoint) && e.startTime >= t.start).at(0)
    return {
      click: at(t.start), locked: at(t.locked), dom: at(t.dom), bubble: at(t.bubble),
      handler: mark('submit:click'), request: mark('submit:request'), answeredMark: mark('submit:answered'),
      fetch: at(rpc?.startTime), response: at(rpc?.responseEnd),
    }
  }, t, endpoint)
}

/**
 * The page's main-thread time over `run` (a send, click / Enter to the bubble painted), from the
 * V8 sampling profiler: self time in the bundle's own code (served from the dsh-task-surface
 * package; React's work for its components counts as React's), in the rest of the page's
 * scripts (the harness, React), and in the engine (garbage collection, style, layout, paint);
 * the bench's own probes are left out.
 */
async function profiled(page, run) {
  const cdp = await page.createCDPSession()
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  await run()
  const { profile } = await cdp.send('Profiler.stop')
  await cdp.detach()
  const urlOf = new Map(profile.nodes.map((n) => [n.id, n.callFrame.url ?? '']))
  const nameOf = new Map(profile.nodes.map((n) => [n.id, n.callFrame.functionName]))
  const total = { bundle: 0, scripts: 0, engine: 0 }
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000
    const url = urlOf.get(id)
    if (url.startsWith('pptr:')) return // the bench's own probes
    if (/dsh-task-surface/.test(url)) total.bundle += ms
    else if (url) total.scripts += ms
    else if (!['(idle)', '(program)'].includes(nameOf.get(id))) total.engine += ms
  })
  return total
}

/** One submission from the Dock: type `marker` into `field`, click Submit, time it. */
async function sendSubmit(model, field, { profile = false } = {}) {
  const s = await sessionWithSurface(h, model)
  const { page } = await openSurfacePage(browser, h, s)
  try {
    const marker = `bench note ${Date.now()}`
    await page.type(`section.tsf-dock textarea[data-field=${field}]`, marker)
    h.llm.reply({ text: 'OK.' })
    await watchSend(page, { clickSelector: SUBMIT, marker })
    if (profile) return await profiled(page, async () => { await page.click(SUBMIT); await readSendTiming(page) })
    await page.click(SUBMIT)
    const p = await pageHops(page, '/api/taskSurface/submit')
    await h.dsh.waitIdle(s.sessionId)
    // The message's text, for a composer round that sends the same bubble.
    const text = (await submissions(h, s.sessionId))[0]?.data.content.map((c) => c.text ?? '').join('').replace(marker, '')
    return { ...p, ...shimHops(s.sessionId, p.click, p.bubble), text }
  } finally {
    await page.close()
  }
}

/**
 * One ordinary message from dsh's own composer, in a session with `model` open, timed the same
 * way: a one-line message, or `text` (lines typed with Shift+Enter) and the marker after it.
 */
async function sendComposer(model, { profile = false, text = '' } = {}) {
  const s = await sessionWithSurface(h, model)
  const { page } = await openSurfacePage(browser, h, s)
  try {
    const marker = `plain message ${Date.now()}`
    h.llm.reply({ text: 'OK.' })
    await focusComposer(page)
    for (const line of text.split('\n').filter(Boolean)) {
      await page.keyboard.type(line)
      await page.keyboard.down('Shift')
      await page.keyboard.press('Enter')
      await page.keyboard.up('Shift')
    }
    await page.keyboard.type(marker)
    await watchSend(page, { marker })
    if (profile) return await profiled(page, async () => { await page.keyboard.press('Enter'); await readSendTiming(page) })
    await page.keyboard.press('Enter')
    const p = await pageHops(page, '/api/session.prompt')
    await h.dsh.waitIdle(s.sessionId)
    return { ...p, ...shimHops(s.sessionId, p.click, p.bubble) }
  } finally {
    await page.close()
  }
}

/** The time the shim's event loop spent in stalls over 4 ms between hops `a` and `b`. */
const stalled = (a, b) => (r) => (r[a] === undefined || r[b] === undefined ? undefined
  : r.stalls.filter((x) => x.at > r[a] && x.at - x.ms < r[b]).reduce((n, x) => n + x.ms, 0))
const span = (a, b) => (r) => (r[a] === undefined || r[b] === undefined ? undefined : r[b] - r[a])
const med = (rs, f) => {
  const xs = rs.map(f).filter((x) => x !== undefined)
  return xs.length === 0 ? undefined : median(xs)
}
const ms = (x) => (x === undefined ? '—' : `${x.toFixed(1)} ms`)
const ratioOf = (a, b) => (a === undefined || b === undefined ? undefined : a / b)

/** The timeline table: one row per stretch, the Dock's and the composer's medians side by side. */
function printTimeline(submits, composers) {
  const rows = [
    ['click → submit handler runs', span('click', 'handler'), null],
    ['handler → request sent (validation, state)', span('handler', 'request'), null],
    ['click / Enter → request leaves the page', span('click', 'fetch'), span('click', 'fetch')],
    ['request → Remote.submit in the shim (dsh HTTP, routing, session)', span('fetch', 'remote.submit'), null],
    ['Remote.submit → Host.ReadProjection (plugin)', span('remote.submit', 'host.read-projection'), null],
    ['ReadProjection → Host.AdmitUserMessage (plugin)', span('host.read-projection', 'host.admit'), null],
    ['AdmitUserMessage → agent.followup called', span('host.admit', 'queue.followup'), null],
    ['request → message queued (inbox inserted)', span('fetch', 'inbox.inserted'), span('fetch', 'inbox.inserted')],
    ['queued → followup returned (synchronous turn start)', span('inbox.inserted', 'queue.followed'), null],
    ['followup returned → plugin answered the shim', span('queue.followed', 'remote.answered'), null],
    ['shim answered → answer in the page', span('remote.answered', 'response'), null],
    ['queued → answer in the page', span('inbox.inserted', 'response'), span('inbox.inserted', 'response')],
    ['  of which the shim\'s event loop was stalled (> 4 ms at a time)', stalled('queue.followed', 'remote.answered'), null],
    ['queued → claimed into a turn', span('inbox.inserted', 'inbox.claimed'), span('inbox.inserted', 'inbox.claimed')],
    ['claimed → pre-step (system prompt assembled)', span('inbox.claimed', 'agent.pre-step'), span('inbox.claimed', 'agent.pre-step')],
    ['pre-step → user message in the log', span('agent.pre-step', 'log.user-message'), span('agent.pre-step', 'log.user-message')],
    ['  queued → user message in the log: the shim\'s loop stalled', stalled('inbox.inserted', 'log.user-message'), stalled('inbox.inserted', 'log.user-message')],
    ['in the log → bubble in the page DOM', span('log.user-message', 'dom'), span('log.user-message', 'dom')],
    ['bubble in the DOM → painted', span('dom', 'bubble'), span('dom', 'bubble')],
    ['click / Enter → answer in the page', span('click', 'response'), span('click', 'response')],
    ['click / Enter → message queued', span('click', 'inbox.inserted'), span('click', 'inbox.inserted')],
    ['click / Enter → bubble painted', span('click', 'bubble'), span('click', 'bubble')],
  ]
  console.log(`Timeline of one send, medians of ${submits.length} rounds (epoch clocks of the page and the shim, same machine)`)
  console.log(`  ${'stretch'.padEnd(68)} ${'Dock submit'.padStart(12)} ${'composer'.padStart(12)}`)
  for (const [name, f, g] of rows) {
    console.log(`  ${name.padEnd(68)} ${ms(med(submits, f)).padStart(12)} ${(g ? ms(med(composers, g)) : '').padStart(12)}`)
  }
  const reads = (rs) => median(rs.map((r) => r.reads))
  console.log(`  getActive requests the shim served from click / Enter to the bubble painted (median): Dock submit ${reads(submits)}, composer ${reads(composers)}`)
  // What the shim did between two hops: the names of the hops it passed, counted (median).
  const hopsBetween = (a, b) => (r) => r.all.filter((l) => l.at > r[a] && l.at < r[b] && l.hop !== 'loop.stall').map((l) => l.hop + (l.kind ? `:${l.kind}` : ''))
  const counted = (rs, f) => {
    const names = [...new Set(rs.flatMap(f))].sort()
    return names.map((n) => `${n} ${median(rs.map((r) => f(r).filter((x) => x === n).length))}`).join(', ')
  }
  console.log(`  shim hops from Remote.submit to its answer (plugin calls to the host, median count): ${counted(submits, hopsBetween('remote.submit', 'remote.answered'))}`)
  console.log(`  shim hops from queued to the user message in the log: Dock submit: ${counted(submits, hopsBetween('inbox.inserted', 'log.user-message'))}`)
  console.log(`                                                        composer: ${counted(composers, hopsBetween('inbox.inserted', 'log.user-message'))}`)
}

try {
  // Warm the page once (first loads compile the harness's own bundles).
  const warm = await openSurfacePage(browser, h, await sessionWithSurface(h, example('compare-options')))
  await warm.page.close()

  if (!sendOnly) {
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
  }

  // The Dock's submit and the composer's Enter, interleaved round by round; twice the rounds, as
  // the machine's noise is of the size of the differences looked for.
  const submits = []
  const composers = []
  const sameText = [] // the composer sending the text of the submission's own bubble
  for (let i = 0; i < 2 * rounds; i++) {
    const sent = await sendSubmit(example('compare-options'), 'constraints')
    submits.push(sent)
    composers.push(await sendComposer(example('compare-options')))
    sameText.push(await sendComposer(example('compare-options'), { text: sent.text }))
  }
  const col = (rs, f) => rs.map(f).filter((x) => x !== undefined)
  const total = col(submits, span('click', 'bubble'))
  const composerTotal = col(composers, span('click', 'bubble'))
  const answered = col(submits, span('click', 'response'))
  const composerAnswered = col(composers, span('click', 'response'))
  const ratio = ratioOf(median(total), median(composerTotal))
  const verdict = (ok) => (ok ? 'met' : 'NOT met')
  console.log('Click on Submit to the user bubble painted (compare-options, agent idle), each against its same-run reference')
  console.log(`  click -> bubble painted       ${stats(total)}`)
  console.log(`    reference: Enter in dsh's composer -> its bubble painted: ${stats(composerTotal)}`)
  console.log(`    ratio ${ratio.toFixed(2)}x   goal <= 1.1x the composer: ${verdict(ratio <= 1.1)}`)
  const sameTotal = col(sameText, span('click', 'bubble'))
  console.log(`    the composer sending the same text as the submission's bubble: ${stats(sameTotal)}   ratio ${ratioOf(median(total), median(sameTotal)).toFixed(2)}x`)
  console.log(`  click -> submit answered      ${stats(answered)}   goal <= 20 ms p50: ${verdict(median(answered) <= 20)}`)
  console.log(`    reference: Enter -> session.prompt answered: ${stats(composerAnswered)}  (ratio ${ratioOf(median(answered), median(composerAnswered)).toFixed(2)}x)`)
  console.log(`  click -> Dock locked, painted ${stats(col(submits, span('click', 'locked')))}`)
  console.log(`  answer -> bubble painted      ${stats(col(submits, span('response', 'bubble')))}`)
  console.log(`    reference: prompt answered -> bubble painted: ${stats(col(composers, span('response', 'bubble')))}`)
  printTimeline(submits, composers)
  // Where the page's own main-thread time went, from separate profiled rounds (the profiler
  // slows the page, so these rounds stay out of the figures above).
  const prof = { submit: [], composer: [] }
  for (let i = 0; i < Math.min(rounds, 3); i++) {
    prof.submit.push(await sendSubmit(example('compare-options'), 'constraints', { profile: true }))
    prof.composer.push(await sendComposer(example('compare-options'), { profile: true }))
  }
  const pm = (rs, k) => `${median(rs.map((r) => r[k])).toFixed(1)} ms`
  console.log(`Page main thread from click / Enter to the bubble painted (sampled, median of ${prof.submit.length}; the rest is idle)`)
  console.log(`  Dock submit: the bundle's code ${pm(prof.submit, 'bundle')}, the page's other scripts ${pm(prof.submit, 'scripts')}, engine ${pm(prof.submit, 'engine')}`)
  console.log(`  composer:    the bundle's code ${pm(prof.composer, 'bundle')}, the page's other scripts ${pm(prof.composer, 'scripts')}, engine ${pm(prof.composer, 'engine')}`)

  // Growth: click -> bubble by model size, the composer (compare-options) as the reference.
  if (!sendOnly) {
    const sizes = [1, 4, 16, 58]
    const growthRounds = Math.max(1, Math.min(rounds, 3))
    console.log(`Click on Submit -> bubble painted by model size (median of ${growthRounds}; reference: the composer above, ${median(composerTotal).toFixed(1)} ms)`)
    console.log('  | model | bytes | click → bubble (ms) | click → answered (ms) | ratio to the composer |')
    console.log('  |---|---|---|---|---|')
    for (const kib of sizes) {
      const m = sizedModel(kib * 1024)
      const rs = []
      for (let i = 0; i < growthRounds; i++) rs.push(await sendSubmit(m, 'why'))
      const b = median(col(rs, span('click', 'bubble')))
      const a = median(col(rs, span('click', 'response')))
      console.log(`  | ${kib} KiB | ${JSON.stringify(m).length} | ${b.toFixed(1)} | ${a.toFixed(1)} | ${(b / median(composerTotal)).toFixed(2)}x |`)
    }
    console.log(`  | composer | — | ${median(composerTotal).toFixed(1)} | ${median(composerAnswered).toFixed(1)} | 1.00x |`)
  }
} finally {
  await browser.close()
  await h.stop()
  rmSync(stage, { recursive: true, force: true })
}
