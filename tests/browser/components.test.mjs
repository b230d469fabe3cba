// Component tests in Chromium: the client bundle's own modules (the sanitiser, the line diff,
// the draft store, the model reader, the transcript row) built with esbuild and loaded into a
// page served from a loopback origin, with React 18.3.1 from npm. The harness-level behaviour
// is in task-surface.test.mjs; these cover the inputs the harness cannot produce (a meta of
// another version, hostile HTML that the plugin never emits) and the edges of the libraries.
// The pure modules (the Dock editor's state machine, the RPC client against the RPC's one
// declaration, the locale dictionaries against the contract's reasons) are built for node and
// tested here directly.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { launch, openPage } from './support/browser.mjs'
import { serveFiles } from './support/static.mjs'
import { limitsModel } from './support/surfaces.mjs'
import { normalized } from './support/normalized.mjs'
import { typedInputTests } from './components/typed.mjs'
import { decisionTests } from './components/decisions.mjs'
import { interviewTests } from './components/interview.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const repo = join(here, '..', '..')
const readJson = (...path) => JSON.parse(readFileSync(join(...path), 'utf8'))
const files = readdirSync(join(repo, 'examples', 'surfaces')).filter((f) => f.endsWith('.json'))
// Every model here is drawn as the plugin hands it to the browser: normalised, its defaults stated.
const vectorNames = ['typed.json', 'language.json']
const submissionVectors = vectorNames.map((f) => readJson(repo, 'tests', 'conformance', 'submissions', f))
// The shared vectors of which fields a surface shows (the plugin's Model.Shown), every file.
const conditionDir = join(repo, 'tests', 'conformance', 'conditions')
const conditionCases = readdirSync(conditionDir).filter((f) => f.endsWith('.json')).flatMap((f) => readJson(conditionDir, f).cases.map((c) => ({ file: f, ...c })))
const [limits, typedModel, decisionsModel, interviewModel, ...normal] = normalized(limitsModel(), readJson(here, 'components', 'typed-model.json'), readJson(here, 'components', 'decisions-model.json'),
  readJson(here, 'components', 'interview-model.json'),
  ...submissionVectors.map((v) => v.model), ...files.map((f) => readJson(repo, 'examples', 'surfaces', f)), ...conditionCases.map((c) => c.model))
const rest = normal.slice(0, normal.length - conditionCases.length)
const conditionModels = normal.slice(rest.length)
const examples = rest.slice(vectorNames.length).map((model, i) => ({ name: files[i], model }))
/** A vector file of tests/conformance/submissions (typed.json, language.json), its model normalised. */
const submissions = (name) => ({ ...submissionVectors[vectorNames.indexOf(name)], model: rest[vectorNames.indexOf(name)] })
const vectors = readdirSync(join(repo, 'tests', 'conformance', 'markdown')).filter((f) => f.endsWith('.json'))
  .flatMap((f) => JSON.parse(readFileSync(join(repo, 'tests', 'conformance', 'markdown', f), 'utf8')).cases.map((c) => ({ file: f, ...c })))

let browser
let server
let page
let requests

before(async () => {
  const built = await build({
    entryPoints: [join(here, 'components', 'entry.tsx')],
    bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2022', jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"', __BUNDLE_ID__: '"component-test"' },
    loader: { '.css': 'text' }, logLevel: 'warning',
  })
  server = await serveFiles({
    '/': { type: 'text/html; charset=utf-8', body: '<!doctype html><html lang="en"><meta charset="utf-8"><title>components</title><body><div id="app"></div><script src="/entry.js"></script></body></html>' },
    '/entry.js': { type: 'text/javascript; charset=utf-8', body: built.outputFiles[0].text },
  })
  browser = await launch()
  ;({ page, requests } = await openPage(browser))
  await page.goto(server.url, { waitUntil: 'load' })
  await page.waitForFunction(() => typeof window.TS === 'object')
})

after(async () => {
  await browser?.close()
  await server?.close()
})

