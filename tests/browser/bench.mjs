// Measures the client bundle in Chromium against the real dsh and prints the numbers:
//   - the Dock's first render (goal 8): from the getActive answer to the panel laid out (React
//     render, commit, style and layout), as the bundle records it in performance.measure, median
//     of fresh pages: each of the seven example models <= one frame (16.7 ms), the model at every
//     limit (200-row table, 64 blocks, 32 fields) <= two frames (33.3 ms);
//   - click on Submit to the user message in dsh's log (goal 4), against Enter in dsh's own
//     composer sending the same text to its message in the log, paired round by round: <= 1.15x
//     (median of the per-pair ratios); and click to the user bubble painted (the first animation
//     frame after the harness put the message in the transcript), the same way (information).
//     The fake model answers every timed send 400 ms after it is asked (REPLY below), the Dock's
//     and the composer's, and each send starts once the page is idle (pageQuiet). The machine's
//     noise is of the size of the differences looked for, so the sends come in paired rounds:
//     each round one page, a warm-up Dock submission and composer message (not timed), then a
//     Dock submission and composer messages back to back (their sessions prepared before),
//     alternating which goes first. A verdict reads the median of the per-pair ratios (printed
//     with its interquartile range and a bootstrap 95% interval of that median, beside the ratio
//     of the medians);
//   - click to the submit answered against Enter to session.prompt answered (goal 5), paired the
//     same way: <= 1.0x; Dock locked and answer to bubble as split rows;
//   - the timeline of one submission, hop by hop (medians of the rounds): the page's own marks
//     (performance.mark task-surface:submit:*, the RPC's resource timing, the bubble in the DOM
//     and painted) and the host shim's (host-shim/src/dsh/timeline.js, on through
//     TASK_SURFACE_TIMELINE), beside the same hops of a composer message;
//   - a second reference: the composer sending the same text as the submission's bubble (a third
//     send of each round, first or last);
//   - where the page's main thread went from the click / Enter to the bubble painted (sampled
//     profile: the bundle, other scripts, V8's own work, the browser's work outside scripts, idle);
//   - click to bubble by model size (1, 4, 16 and 58 KiB models), each size paired round by round
//     with a composer message the same way, sent in a session that shows a surface of the same
//     model (the same history for the harness, the same Dock for the page to close).
// Usage (after tests/browser/run.sh installed everything):
//   node tests/browser/bench.mjs [rounds]        (default 5: 4 x rounds send rounds, 2 x rounds - 2
//                                                 per model size; about 9 minutes in all)
//   BENCH_ONLY=send node tests/browser/bench.mjs [rounds]   the send rows and timeline only (no
//   render rows, no growth table): the quick before/after of a change on the submit path
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { model as sizedModel } from '../../host-shim/bench/common.mjs'
import { goal } from '../../tools/bench-goal.mjs'
import { REPO } from '../e2e/support/harness.mjs'
import { launch, pageQuiet } from './support/browser.mjs'
import { limitsModel } from './support/surfaces.mjs'
import { iqr, median, stats, times, verdict } from './support/stats.mjs'
import { SEND_PROFILE, dockReady, dockRenderTimes, example, focusComposer, openSurfacePage, readSendTiming, selectSession, sessionWithSurface, startHarness, submissions, waitFor, watchSend } from './support/app.mjs'

const rounds = Number(process.argv[2] ?? 5)
const sendOnly = process.env.BENCH_ONLY === 'send'
/**
 * The agent's reply to every timed send: streamed 400 ms after the harness asks, as a real
 * model's first token comes hundreds of milliseconds later. An instant reply put the whole
 * turn's events (its request, chunks, usage, end) on the page's socket while the page was still
 * working through the message's own, so when the bubble was painted depended on how Chromium
 * fitted a frame into that queue (in traces: 1 ms after the bubble reached the DOM in some sends,
 * 40-66 ms in others), for the Dock and the composer alike.
 */
const REPLY = { text: 'OK.', delayMs: 400 }
const SUBMIT = 'section.tsf-dock [data-action="submit"]'