describe('Markdown defence in depth (sanitizeHtml)', () => {
  test('the plugin\'s output for every conformance vector passes through unchanged', async () => {
    assert.ok(vectors.length > 20, 'the conformance vectors are there')
    const changed = await page.evaluate((cases) => {
      const out = []
      for (const c of cases) {
        const a = document.createElement('div')
        a.innerHTML = c.html
        const b = document.createElement('div')
        b.innerHTML = window.TS.sanitizeHtml(c.html)
        if (!a.isEqualNode(b)) out.push({ name: `${c.file}: ${c.name}`, want: a.innerHTML, got: b.innerHTML })
      }
      return out
    }, vectors)
    assert.deepEqual(changed, [])
  })

  test('HTML the plugin never emits loses every element, attribute and URL outside the allow-list', async () => {
    const canary = 'http://127.0.0.1:9/'
    const hostile = [
      `<script>window.__pwned=1</script><p>after script</p>`,
      `<img src="${canary}a.png" onerror="window.__pwned=2">`,
      `<iframe src="${canary}frame"></iframe><p>after frame</p>`,
      `<svg onload="window.__pwned=3"><circle r="1"/></svg>`,
      `<a href="javascript:window.__pwned=4">js link</a>`,
      `<a href="  JaVaScRiPt:window.__pwned=5">spaced js link</a>`,
      `<a href="java&#x09;script:window.__pwned=6">tab js link</a>`,
      `<a href="data:text/html,<script>1</script>">data link</a>`,
      `<a href="/relative">relative link</a>`,
      `<a href="${canary}ok" onclick="window.__pwned=7" target="_self" rel="opener">good link</a>`,
      `<p style="background:url(${canary}bg.png)" onmouseover="window.__pwned=8">styled</p>`,
      `<style>body{background:url(${canary}style.png)}</style><p>after style</p>`,
      `<link rel="stylesheet" href="${canary}x.css"><meta http-equiv="refresh" content="0;url=${canary}"><base href="${canary}">`,
      `<form action="${canary}"><input name="q" value="x"><button>go</button></form>`,
      `<object data="${canary}o"></object><embed src="${canary}e"><video src="${canary}v.mp4" autoplay></video><audio src="${canary}a.mp3"></audio>`,
      `<picture><source srcset="${canary}s.png"><img src="${canary}p.png"></picture>`,
      `<table background="${canary}t.png"><tr><td background="${canary}td.png">cell</td></tr></table>`,
      `<code class="language-go x" onclick="window.__pwned=9">code</code><code class="language-go">ok</code>`,
      `<input type="text" value="typed"><input type="checkbox" checked>`,
      `<ol start="3" type="a" reversed><li>three</li></ol>`,
      `<details open ontoggle="window.__pwned=10"><summary>more</summary>inside</details>`,
      `<math><mi xlink:href="javascript:window.__pwned=11">m</mi></math><template><img src="${canary}tpl.png"></template>`,
    ].join('\n')
    const result = await page.evaluate((html) => {
      const clean = window.TS.sanitizeHtml(html)
      const box = document.createElement('div')
      box.innerHTML = clean
      document.body.appendChild(box)
      const allowed = new Set(['p', 'br', 'hr', 'blockquote', 'pre', 'code', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'del', 'ul', 'ol', 'li', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'input'])
      const elements = [...box.querySelectorAll('*')]
      const out = {
        clean,
        text: box.textContent,
        badTags: elements.map((e) => e.localName).filter((t) => !allowed.has(t)),
        badAttrs: elements.flatMap((e) => [...e.attributes].map((a) => a.name)).filter((n) => n.startsWith('on') || n === 'style' || n === 'src' || n === 'srcset' || n === 'background'),
        hrefs: [...box.querySelectorAll('a')].map((a) => ({ href: a.getAttribute('href'), rel: a.rel, target: a.target })),
        inputs: [...box.querySelectorAll('input')].map((i) => ({ type: i.type, disabled: i.disabled })),
        classes: [...box.querySelectorAll('code')].map((c) => c.className),
        start: box.querySelector('ol')?.getAttribute('start'),
        olAttrs: [...(box.querySelector('ol')?.attributes ?? [])].map((a) => a.name),
      }
      box.remove()
      return out
    }, hostile)
    assert.deepEqual(result.badTags, [])
    assert.deepEqual(result.badAttrs, [])
    assert.deepEqual(result.hrefs, [{ href: `${canary}ok`, rel: 'noopener noreferrer nofollow', target: '_blank' }])
    assert.deepEqual(result.inputs, [{ type: 'checkbox', disabled: true }], 'only a disabled checkbox survives')
    assert.deepEqual(result.classes, ['', 'language-go'])
    assert.equal(result.start, '3')
    assert.deepEqual(result.olAttrs, ['start'])
    for (const text of ['after script', 'after frame', 'js link', 'spaced js link', 'tab js link', 'data link', 'relative link', 'good link', 'styled', 'after style', 'cell', 'three', 'inside']) {
      assert.ok(result.text.includes(text), `the text "${text}" is kept`)
    }
    assert.ok(!result.text.includes('window.__pwned'), 'no script source is shown as text')
    assert.equal(await page.evaluate(() => window.__pwned), undefined, 'nothing ran')
    assert.deepEqual(requests.filter((r) => r.url.startsWith(canary)), [], 'nothing was requested')
  })

  test('safeHref keeps only absolute http, https and mailto URLs', async () => {
    const got = await page.evaluate(() => ['https://a.example/x?y=1#z', 'http://a.example', 'mailto:a@b.example', 'HTTPS://A.EXAMPLE/', 'ftp://a.example', '//a.example', '/x', 'x', 'javascript:alert(1)', 'https:a.example', ' https://a.example ', 'mailto:'].map((h) => window.TS.safeHref(h)))
    assert.deepEqual(got, ['https://a.example/x?y=1#z', 'http://a.example', 'mailto:a@b.example', 'HTTPS://A.EXAMPLE/', null, null, null, null, null, null, 'https://a.example', 'mailto:'])
  })
})

describe('line diff', () => {
  test('a new file is every line added; a change shows the removed line before the added one', async () => {
    const got = await page.evaluate(() => ({
      created: window.TS.lineDiff(null, 'a\nb\n').map((l) => l.op + l.text),
      changed: window.TS.lineDiff('func f() {\n\treturn code >= 400\n}\n', 'func f() {\n\treturn code == 429 || code >= 500\n}\n').map((l) => `${l.op}${l.oldNo ?? '-'}:${l.newNo ?? '-'} ${l.text}`),
      emptied: window.TS.lineDiff('x\n', '').map((l) => l.op + l.text),
    }))
    assert.deepEqual(got.created, ['+a', '+b'])
    assert.deepEqual(got.changed, [' 1:1 func f() {', '-2:- \treturn code >= 400', '+-:2 \treturn code == 429 || code >= 500', ' 3:3 }'])
    assert.deepEqual(got.emptied, ['-x'])
  })

  test('on random texts the diff rebuilds both sides and keeps a longest common subsequence', async () => {
    const bad = await page.evaluate(() => {
      let seed = 7
      const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n }
      const lcs = (a, b) => {
        const t = Array.from({ length: a.length + 1 }, () => new Array(b.length + 1).fill(0))
        for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) t[i][j] = a[i] === b[j] ? t[i + 1][j + 1] + 1 : Math.max(t[i + 1][j], t[i][j + 1])
        return t[0][0]
      }
      const failures = []
      for (let k = 0; k < 300; k++) {
        const a = Array.from({ length: rand(12) }, () => 'abcd'[rand(4)])
        const b = Array.from({ length: rand(12) }, () => 'abcd'[rand(4)])
        const lines = window.TS.lineDiff(a.length ? a.join('\n') + '\n' : '', b.length ? b.join('\n') + '\n' : '')
        const before = lines.filter((l) => l.op !== '+').map((l) => l.text)
        const after = lines.filter((l) => l.op !== '-').map((l) => l.text)
        const kept = lines.filter((l) => l.op === ' ').length
        if (before.join() !== a.join() || after.join() !== b.join() || kept !== lcs(a, b)) failures.push({ a, b })
      }
      return failures
    })
    assert.deepEqual(bad, [])
  })
})

describe('draft store (one session\'s drafts in dsh\'s per-session store)', () => {
  test('drafts are per surface, bounded per draft, evicted oldest first, and written through to the store', async () => {
    const got = await page.evaluate(() => {
      let clock = 1000
      const writes = []
      const store = window.TS.createDraftStore({ old: { values: { v: 0 }, note: '', savedAt: 1 }, corrupt: '{not json' }, (d) => writes.push(d),
        { maxDraftBytes: 2000, maxTotalBytes: 5000, maxDrafts: 3 }, () => clock++)
      const out = { restored: store.load('old')?.values.v, corrupt: store.load('corrupt'), inherited: store.load('constructor') }
      out.saved = store.save('a', { values: { goal: 'ship it' }, note: 'n', touched: ['goal'], accepted: { submissionId: 'tss_1', messageId: 'm1' } })
      out.own = store.load('a')
      out.written = writes.at(-1).a.values.goal
      out.tooLarge = store.save('a', { values: { goal: 'x'.repeat(3000) }, note: '' })
      out.keptPrevious = store.load('a')?.values.goal
      store.save('b', { values: { v: 1 }, note: '' })
      store.save('c', { values: { v: 2 }, note: '' }) // a fourth draft: the oldest (old) goes
      out.afterCount = Object.keys(writes.at(-1)).sort()
      for (let i = 0; i < 3; i++) store.save(`big${i}`, { values: { t: 'y'.repeat(1500) }, note: '' })
      const last = writes.at(-1)
      out.total = Object.entries(last).reduce((n, [k, d]) => n + new TextEncoder().encode(k + JSON.stringify(d)).length, 0)
      out.count = Object.keys(last).length
      const before = writes.length
      store.clear('big2')
      out.cleared = [store.load('big2') === undefined, 'big2' in writes.at(-1)]
      store.clear('never-there')
      out.noWrite = writes.length === before + 1
      return out
    })
    assert.equal(got.restored, 0, 'what the store held is read back')
    assert.equal(got.corrupt, undefined)
    assert.equal(got.inherited, undefined)
    assert.equal(got.saved, 'saved')
    assert.deepEqual([got.own.values.goal, got.own.touched, got.own.accepted], ['ship it', ['goal'], { submissionId: 'tss_1', messageId: 'm1' }])
    assert.equal(got.written, 'ship it', 'every change is written to the store')
    assert.equal(got.tooLarge, 'too-large')
    assert.equal(got.keptPrevious, 'ship it', 'an oversized draft does not replace the last one that fit')
    assert.deepEqual(got.afterCount, ['a', 'b', 'c'])
    assert.ok(got.total <= 5000, `total ${got.total} bytes within the cap`)
    assert.ok(got.count <= 3)
    assert.deepEqual(got.cleared, [true, false])
    assert.equal(got.noWrite, true, 'clearing what is not there writes nothing')
  })

  test('drafts an older version kept under keys of their own (one per session and surface) are removed', async () => {
    const got = await page.evaluate(() => {
      localStorage.clear()
      localStorage.setItem(window.TS.LEGACY_PREFIX + 's1:tsf_1', JSON.stringify({ values: { goal: 'old' }, note: '', savedAt: 5 }))
      localStorage.setItem('dsh-task-surface.drafts.s1', '{"drafts":{}}')
      window.TS.dropLegacyDrafts()
      const left = Object.keys(localStorage).sort()
      localStorage.clear()
      return left
    })
    assert.deepEqual(got, ['dsh-task-surface.drafts.s1'])
  })
})

describe('model and values', () => {
  test('every example and the limits model read, as version 1 or 2; unknown versions and union arms do not', async () => {
    const models = [...examples.map((e) => e.model), limits]
    const got = await page.evaluate((models) => {
      const ok = models.map((m) => window.TS.readModel(m) !== null && window.TS.readModel({ ...m, version: 2 }) !== null)
      const base = models[0]
      const variants = {
        version3: { ...base, version: 3 },
        unknownBlock: { ...base, sections: [{ id: 's', blocks: [{ kind: 'chart', data: [] }] }] },
        unknownField: { ...base, fields: [{ kind: 'color', id: 'd', label: 'Colour' }] },
        unknownTone: { ...base, sections: [{ id: 's', blocks: [{ kind: 'notice', tone: 'danger', text: 'x' }] }] },
        badLayout: { ...base, sections: [{ id: 's', layout: { kind: 'grid', columns: 4 }, blocks: [{ kind: 'markdown', text: 'x' }] }] },
      }
      return { ok, variants: Object.fromEntries(Object.entries(variants).map(([k, m]) => [k, window.TS.readModel(m) === null])) }
    }, models)
    assert.deepEqual(got.ok, models.map(() => true))
    assert.deepEqual(got.variants, { version3: true, unknownBlock: true, unknownField: true, unknownTone: true, badLayout: true })
  })

  test('a restored draft is repaired against the model; "required" is the plugin\'s to say; answers over the size limit are not sent', async () => {
    const model = examples.find((e) => e.name === 'requirement-intake.json').model
    const got = await page.evaluate((model) => {
      const merged = window.TS.mergeDraft(model, { goal: 'CSV for finance', formats: ['json', 'gone', 'csv'], who: 'admins', deadline: 7, async: true, unknown: 'x' })
      const own = window.TS.fieldProblems(model, window.TS.initialValues(model))
      const large = window.TS.sizeProblems({ ...window.TS.initialValues(model), goal: 'x'.repeat(40000) }, '')
      const grouped = window.TS.problemsByField(model, [{ code: 'c', message: 'm', pointer: '/formats/1' }, { code: 'd', message: 'm', pointer: '' }, { code: 'e', message: 'm', pointer: '/note' }])
      return { merged, own, large: large.map((p) => `${p.code} ${JSON.stringify(p.params)}`), grouped: [...grouped.keys()] }
    }, model)
    assert.deepEqual(got.merged, { goal: 'CSV for finance', formats: ['csv'], who: [], deadline: '', async: true })
    assert.deepEqual(got.own, [], 'an empty required text is nothing the browser says itself')
    assert.deepEqual(got.large, ['limit-exceeded {"limit":"32 KiB"}'])
    assert.deepEqual(got.grouped, ['formats', '', '/note'])
  })
})