const stage = mkdtempSync(join(tmpdir(), 'tsf-bench-'))
const timelineFile = join(stage, 'timeline.jsonl')
const h = await startHarness({ env: { TASK_SURFACE_TIMELINE: timelineFile } })
const browser = await launch()

/**
 * The shim's hops of one session from `from` to `until` (epoch ms): the first of each name, and
 * in `reads` how many getActive requests the shim served meanwhile. The shim writes its hops in
 * batches, so this waits (a few seconds at most) until the message's hop into the log is there.
 */
async function shimHops(sessionId, from, until) {
  try {
    return await waitFor(() => {
      const hops = readHops(sessionId, from, until)
      return hops['log.user-message'] !== undefined && hops
    }, { timeoutMs: 5_000, intervalMs: 50, what: 'the shim\'s timeline of the send' })
  } catch {
    return readHops(sessionId, from, until) // a row without its shim hops prints as —
  }
}

/** The shim's hops of one session from `from` to `until`, as written so far. */
function readHops(sessionId, from, until) {
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
 * The page's main-thread time in a send `run` starts (watchSend with `profile`: the profile runs
 * from the click / Enter to the bubble painted, and no further), from the V8 sampling profiler:
 * self time in the bundle's own code (served from the dsh-task-surface package; React's work for
 * its components counts as React's), in the rest of the page's scripts (the harness, React), in
 * V8's own work (garbage collection, built-ins called from scripts), in the browser's work outside
 * scripts (style, layout, paint: V8's "(program)") and idle; the bench's own probes are left out.
 * The profile used to run on until the bench had read the timings, after the bubble, and held the
 * Dock's unmount and the move of focus to the composer that follow it (in one Dock send, 5.2 ms of
 * removeChild and 3.8 ms of focus): what it called the engine's time, 26 ms against the
 * composer's 10 ms, was mostly that. And "(program)" and "(idle)" were left out as if both were
 * idle.
 */
async function profiled(page, run) {
  const cdp = await page.createCDPSession()
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  const finished = new Promise((resolve) => cdp.on('Profiler.consoleProfileFinished', (e) => { if (e.title === SEND_PROFILE) resolve(e.profile) }))
  await run()
  const profile = await finished
  await cdp.detach()
  const urlOf = new Map(profile.nodes.map((n) => [n.id, n.callFrame.url ?? '']))
  const nameOf = new Map(profile.nodes.map((n) => [n.id, n.callFrame.functionName]))
  const total = { bundle: 0, scripts: 0, engine: 0, program: 0, idle: 0 }
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000
    const url = urlOf.get(id)
    const name = nameOf.get(id)
    if (url.startsWith('pptr:')) return // the bench's own probes
    if (/dsh-task-surface/.test(url)) total.bundle += ms
    else if (url) total.scripts += ms
    else if (name === '(idle)') total.idle += ms
    else if (name === '(program)') total.program += ms
    else total.engine += ms
  })
  return total
}

/** `result` once the turn of session `s` has ended (the next send of a round starts on a quiet harness). */
async function settled(s, result) {
  await h.dsh.waitIdle(s.sessionId)
  return result
}

/**
 * One submission from the Dock on `page`, which shows session `s`: type a marker into `field`,
 * click Submit, time it (or, with `profile`, return where the page's main thread went).
 */
async function dockSend(page, s, { field, profile = false }) {
  const marker = `bench note ${Date.now()}`
  await page.type(`section.tsf-dock textarea[data-field=${field}]`, marker)
  h.llm.reply(REPLY)
  await watchSend(page, { clickSelector: SUBMIT, marker, profile })
  await pageQuiet(page)
  if (profile) return settled(s, await profiled(page, async () => { await page.click(SUBMIT); await readSendTiming(page) }))
  await page.click(SUBMIT)
  const p = await pageHops(page, '/api/taskSurface/submit')
  await h.dsh.waitIdle(s.sessionId)
  // The message's text, for a composer send of the same bubble.
  const text = (await submissions(h, s.sessionId))[0]?.data.content.map((c) => c.text ?? '').join('').replace(marker, '')
  return { ...p, ...(await shimHops(s.sessionId, p.click, p.bubble)), text }
}