describe('transcript row', () => {
  const model = examples.find((e) => e.name === 'compare-options.json').model
  const meta = { kind: 'dsh/task-surface', version: 1, surfaceId: 'tsf_1', model, markdown: { '/sections/1/blocks/1': '<p>see the <a href="https://example.com/bench" rel="noopener noreferrer nofollow" target="_blank">benchmark notes</a>.</p>\n' } }
  const node = (over) => ({ kind: 'tool-result', callId: 'call_1', call: { name: 'show_task_surface', argsRaw: '{}' }, content: [{ type: 'text', text: 'Opened Task Surface "Pick a cache" (tsf_1).' }], isError: false, meta, ...over })
  const submitted = { active: null, outcomes: [{ callId: 'call_1', surfaceId: 'tsf_1', outcome: 'submitted', seq: 9, messageId: 'tsm_1', submissionId: 'tss_1' }] }
  /** The user message that submitted the answers, as the conversation holds it (seq 9). */
  const message = (values, over = {}) => ({ kind: 'user', seq: 9, time: 1, content: [{ type: 'text', text: 'Cache to use: Ristretto' }],
    source: { kind: 'user', rpcId: 'r1', taskSurface: { version: 1, submissionId: 'tss_1', callId: 'call_1', surfaceId: 'tsf_1', values, ...over } } })
  const sent = [{ kind: 'user', seq: 2, source: { kind: 'user' } }, message({ cache: 'ristretto', constraints: 'under 512 MiB' })]

  async function row(block, projection, expand = false, nodes = sent) {
    return page.evaluate(async (block, projection, expand, nodes) => {
      window.TS.installStyles('component-test')
      const app = document.getElementById('app')
      window.TS.renderRow(block, projection, app, nodes)
      if (expand) app.querySelector('button[aria-expanded]')?.click()
      await new Promise((r) => requestAnimationFrame(() => r()))
      return {
        status: app.querySelector('[data-task-surface-row]')?.getAttribute('data-status') ?? null,
        fallback: app.querySelector('[data-task-surface-fallback]') !== null,
        text: app.innerText,
        inputs: app.querySelectorAll('input, textarea, select, [contenteditable]').length,
        answers: [...app.querySelectorAll('.tsf-answer')].map((a) => a.innerText.replace(/\s+/g, ' ').trim()),
        notLoaded: app.querySelector('[data-not-loaded]')?.textContent ?? null,
      }
    }, block, projection, expand, nodes)
  }

  test('a submitted surface shows its summary, and its replay shows the answers of the message that submitted them, by label, read-only', async () => {
    const r = await row(node({}), submitted, true)
    assert.equal(r.status, 'submitted')
    assert.match(r.text, /Pick a cache for the session store/)
    assert.match(r.text, /2 fields/)
    assert.deepEqual(r.answers, ['Cache to use Ristretto', 'Anything I should keep in mind? under 512 MiB'])
    assert.equal(r.notLoaded, null)
    assert.equal(r.inputs, 0, 'the row is never an editor')
  })

  test('with the message that submitted the answers not loaded, or naming another surface, the row says so and shows no answers', async () => {
    for (const [name, nodes] of Object.entries({
      'not loaded': [{ kind: 'user', seq: 2, source: { kind: 'user' } }],
      'another surface': [message({ cache: 'valkey' }, { surfaceId: 'tsf_2' })],
      'another version': [message({ cache: 'valkey' }, { version: 2 })],
    })) {
      const r = await row(node({}), submitted, true, nodes)
      assert.deepEqual([r.status, r.answers, r.notLoaded], ['submitted', [], 'The message with these answers is not loaded here.'], name)
    }
    const steering = await row(node({}), submitted, true, [{ ...message({ cache: 'ristretto' }), kind: 'steering', messageId: 'tsm_1' }])
    assert.deepEqual(steering.answers, ['Cache to use Ristretto', 'Anything I should keep in mind? no answer'], 'a message admitted during a turn carries them too')
  })

  test('a grid follows the width of its panel, not of the window', async () => {
    await row(node({}), submitted, true)
    const tracks = await page.evaluate(async () => {
      const app = document.getElementById('app')
      const out = {}
      for (const width of [900, 520, 380]) {
        app.style.width = `${width}px`
        await new Promise((r) => requestAnimationFrame(() => r()))
        out[width] = getComputedStyle(app.querySelector('.tsf-grid')).gridTemplateColumns.split(' ').length
      }
      app.style.width = ''
      return { ...out, window: window.innerWidth }
    })
    assert.deepEqual(tracks, { 900: 3, 520: 2, 380: 1, window: tracks.window })
    assert.ok(tracks.window >= 900, 'the window stays wide')
  })

  test('open, dismissed, bypassed and replaced read as such', async () => {
    assert.equal((await row(node({}), { active: { callId: 'call_1', surfaceId: 'tsf_1' }, outcomes: [] })).status, 'open')
    for (const outcome of ['dismissed', 'bypassed', 'replaced']) {
      const r = await row(node({}), { active: null, outcomes: [{ callId: 'call_1', surfaceId: 'tsf_1', outcome, seq: 3 }] })
      assert.equal(r.status, outcome)
    }
  })

  test('an unknown meta version, a malformed meta, an unknown block kind, an unknown outcome or an error result show the plain result', async () => {
    const cases = {
      version2: node({ meta: { ...meta, version: 2 } }),
      noMeta: node({ meta: undefined }),
      malformed: node({ meta: { ...meta, model: 'not a model' } }),
      unknownBlock: node({ meta: { ...meta, model: { ...model, sections: [{ id: 'x', blocks: [{ kind: 'chart' }] }] } } }),
      error: node({ isError: true, meta: undefined, content: [{ type: 'text', text: 'show_task_surface: a Task Surface is already open' }] }),
    }
    for (const [name, block] of Object.entries(cases)) {
      const r = await row(block, submitted)
      assert.equal(r.fallback, true, `${name} falls back`)
      assert.equal(r.status, null, `${name} shows no panel`)
      assert.match(r.text, name === 'error' ? /already open/ : /Opened Task Surface/, `${name} shows the ordinary content`)
    }
    const unknownOutcome = await row(node({}), { active: null, outcomes: [{ callId: 'call_1', surfaceId: 'tsf_1', outcome: 'archived', seq: 3 }] })
    assert.equal(unknownOutcome.fallback, true)
  })
})

typedInputTests(() => page, typedModel, submissions)
decisionTests(() => page, decisionsModel, submissions)
interviewTests(() => page, interviewModel, repo)