/**
 * One ordinary message from dsh's own composer on `page`, which shows session `s` (its surface
 * open), timed the same way: a one-line message, or `text` (lines typed with Shift+Enter) and
 * the marker after it.
 */
async function composerSend(page, s, { text = '', profile = false }) {
  const marker = `plain message ${Date.now()}`
  h.llm.reply(REPLY)
  await focusComposer(page)
  for (const line of text.split('\n').filter(Boolean)) {
    await page.keyboard.type(line)
    await page.keyboard.down('Shift')
    await page.keyboard.press('Enter')
    await page.keyboard.up('Shift')
  }
  await page.keyboard.type(marker)
  await watchSend(page, { marker, profile })
  await pageQuiet(page)
  if (profile) return settled(s, await profiled(page, async () => { await page.keyboard.press('Enter'); await readSendTiming(page) }))
  await page.keyboard.press('Enter')
  const p = await pageHops(page, '/api/session.prompt')
  await h.dsh.waitIdle(s.sessionId)
  return { ...p, ...(await shimHops(s.sessionId, p.click, p.bubble)) }
}

/**
 * One round: a session for each send (`{kind: 'dock'|'composer', model, ...}`), all prepared
 * first, then the sends back to back in one page: the `warmUp` sends, then `sends` in the order
 * given; the results of `sends` in that order, with the warm-up sends' apart as its `warmUp`
 * (they stay out of the pairs). The first Dock submission and the first composer message in a
 * fresh page run code the page has not run yet: without warm-up sends the per-pair ratio read
 * 1.24x with the Dock's submission first and 1.01x with it second (the same run); with them,
 * 1.04x / 0.94x and 0.94x / 0.94x in two runs, but 1.29x / 1.07x and 1.12x / 1.02x in the next
 * two: smaller, not gone (the alternation still has to cancel it).
 */
async function round(sends, warmUp = []) {
  const all = [...warmUp, ...sends]
  const sessions = []
  for (const send of all) sessions.push(await sessionWithSurface(h, send.model))
  const { page } = await openSurfacePage(browser, h, sessions[0])
  try {
    const results = []
    for (const [i, send] of all.entries()) {
      if (i > 0) {
        await selectSession(page, sessions[i].title)
        await dockReady(page, sessions[i].surfaceId)
      }
      results.push(await (send.kind === 'dock' ? dockSend : composerSend)(page, sessions[i], send))
    }
    return Object.assign(results.slice(warmUp.length), { warmUp: results.slice(0, warmUp.length) })
  } finally {
    await page.close()
  }
}

/**
 * `n` paired rounds: in each, the sends named in `sends` (`{dock: {...}, composer: {...}, ...}`),
 * in the order `orders[i % orders.length]` (lists of those names), after a warm-up Dock
 * submission and composer message of the Dock's model; the results by name (the warm-up sends'
 * as `warmDock` and `warmComposer`).
 */
async function pairedRounds(n, sends, orders) {
  const out = { ...Object.fromEntries(Object.keys(sends).map((k) => [k, []])), warmDock: [], warmComposer: [] }
  const warmUp = [{ kind: 'dock', model: sends.dock.model, field: sends.dock.field }, { kind: 'composer', model: sends.dock.model }]
  for (let i = 0; i < n; i++) {
    const order = orders[i % orders.length]
    const results = await round(order.map((k) => ({ kind: sends[k].kind ?? k, ...sends[k] })), warmUp)
    order.forEach((k, j) => out[k].push(results[j]))
    out.warmDock.push(results.warmUp[0])
    out.warmComposer.push(results.warmUp[1])
  }
  return out
}
/** The orders of a pair's rounds: the Dock's submission first, then the composer's message first. */
const ALTERNATE = [['dock', 'composer'], ['composer', 'dock']]

/**
 * The time the shim's event loop spent in stalls over 4 ms between hops `a` and `b` (each stall
 * counted for the part of it inside that stretch).
 */
const stalled = (a, b) => (r) => (r[a] === undefined || r[b] === undefined ? undefined
  : r.stalls.reduce((n, x) => n + Math.max(0, Math.min(x.at, r[b]) - Math.max(x.at - x.ms, r[a])), 0))
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
    ['Remote.submit → the plugin\'s decision back (Submit, one round trip)', span('remote.submit', 'remote.decided'), null],
    ['decision → the host queued it and the shim answers the browser', span('remote.decided', 'remote.answered'), null],
    ['  of which the shim\'s event loop was stalled (> 4 ms at a time)', stalled('remote.decided', 'remote.answered'), null],
    ['shim answered → answer in the page', span('remote.answered', 'response'), null],
    ['shim answered → agent.followup called (the loop\'s next turn)', span('remote.answered', 'queue.followup'), null],
    ['request → message queued (inbox inserted)', span('fetch', 'inbox.inserted'), span('fetch', 'inbox.inserted')],
    ['queued → followup returned (synchronous turn start)', span('inbox.inserted', 'queue.followed'), null],
    ['queued → answer in the page', span('inbox.inserted', 'response'), span('inbox.inserted', 'response')],
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

const OPTIONS = example('compare-options')
const DOCK = { kind: 'dock', model: OPTIONS, field: 'constraints' }
const COMPOSER = { kind: 'composer', model: OPTIONS }