describe('pure modules', () => {
  let L
  before(async () => {
    const built = await build({
      entryPoints: [join(here, 'components', 'logic.ts')],
      bundle: true, write: false, format: 'esm', platform: 'node', target: 'es2022', logLevel: 'warning', define: { 'process.env.NODE_ENV': '"production"' },
    })
    L = await import(`data:text/javascript;base64,${Buffer.from(built.outputFiles[0].text).toString('base64')}`)
  })

  const intake = examples.find((e) => e.name === 'requirement-intake.json').model
  /** What the first read of the intake surface brings, with `draft`. */
  const firstRead = (draft) => {
    const model = L.readModel(intake)
    return { callId: 'call_1', model, markdown: {}, draft, start: L.initialValues(model), values: L.mergeDraft(model, draft?.values) }
  }
  const opened = (draft) => L.readOpen(L.initialEditorState, null, firstRead(draft))
  const edited = () => L.edited(opened(), 'goal', 'CSV for finance')

  describe('Dock editor state machine', () => {
    test('the first read fills the values and restores a draft; later reads keep what the user typed', () => {
      const s = opened({ values: { goal: 'from the draft', formats: ['gone'] }, note: 'a note', savedAt: 1 })
      assert.equal(s.load.status, 'ready')
      assert.deepEqual(s.values, { goal: 'from the draft', formats: ['csv'], who: [], deadline: '', async: null })
      assert.deepEqual([s.note, s.noteOpen, s.message?.key], ['a note', true, 'status.draftRestored'])
      const again = L.readOpen(L.edited(s, 'goal', 'typed'), null, { callId: 'call_1', model: L.readModel(intake), markdown: {}, draft: undefined, start: {}, values: {} })
      assert.equal(again.values.goal, 'typed')
      assert.equal(again.dirty, true, 'a change marks the draft for writing')
      assert.equal(L.readFailed(again).load.status, 'ready', 'a failed re-read changes nothing')
      assert.equal(L.readFailed(L.initialEditorState).load.status, 'error', 'a failed first read shows the retry')
      assert.deepEqual(L.readFailed(L.initialEditorState, 'unavailable').load, { status: 'error', why: 'unavailable' }, 'and says why')
    })

    test('an accepted submission locks every control, keeps the sending look while it settles, then moves focus to the status line', () => {
      const sent = L.submitSent(edited(), 'tss_1')
      assert.deepEqual([sent.busy, L.canSubmit(sent), L.canDismiss(sent), L.sending(sent), sent.focus], ['submit', false, false, true, { to: 'submit' }], 'a second click is ignored; focus on Submit (Ctrl+Enter sends from a field the sending look disables)')
      const accepted = L.submitAnswered(sent, 'tss_1', { accepted: true, messageId: 'm1', phase: L.Phase.Queued })
      assert.deepEqual(accepted.pending, { submissionId: 'tss_1', messageId: 'm1', phase: 'queued' })
      assert.deepEqual([accepted.busy, L.isLocked(accepted), L.sending(accepted), accepted.focus], [null, true, true, sent.focus], 'settling: still "Sending…", focus not moved')
      const queued = L.settled(accepted)
      assert.deepEqual([queued.settling, L.isLocked(queued), L.sending(queued), queued.focus], [false, true, false, { to: 'status' }])
      assert.equal(L.settled(queued), queued, 'settling ends once')
      const gone = L.settled(L.readOpen(accepted, null))
      assert.deepEqual([gone.pending, L.sending(gone), gone.focus], [null, false, sent.focus], 'a read that finds it gone while settling: no focus to a status that says nothing')
      const claiming = L.readOpen(queued, { submissionId: 'tss_1', messageId: 'm1', phase: L.Phase.Claiming })
      assert.deepEqual([claiming.pending.phase, L.isLocked(claiming)], ['claiming', true])
      const discarded = L.readOpen(claiming, null)
      assert.deepEqual([discarded.pending, discarded.submissionId, discarded.message?.key, L.isLocked(discarded)], [null, null, 'status.discarded', false])
      assert.equal(discarded.values.goal, 'CSV for finance', 'a discarded answer stays editable')
    })

    test('a lost answer keeps the id for the retry, and a read that finds it pending clears the error', () => {
      const lost = L.submitLost(L.submitSent(edited(), 'tss_1'), 'tss_1')
      assert.deepEqual([lost.submissionId, lost.message?.key, lost.busy], ['tss_1', 'error.transport', null])
      assert.equal(L.submitSent(lost, lost.submissionId).submissionId, 'tss_1', 'the retry reuses the id')
      const found = L.readOpen(lost, { submissionId: 'tss_1', messageId: 'm1', phase: 'queued' })
      assert.deepEqual([found.message, found.submissionId], [null, 'tss_1'])
      const adoptedFirst = L.submitLost(L.readOpen(L.submitSent(edited(), 'tss_1'), { submissionId: 'tss_1', messageId: 'm1', phase: 'queued' }), 'tss_1')
      assert.equal(adoptedFirst.message, null, 'nothing to say when a read already found the attempt')
    })

    test('a rejection ends the attempt, keeps the values and points at the first field with a problem', () => {
      const problems = [{ code: 'not-an-option', message: 'm', pointer: '/formats/1' }, { code: 'too-long', message: 'm', pointer: '/goal' }]
      const r = L.submitAnswered(L.submitSent(edited(), 'tss_1'), 'tss_1', { accepted: false, reason: L.Reason.InvalidSubmission, problems })
      assert.deepEqual([r.submissionId, r.values.goal, r.message?.key, r.problems, r.focus], [null, 'CSV for finance', 'error.invalid-submission', problems, { to: 'field', fieldId: 'goal' }])
      assert.equal(L.rereadAfterRefusal(L.Reason.InvalidSubmission, problems), false)
      const fixed = L.edited(r, 'goal', 'shorter')
      assert.deepEqual(fixed.problems, [problems[0]], 'editing a field drops only its own problems')
      const general = L.withProblems(edited(), [{ code: 'limit-exceeded', message: '', pointer: '' }])
      assert.deepEqual(general.focus, { to: 'alert' })
    })

    test('refusals say why at once: another answer first or a dismissal first keep the answers as a draft, known reasons have their own message, others name the reason', () => {
      const sent = L.submitSent(edited(), 'tss_1')
      const pending = L.submitAnswered(sent, 'tss_1', { accepted: false, reason: L.Reason.SubmissionPending, problems: [] })
      assert.deepEqual([pending.submissionId, pending.overtaken, pending.message?.key, L.isLocked(pending), pending.values.goal],
        [null, true, 'status.overtaken', true, 'CSV for finance'], 'not sent: said the first time, Submit locked, answers kept')
      const dismissed = L.submitAnswered(sent, 'tss_1', { accepted: false, reason: L.Reason.Dismissed, problems: [] })
      assert.deepEqual([dismissed.submissionId, dismissed.overtaken, dismissed.message?.key, L.keepsOnClose(dismissed)],
        [null, true, 'status.dismissedElsewhere', true])
      const stale = L.submitAnswered(sent, 'tss_1', { accepted: false, reason: L.Reason.Stale, problems: [] })
      assert.deepEqual([stale.submissionId, stale.message], [null, { key: 'error.stale', params: { reason: 'stale' }, tone: 'error' }])
      const because = [{ code: 'admission-refused', message: 'the queue is full', pointer: '' }]
      const admission = L.submitAnswered(sent, 'tss_1', { accepted: false, reason: L.Reason.AdmissionRefused, problems: because })
      assert.deepEqual([admission.message, admission.problems], [{ key: 'error.admission-refused', params: { reason: 'admission-refused' }, tone: 'error' }, because],
        'the sentence, with the harness\'s own words under it')
      assert.equal(admission.values.goal, 'CSV for finance')
      const newer = L.submitAnswered(sent, 'tss_1', { accepted: false, reason: 'a-reason-from-a-newer-host', problems: [] })
      assert.equal(newer.message?.key, 'error.other')
    })

    test('dismiss reuses its id while a submission is pending, drops it otherwise, and closes on success', () => {
      const sent = L.dismissSent(edited(), 'tsd_1')
      assert.deepEqual([sent.busy, L.canSubmit(sent), L.canDismiss(sent)], ['dismiss', false, false])
      const held = L.dismissAnswered(sent, { dismissed: false, reason: L.Reason.SubmissionPending })
      assert.deepEqual([held.dismissalId, held.message?.key], ['tsd_1', 'error.submission-pending'])
      const stale = L.dismissAnswered(sent, { dismissed: false, reason: L.Reason.Stale })
      assert.deepEqual([stale.dismissalId, stale.message?.key], [null, 'error.stale'])
      assert.equal(L.dismissAnswered(sent, { dismissed: false, reason: L.Reason.NotRecorded }).message?.key, 'error.not-open')
      assert.equal(L.dismissAnswered(sent, { dismissed: false, reason: L.Reason.Submitted }).message?.key, 'error.submitted', 'answered first: said so')
      assert.deepEqual([L.dismissLost(sent).dismissalId, L.dismissLost(sent).message?.key], ['tsd_1', 'error.transport'])
      const closing = L.dismissAnswered(sent, { dismissed: true, eventSeq: 4 })
      assert.deepEqual([closing.closing, L.isLocked(closing), closing.focus], [true, true, { to: 'composer' }])
    })

    test('progress counts what the user set, with a value the plugin\'s check does not call unanswered; unknown until it answered', () => {
      /** The state once the plugin's check of its values answered that `none` are unanswered. */
      const judged = (s, none) => L.checked(s, s.values, [], none)
      const fresh = opened()
      assert.equal(L.progressOf(fresh), null, 'nothing said before the plugin judged the answers')
      assert.deepEqual(L.progressOf(judged(fresh, ['goal', 'who', 'deadline'])), { answered: 0, count: 5, left: ['goal'] },
        'formats starts as [csv] and async as off: nobody answered them; the required goal is left')
      const flipped = L.edited(L.edited(fresh, 'async', true), 'async', false)
      assert.deepEqual([flipped.touched, L.progressOf(judged(flipped, ['goal', 'who', 'deadline'])).answered], [['async'], 1], 'flipped and back: the user answered it')
      const emptied = L.edited(flipped, 'goal', '   ')
      assert.deepEqual(L.progressOf(judged(emptied, ['goal', 'who', 'deadline'])), { answered: 1, count: 5, left: ['goal'] }, 'touched but no answer, as the plugin says')
      assert.deepEqual(L.progressOf(L.checked(L.edited(judged(emptied, ['goal']), 'goal', 'x'), emptied.values, [], [])), { answered: 1, count: 5, left: ['goal'] },
        'an answer for values changed since is dropped')
      const restored = opened({ values: { goal: 'from the draft' }, note: '', savedAt: 1, touched: ['goal', 'async'] })
      assert.deepEqual([restored.touched, L.progressOf(judged(restored, ['who', 'deadline'])).answered], [['goal', 'async'], 2], 'the draft keeps what the user set')
      const older = opened({ values: { goal: 'from an older draft' }, note: '', savedAt: 1 })
      assert.deepEqual(older.touched, ['goal'], 'a draft without the list: the values that differ from the start')
    })

    test('the plugin\'s check shows its problems at the fields the user set, never "required", and only for the answers it judged', () => {
      const s = L.edited(opened(), 'deadline', 'someday')
      const problems = [
        { code: 'invalid-value', message: 'Use a date such as 2026-12-01.', pointer: '/values/deadline' },
        { code: 'required', message: 'required', pointer: '/values/goal' },
        { code: 'too-few', message: 'Choose at least 1.', pointer: '/values/who' },
      ]
      const c = L.checked(s, s.values, problems, ['goal', 'who'])
      assert.deepEqual([c.live, c.unanswered], [[problems[0]], ['goal', 'who']])
      assert.equal(L.checked(L.edited(s, 'deadline', 'later'), s.values, problems, []).live.length, 0, 'an answer for values changed since is dropped')
      assert.deepEqual(L.submitSent(c, 'tss_1').live, [], 'a Submit asks the plugin itself')
    })

    test('Dismiss with answers of the user\'s own asks first; Escape answers "no", or collapses; it never dismisses', () => {
      const asked = L.dismissAsked(edited())
      assert.deepEqual([asked.confirming, L.canSubmit(asked), L.canDismiss(asked), asked.focus], [true, false, true, { to: 'keep' }], 'Submit waits; the question can be answered')
      const kept = L.dismissCancelled(asked)
      assert.deepEqual([kept.confirming, L.canSubmit(kept), kept.focus, kept.values.goal], [false, true, { to: 'dismiss' }, 'CSV for finance'])
      assert.deepEqual([!!L.escaped(asked).confirming, !!L.escaped(asked).collapsed], [false, false], 'Escape while asked: keep answering')
      const collapsed = L.escaped(edited())
      assert.deepEqual([collapsed.collapsed, collapsed.focus, !!collapsed.closing, collapsed.busy], [true, { to: 'toggle' }, false, null])
      assert.equal(!!L.dismissSent(asked, 'tsd_1').confirming, false)
    })

    test('an accepted answer a restarted harness lost: also after a reload, the answers come back editable with a notice, and nothing is sent', () => {
      const accepted = L.submitAnswered(L.submitSent(edited(), 'tss_1'), 'tss_1', { accepted: true, messageId: 'tsm_1', phase: L.Phase.Queued })
      assert.deepEqual(accepted.accepted, { submissionId: 'tss_1', messageId: 'tsm_1' }, 'remembered for the draft')
      const reloaded = opened({ values: { goal: 'CSV for finance' }, note: '', savedAt: 1, touched: ['goal'], accepted: accepted.accepted })
      assert.deepEqual([reloaded.message, reloaded.values.goal, L.canSubmit(reloaded), reloaded.submissionId, reloaded.busy],
        [{ key: 'status.notDelivered', tone: 'notice' }, 'CSV for finance', true, null, null])
      const stillQueued = L.readOpen(L.initialEditorState, { submissionId: 'tss_1', messageId: 'tsm_1', phase: 'queued' },
        firstRead({ values: { goal: 'x' }, note: '', savedAt: 1, accepted: accepted.accepted }))
      assert.deepEqual([stillQueued.pending?.submissionId, stillQueued.message?.key], ['tss_1', 'status.draftRestored'], 'still queued: adopted, no notice')
      const live = L.readOpen(L.readFailed(L.readOpen(accepted, { submissionId: 'tss_1', messageId: 'tsm_1', phase: 'queued' })), null)
      assert.deepEqual([live.message, L.isLocked(live)], [{ key: 'status.notDelivered', tone: 'notice' }, false], 'the page that stayed open says the same')
    })

    test('the new refusals: moved on keeps the answers to copy, an id used for other answers takes a new one, a malformed request is said; "committed" is delivered', () => {
      const sent = L.submitSent(edited(), 'tss_1')
      const moved = L.submitAnswered(sent, 'tss_1', { accepted: false, reason: L.Reason.MovedOn, problems: [] })
      assert.deepEqual([moved.overtaken, moved.movedOn, moved.message.key, L.isLocked(moved), L.keepsOnClose(moved), moved.values.goal],
        [true, true, 'status.movedOn', true, true, 'CSV for finance'])
      assert.equal(L.readOpen(moved, null).overtaken, true, 'read open again before the message closes it: still a draft to copy')
      assert.equal(L.readClosed(moved).message.key, 'status.movedOn', 'closed by that message: the sentence stays')
      const reused = L.submitAnswered(sent, 'tss_1', { accepted: false, reason: L.Reason.SubmissionIDReused, problems: [] })
      assert.deepEqual([reused.reissue, reused.submissionId, reused.message.key, L.canSubmit(reused)], [true, 'tss_1', 'error.submission-id-reused', true])
      const found = L.readOpen(reused, { submissionId: 'tss_1', messageId: 'm', phase: 'queued' })
      assert.deepEqual([found.overtaken, found.pending?.submissionId, !!found.reissue], [false, 'tss_1', false], 'its own earlier attempt, found pending: adopted')
      const malformed = L.submitAnswered(sent, 'tss_1', { accepted: false, reason: L.Reason.InvalidRequest, problems: [{ code: 'wrong-type', message: 'values must be an object', pointer: '/values' }] })
      assert.deepEqual([malformed.message.key, malformed.problems.map((p) => p.pointer), malformed.submissionId], ['error.invalid-request', [''], null])
      const delivered = L.submitAnswered(sent, 'tss_1', { accepted: true, messageId: 'tsm_1', phase: L.Phase.Committed })
      assert.deepEqual([L.delivered(delivered), L.isLocked(delivered)], [true, true])
    })

    test('only what the browser must check itself, with the contract\'s codes: not a number, not a date, over its length', () => {
      const model = L.readModel({ version: 1, title: 't', sections: [], submit: { label: 'Send' }, fields: [
        { kind: 'number', id: 'n', label: 'N', min: 100, max: 200, step: 50, integer: true },
        { kind: 'date', id: 'd', label: 'D', min: '2026-12-01', max: '2026-12-31' },
        { kind: 'text', id: 't', label: 'T', minLength: 5, maxLength: 12 },
      ] })
      const codes = (values) => L.fieldProblems(model, values).map((p) => `${p.code} ${p.pointer}`)
      assert.deepEqual(codes({ n: NaN, d: NaN, t: 'CHG-1234567890' }), ['wrong-type /n', 'invalid-value /d', 'too-long /t'])
      assert.deepEqual(codes({ n: 125, d: '2027-01-15', t: 'CHG' }), [], 'off the step, out of the window, short: the plugin\'s to judge')
      const contract = new Set(Object.values(L.Code))
      assert.deepEqual(['wrong-type', 'invalid-value', 'too-long'].filter((c) => !contract.has(c)), [], 'every code is the contract\'s')
    })
  })

  describe('locales', () => {
    test('every reason the Dock can show, and every other message it sets, has an English and a Chinese text', () => {
      const keys = new Set(Object.values(L.MESSAGES))
      for (const reason of [...Object.values(L.Reason), 'a-reason-from-a-newer-host']) {
        keys.add(L.submitRefusalKey(reason))
        keys.add(L.dismissRefusalKey(reason))
      }
      assert.ok(keys.has('error.other') && keys.has('error.submission-pending'))
      assert.deepEqual([...keys].filter((k) => !(k in L.en) || !(k in L.zh)), [])
    })

    test('the two dictionaries have the same keys and the same placeholders', () => {
      assert.deepEqual(Object.keys(L.zh).sort(), Object.keys(L.en).sort())
      const holes = (t) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
      assert.deepEqual(Object.keys(L.en).filter((k) => holes(L.en[k]).join() !== holes(L.zh[k]).join()), [])
    })
  })

  describe('conditions (when): the twin of the plugin\'s Model.Shown', () => {
    test('every shared vector: the fields shown for a model and a draft\'s values, a field left out taking its initial value', () => {
      assert.ok(conditionCases.length >= 10, 'the vectors are there')
      const wrong = conditionCases.flatMap((c, i) => {
        const model = L.readModel(conditionModels[i])
        if (model === null) return [{ name: `${c.file}: ${c.name}`, got: 'the model does not read' }]
        const shown = [...L.shownIds(model, { ...L.initialValues(model), ...c.values })]
        return shown.join() === c.shown.join() ? [] : [{ name: `${c.file}: ${c.name}`, want: c.shown, got: shown }]
      })
      assert.deepEqual(wrong, [])
    })

    test('a hidden field keeps its value in the draft, is not sent, and counts nowhere in the progress', () => {
      const model = L.readModel(interviewModel)
      const start = L.initialValues(model)
      let s = L.readOpen(L.initialEditorState, null, { callId: 'call_1', model, markdown: {}, draft: undefined, start, values: start })
      s = L.edited(L.edited(s, 'deploy', 'canary'), 'pct', 10)
      const judged = (s) => L.progressOf(L.checked(s, s.values, [], ['start', 'end', 'effort']))
      assert.deepEqual(judged(s), { answered: 2, count: 6, left: ['effort'] })
      s = L.edited(s, 'deploy', 'full')
      assert.deepEqual([s.values.pct, judged(s)], [10, { answered: 1, count: 5, left: ['effort'] }], 'the percent hides: kept, not counted')
      assert.deepEqual(Object.keys(L.shownValues(model, s.values)), ['deploy', 'start', 'end', 'rollback', 'effort'], 'and not sent')
      assert.deepEqual(L.fieldProblems(model, L.shownValues(model, { ...s.values, pct: NaN })), [], 'nor checked')
    })
  })

  describe('RPC client against the declaration', () => {
    /** A connection that records each call and answers with `value` wrapped as dsh does. */
    function fakeConnection(value) {
      const calls = []
      return { calls, rpc: { call: async (channel, endpoint, payload) => { calls.push({ channel, endpoint, payload }); return { ok: true, value } } } }
    }
    /** Wraps an object so that every key read from it is recorded (but `then`: an async
     * function's return probes every value for it). */
    function watched(obj, reads) {
      return new Proxy(obj, { get: (t, k) => { if (typeof k === 'string' && k !== 'then') reads.add(k); return t[k] } })
    }
    const sample = { sessionId: 'sess_1', surfaceId: 'tsf_1', known: 'tsf_1', submissionId: 'tss_1', dismissalId: 'tsd_1', values: { goal: 'x' }, note: 'n', locale: 'zh' }
    const invoke = (api, method, req) => method === 'getActive' ? api.getActive(req.sessionId, req.surfaceId, req.known) : api[method]({ ...req })

    test('each method goes to its declared endpoint with exactly its declared arguments', async () => {
      const api = L.createApi(fakeConnection({}))
      assert.deepEqual(L.RPC_METHODS.filter((m) => typeof api[m.name] !== 'function').map((m) => m.name), [], 'the client has a method for each declared one')
      for (const m of L.RPC_METHODS) {
        const names = m.args.map((a) => a.replace(/\?$/, ''))
        const conn = fakeConnection({ [Object.keys(m.answers[0].when)[0]]: 'neither' })
        await assert.rejects(invoke(L.createApi(conn), m.name, sample), L.TransportError)
        assert.deepEqual(conn.calls.map((c) => [c.channel, c.endpoint]), [['/api', `${L.RPC_NAMESPACE}/${m.name}`]])
        assert.deepEqual(conn.calls[0].payload, { args: Object.fromEntries(names.map((n) => [n, sample[n]])) }, `${m.name} sends its declared arguments`)
        const required = m.args.filter((a) => !a.endsWith('?'))
        if (required.length < m.args.length) {
          const without = Object.fromEntries(Object.entries(sample).filter(([k]) => required.includes(k)))
          const conn2 = fakeConnection({})
          await assert.rejects(invoke(L.createApi(conn2), m.name, without))
          assert.deepEqual(Object.keys(conn2.calls[0].payload.args), required, `${m.name} leaves out absent optional arguments`)
        }
      }
    })

    test('the Dock\'s api asks check and submit for its locale, and nothing else for it', async () => {
      const conn = fakeConnection({})
      const api = L.inLocale(L.createApi(conn), 'zh')
      const { locale: _, ...req } = sample
      for (const m of ['check', 'submit', 'dismiss']) await assert.rejects(api[m]({ ...req }))
      await assert.rejects(api.getActive(req.sessionId, req.surfaceId))
      assert.deepEqual(conn.calls.map((c) => [c.endpoint.split('/')[1], c.payload.args.locale]),
        [['check', 'zh'], ['submit', 'zh'], ['dismiss', undefined], ['getActive', undefined]])
    })

    test('each arm of each answer is read by its declared keys, pending submissions and problems too', async () => {
      const values = { callId: 'call_1', surfaceId: 'tsf_1', model: {}, markdown: {}, reason: 'stale', messageId: 'm1', phase: 'claiming', eventSeq: 3, code: 'c', message: 'm', pointer: '/goal', submissionId: 'tss_1', unanswered: ['goal'] }
      for (const m of L.RPC_METHODS) {
        for (const arm of m.answers) {
          const reads = new Set()
          const pendingReads = new Set()
          const problemReads = new Set()
          const answer = { ...arm.when }
          for (const k of arm.keys) answer[k] = values[k]
          if ('pending' in answer) answer.pending = watched(Object.fromEntries(L.RPC_PENDING_KEYS.map((k) => [k, values[k]])), pendingReads)
          if ('problems' in answer) answer.problems = [watched(Object.fromEntries(L.RPC_PROBLEM_KEYS.map((k) => [k, values[k]])), problemReads)]
          const got = await invoke(L.createApi(fakeConnection(watched(answer, reads))), m.name, sample)
          const label = `${m.name} ${JSON.stringify(arm.when)}`
          assert.deepEqual([...reads].sort(), [...Object.keys(arm.when), ...arm.keys].sort(), `${label} reads exactly its declared keys`)
          for (const k of arm.keys) if (k !== 'pending' && k !== 'problems' && k !== 'model' && k !== 'markdown') assert.deepEqual(got[k], values[k], `${label} returns ${k}`)
          if ('pending' in answer) {
            assert.deepEqual([...pendingReads].sort(), [...L.RPC_PENDING_KEYS].sort())
            assert.deepEqual(got.pending, { submissionId: 'tss_1', messageId: 'm1', phase: 'claiming' })
          }
          if ('problems' in answer) {
            assert.deepEqual([...problemReads].sort(), [...L.RPC_PROBLEM_KEYS].sort())
            assert.deepEqual(got.problems, [{ code: 'c', message: 'm', pointer: '/goal' }])
          }
        }
      }
    })
  })
})