try {
  // Warm up with one submission (first loads compile the harness's own bundles; the first
  // submit warms dsh's and the plugin's paths); its bubble's text is what the second composer
  // reference sends.
  const [warm] = await round([DOCK])

  if (!sendOnly) {
    async function renderTime(model) {
      const s = await sessionWithSurface(h, model)
      const { page } = await openSurfacePage(browser, h, s)
      const [d] = await dockRenderTimes(page, s.surfaceId, { timeout: 10_000 })
      await page.close()
      return d
    }

    // Goal 8: every example within one frame, the model at every limit within two (medians of
    // fresh pages).
    const FRAME = 1000 / 60
    const limits = []
    for (let i = 0; i < rounds; i++) limits.push(await renderTime(limitsModel()))
    console.log('Dock render, model at every limit (200 rows, 64 blocks, 32 fields)')
    console.log(`  ${stats(limits)}   goal <= 33.3 ms (two frames): ${median(limits) <= 2 * FRAME ? 'met' : 'NOT met'}`)

    console.log('Dock render, example models (goal <= 16.7 ms each, a frame)')
    const examples = []
    for (const file of readdirSync(join(REPO, 'examples', 'surfaces')).filter((f) => f.endsWith('.json')).sort()) {
      const xs = []
      for (let i = 0; i < rounds; i++) xs.push(await renderTime(example(file.replace(/\.json$/, ''))))
      examples.push({ name: file.replace(/\.json$/, ''), median: median(xs) })
      console.log(`  ${file.padEnd(26)} ${stats(xs)}`)
    }
    const slowest = examples.reduce((a, b) => (b.median > a.median ? b : a))
    goal(8, {
      figure: `the Dock's first render, the ${examples.length} examples / the model at every limit (200 rows, 64 blocks, 32 fields), medians of ${rounds} fresh pages`,
      measured: `${slowest.median.toFixed(1)} ms the slowest example (${slowest.name}) / ${median(limits).toFixed(1)} ms`,
      reference: '16.7 ms one frame at 60 Hz / 33.3 ms two',
      goal: '≤ 1 frame / ≤ 2 frames',
      met: slowest.median <= FRAME && median(limits) <= 2 * FRAME,
    })
  }

  // The Dock's submit and the composer's Enter in paired rounds (4 x rounds), the composer
  // sending the submission's text as a third send, first or last.
  const pairs = await pairedRounds(4 * rounds, { dock: DOCK, composer: COMPOSER, same: { ...COMPOSER, text: warm.text } }, [
    ['dock', 'composer', 'same'], ['composer', 'dock', 'same'], ['same', 'dock', 'composer'], ['same', 'composer', 'dock'],
  ])
  const submits = pairs.dock
  const composers = pairs.composer
  const col = (rs, f) => rs.map(f).filter((x) => x !== undefined)
  /** The per-pair ratios f(a) / f(b) of the rounds where both were measured. */
  const ratios = (as, bs, f) => as.map((a, i) => ratioOf(f(a), f(bs[i]))).filter((x) => x !== undefined)
  const total = col(submits, span('click', 'bubble'))
  const composerTotal = col(composers, span('click', 'bubble'))
  const answered = col(submits, span('click', 'response'))
  const composerAnswered = col(composers, span('click', 'response'))
  const paired = ratios(submits, composers, span('click', 'bubble'))
  console.log(`Click on Submit to the user bubble painted (compare-options, agent idle), against Enter in dsh's composer: ${submits.length} rounds, each one page with a warm-up of each, then a Dock submission and a composer message back to back, alternating which goes first, each send started once the page is idle`)
  console.log(`  click -> bubble painted       ${stats(total)}`)
  console.log(`    reference: Enter in dsh's composer -> its bubble painted: ${stats(composerTotal)}`)
  console.log(`    ratio per pair: median ${times(median(paired))} (${iqr(paired, times)}); ratio of the medians ${times(median(total) / median(composerTotal))}`)
  console.log(`    against the short composer message (information): ${verdict(paired, 1.1, times).text}`)
  // Whether going first or second in the page matters (the alternation cancels it in the median).
  const inOrder = submits.map((a, i) => ratioOf(span('click', 'bubble')(a), span('click', 'bubble')(composers[i])))
  const byOrder = (first) => inOrder.filter((x, i) => x !== undefined && (i % 4 === 0 || i % 4 === 2) === first)
  console.log(`    ratio per pair with the Dock's submission first: median ${times(median(byOrder(true)))} (n=${byOrder(true).length}); second: median ${times(median(byOrder(false)))} (n=${byOrder(false).length})`)
  const sameTotal = col(pairs.same, span('click', 'bubble'))
  const samePaired = ratios(submits, pairs.same, span('click', 'bubble'))
  console.log(`    the composer sending the same text as the submission's bubble (same rounds): ${stats(sameTotal)}   ratio per pair: median ${times(median(samePaired))} (${iqr(samePaired, times)})`)
  console.log(`    against the composer sending the same text (information, the bubble is the page's work after the log): ${verdict(samePaired, 1.1, times).text}`)
  // Goal 4: click → the user message in dsh's log against Enter → the same text's message in
  // the log, paired.
  const loggedPaired = ratios(submits, pairs.same, span('click', 'log.user-message'))
  const logged = verdict(loggedPaired, 1.15, times)
  const inLog = col(submits, span('click', 'log.user-message'))
  const sameInLog = col(pairs.same, span('click', 'log.user-message'))
  console.log(`  click -> user message in dsh's log ${stats(inLog)}`)
  console.log(`    reference: Enter in dsh's composer sending the same text -> its message in the log: ${stats(sameInLog)}`)
  console.log(`    goal <= 1.15x (median of the pairs' ratios): ${logged.text}`)
  goal(4, {
    figure: "click on Submit → the message in dsh's log (compare-options, agent idle), median",
    measured: `${median(inLog).toFixed(1)} ms; per pair ${times(median(loggedPaired))} (95% interval ${logged.text.replace(/.*interval of the median ([^,]*),.*/, '$1')})`,
    reference: `${median(sameInLog).toFixed(1)} ms Enter in dsh's composer → its message in the log, the same text, same rounds`,
    goal: '≤ 1.15×',
    met: logged.met,
  })
  // The warm-up sends, timed too: a fresh page's first Dock submission, and the composer message
  // right after it; the same page's later sends are the figures above.
  console.log(`    the first Dock submission in a fresh page (each round's warm-up): ${stats(col(pairs.warmDock, span('click', 'bubble')))}; the composer message right after it: ${stats(col(pairs.warmComposer, span('click', 'bubble')))}`)
  // Goal 5: click → the submit answered against Enter → session.prompt answered, the same text,
  // paired.
  const sameAnswered = col(pairs.same, span('click', 'response'))
  const answeredPaired = ratios(submits, pairs.same, span('click', 'response'))
  const answeredVerdict = verdict(answeredPaired, 1.0, times)
  console.log(`  click -> submit answered      ${stats(answered)}`)
  console.log(`    reference: Enter -> session.prompt answered, the same text: ${stats(sameAnswered)}; a short message: ${stats(composerAnswered)}`)
  console.log(`    goal <= 1.0x (median of the pairs' ratios): ${answeredVerdict.text}`)
  goal(5, {
    figure: 'click on Submit → the submit answered (agent idle), median',
    measured: `${median(answered).toFixed(1)} ms; per pair ${times(median(answeredPaired))} (95% interval ${answeredVerdict.text.replace(/.*interval of the median ([^,]*),.*/, '$1')})`,
    reference: `${median(sameAnswered).toFixed(1)} ms Enter in dsh's composer → session.prompt answered, the same text, same rounds`,
    goal: '≤ 1.0×',
    met: answeredVerdict.met,
  })
  console.log(`  click -> Dock locked, painted ${stats(col(submits, span('click', 'locked')))}`)
  console.log(`  answer -> bubble painted      ${stats(col(submits, span('response', 'bubble')))}`)
  console.log(`    reference: prompt answered -> bubble painted: ${stats(col(composers, span('response', 'bubble')))}`)
  printTimeline(submits, composers)
  // Where the page's own main-thread time went, from separate profiled rounds (the profiler
  // slows the page, so these rounds stay out of the figures above).
  const prof = await pairedRounds(Math.min(rounds, 3), { dock: { ...DOCK, profile: true }, composer: { ...COMPOSER, profile: true } }, ALTERNATE)
  const pm = (rs, k) => `${median(rs.map((r) => r[k])).toFixed(1)} ms`
  console.log(`Page main thread from click / Enter to the bubble painted (sampled, median of ${prof.dock.length}): scripts; V8's own work (garbage collection, built-ins); the browser's work outside scripts (style, layout, paint, V8's "(program)"); idle`)
  const where = (rs) => `the bundle's code ${pm(rs, 'bundle')}, the page's other scripts ${pm(rs, 'scripts')}, V8 ${pm(rs, 'engine')}, outside scripts ${pm(rs, 'program')}, idle ${pm(rs, 'idle')}`
  console.log(`  Dock submit: ${where(prof.dock)}`)
  console.log(`  composer:    ${where(prof.composer)}`)

  // Growth: click -> bubble by model size, each size paired round by round with a composer
  // message sent the same way in a session whose surface is the same model, so that the two
  // sends differ only in their path: the same history for the harness's turn (a tool call of
  // that size in it) and the same page (a Dock of that model, which a bypassing composer message
  // closes as a submission does). Against a compare-options session the reference missed both.
  if (!sendOnly) {
    const sizes = [1, 4, 16, 58]
    // Eight pairs per size at the default: with four, the median of the pairs' ratios read
    // 0.78-0.97x in one run and 1.18-1.26x in the next on the same tree.
    const growthRounds = Math.max(2, 2 * rounds - 2)
    console.log(`Click on Submit -> bubble painted by model size: ${growthRounds} rounds per size, each one page with a warm-up of each, then a Dock submission of that model and a composer message in another session showing the same model, back to back, alternating which goes first`)
    console.log('  | model | bytes | click → bubble (ms) | composer, same model, same rounds (ms) | ratio per pair: median (IQR) | ratio of the medians | click → answered (ms) | ≤ 1.1× |')
    console.log('  |---|---|---|---|---|---|---|---|')
    for (const kib of sizes) {
      const m = sizedModel(kib * 1024)
      const rs = await pairedRounds(growthRounds, { dock: { kind: 'dock', model: m, field: 'why' }, composer: { kind: 'composer', model: m } }, ALTERNATE)
      const b = col(rs.dock, span('click', 'bubble'))
      const c = col(rs.composer, span('click', 'bubble'))
      const r = ratios(rs.dock, rs.composer, span('click', 'bubble'))
      const v = verdict(r, 1.1, times)
      console.log(`  | ${kib} KiB | ${JSON.stringify(m).length} | ${median(b).toFixed(1)} | ${median(c).toFixed(1)} | ${times(median(r))} (${iqr(r, times)}) | ${times(median(b) / median(c))} | ${median(col(rs.dock, span('click', 'response'))).toFixed(1)} | ${v.met ? 'yes' : 'no'}${v.clear ? '' : ' (interval straddles)'} |`)
    }
  }
} finally {
  await browser.close()
  await h.stop()
  rmSync(stage, { recursive: true, force: true })
}
