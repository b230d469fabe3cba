// Builds src/ into dist/client.js in the dsh Loader factory format:
//
//   window.__ModuleLoader__.load({ id: "<bundle package name>", factory: (require) => { ... } })
//
// The id is the bundle's package name, read from the repository's root package.json (the
// package `dsh plugin add` installs). The factory may require only what the page provides;
// anything else is bundled, and the build fails if a require outside that list survives.
// The output is deterministic: the same sources and the same pinned esbuild give the same bytes.
// It ships minified: a third fewer bytes for the page to load and parse (bench/size.bench.mjs).
//
//   node build.mjs                      write dist/client.js
//   node build.mjs --stdout             print it instead
//   node build.mjs --readable <file>    also write an unminified build of the same sources, to read
import { build, transform } from 'esbuild'
import uglify from 'uglify-js'
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { readFile, readdir } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))

/** Modules the page's Loader resolves for a client bundle (dsh rc.8 PLATFORM_MODULES + preloaded). */
export const PAGE_MODULES = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  '@deepseek-ai/cordis',
  '@deepseek-ai/dsh-client-ui-slots',
  '@deepseek-ai/dsh-client-ui-primitives',
  '@deepseek-ai/dsh-client-runtime/client',
]

/** The bundle id: the name in the root package.json. */
export function bundleId() {
  const file = join(here, '..', 'package.json')
  let pkg
  try {
    pkg = JSON.parse(readFileSync(file, 'utf8'))
  } catch (err) {
    throw new Error(`build: cannot read the bundle's package.json (${err.code ?? err.message}); the client id is its "name"`)
  }
  if (typeof pkg.name !== 'string' || pkg.name === '') throw new Error('build: the root package.json has no "name"')
  return pkg.name
}

/**
 * Shortens the stylesheet's own custom properties (--tsf-*: private to it, never read from
 * JavaScript) to --t0, --t1, ... in a fixed order, as CSS modules shorten class names. It runs
 * over the whole bundle, so that the stylesheets of all folders share one naming.
 */
export function shortenCustomProperties(css) {
  const counts = new Map()
  for (const [name] of css.matchAll(/--tsf-[a-z0-9-]+/g)) counts.set(name, (counts.get(name) ?? 0) + 1)
  const order = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([name]) => name)
  const short = new Map(order.map((name, i) => [name, `--t${i.toString(36)}`]))
  // esbuild keeps the space after a custom property's colon; the value starts after it anyway.
  return css.replace(/--tsf-[a-z0-9-]+/g, (name) => short.get(name)).replace(/(--t[0-9a-z]+): /g, '$1:')
}

/** Minified CSS. */
const minifyCss = async (css) => (await transform(css, { loader: 'css', minify: true, target: 'chrome120', legalComments: 'none' })).code.trim()

/** Loads a .css import as its minified text (src/styles.ts joins them into one string). */
export const cssAsText = {
  name: 'css-as-text',
  setup(b) {
    b.onLoad({ filter: /\.css$/ }, async (args) => ({ contents: await minifyCss(await readFile(args.path, 'utf8')), loader: 'text' }))
  },
}

/** A field kind's part of the stylesheet is a `css` template in its module
 * (src/fields/<kind>.tsx, kind.ts): the build makes its minified text a module of its own
 * (`kind-css:<module>`), which it places with the stylesheets (see FIRST). */
export const kindCss = {
  name: 'kind-css',
  setup(b) {
    const texts = new Map()
    b.onResolve({ filter: /^kind-css:/ }, (args) => ({ path: args.path.slice('kind-css:'.length), namespace: 'kind-css' }))
    b.onLoad({ filter: /.*/, namespace: 'kind-css' }, (args) => ({ contents: texts.get(args.path), loader: 'text' }))
    b.onLoad({ filter: /[\\/]src[\\/]fields[\\/][^\\/]+\.tsx$/ }, async (args) => {
      let source = await readFile(args.path, 'utf8')
      const found = [...source.matchAll(/\bcss`([^`]*)`/g)]
      if (found.length > 1) throw new Error(`build: ${args.path} has more than one css text`)
      if (found.length === 1) {
        const name = relative(here, args.path).replaceAll('\\', '/')
        texts.set(name, await minifyCss(found[0][1]))
        source = source.replace(found[0][0], () => 'KIND_CSS') + `\nimport KIND_CSS from 'kind-css:${name}'\n`
      }
      return { contents: source, loader: 'tsx' }
    })
  },
}

/**
 * Writes the dictionaries of src/locales.ts with one shared key list, as a module of their own
 * (DICTIONARIES). The file spells every key twice (`en` and `zh`, each a literal object); when
 * both hold the same keys in the same order, the built module lists the keys once and builds
 * each dictionary from its values in that order: the same two objects, without the second copy
 * of every key. The keys and each dictionary's values are one string each, split at `|` (none
 * holds one), rather than arrays that spell `","` between every two. locales.ts then imports
 * and re-exports them, and the build places their module after the code (see LAST).
 * Dictionaries that differ in their keys are left as written. The source stays the readable
 * table people edit.
 *
 * The keys are private to the bundle, as the stylesheet's custom properties are, so the built
 * module names most of them by their place in the table instead (key i is `i.toString(36)`),
 * and shortenLocaleKeys writes that short name wherever the code spells the key. A key keeps
 * its name when it is one word (`lang`: the code may spell the same word for something else,
 * an attribute's name), when the code builds it from a word (`error.${reason}`: a template that
 * starts with the key's family, found in the sources) or when locales.ts lists it in
 * STORED_KEYS (its name is kept beyond the page, where another build may read it); the
 * module's key list holds those names and is empty at the others.
 */
const DICTIONARIES = 'task-surface:dictionaries'
/** The short name of each key the built dictionaries name by place (empty when they are left as written). */
let localeIds = new Map()
export const sharedLocaleKeys = {
  name: 'shared-locale-keys',
  setup(b) {
    let table = null
    b.onStart(() => { localeIds = new Map() })
    b.onResolve({ filter: new RegExp(`^${DICTIONARIES}$`) }, (args) => ({ path: args.path, namespace: 'dictionaries' }))
    b.onLoad({ filter: /.*/, namespace: 'dictionaries' }, () => ({ contents: table, loader: 'ts' }))
    b.onLoad({ filter: /[\\/]src[\\/]locales\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8')
      const { en, zh, STORED_KEYS = [] } = await evaluateTs(source)
      const literal = (name) => new RegExp(`^export const ${name}(?:: [^=\\n]+)? = \\{\\n[^]*?\\n\\}\\n`, 'm')
      const keys = Object.keys(en ?? {})
      const same = keys.length > 0 && JSON.stringify(keys) === JSON.stringify(Object.keys(zh ?? {})) &&
        [...keys, ...Object.values(en), ...Object.values(zh)].every((x) => typeof x === 'string' && !x.includes('|')) &&
        literal('en').test(source) && literal('zh').test(source)
      if (!same) return { contents: source, loader: 'ts' }
      const unknown = STORED_KEYS.filter((k) => !keys.includes(k))
      if (unknown.length > 0) throw new Error(`build: STORED_KEYS names keys the dictionaries do not have: ${unknown.join(', ')}`)
      const families = await builtFamilies()
      const named = (k) => !k.includes('.') || STORED_KEYS.includes(k) || families.some((f) => k.startsWith(f))
      const ids = keys.map((k, i) => (named(k) ? k : i.toString(36)))
      for (const dict of [en, zh]) {
        // withFallback reads a text equal to its key as the key the page did not know.
        const same = keys.find((k, i) => dict[k] === ids[i])
        if (same !== undefined) throw new Error(`build: the text of ${same} is its short key name`)
      }
      const values = (dict) => JSON.stringify(keys.map((k) => dict[k]).join('|'))
      table = `const LOCALE_KEYS = ${JSON.stringify(keys.map((k) => (named(k) ? k : '')).join('|'))}.split('|')\n` +
        'const localeTable = (values: string): Record<string, string> => Object.fromEntries(values.split(\'|\').map((v, i) => [LOCALE_KEYS[i] || i.toString(36), v]))\n' +
        `export const en = localeTable(${values(en)})\nexport const zh = localeTable(${values(zh)})\n`
      const built = await evaluateTs(table)
      const byId = (dict) => Object.fromEntries(keys.map((k, i) => [ids[i], dict[k]]))
      if (JSON.stringify([built.en, built.zh]) !== JSON.stringify([byId(en), byId(zh)])) throw new Error('build: the shared-key dictionaries differ from src/locales.ts')
      localeIds = new Map(keys.map((k, i) => [k, ids[i]]).filter(([k, id]) => k !== id))
      const contents = source
        .replace(literal('en'), () => `import { en, zh } from '${DICTIONARIES}'\nexport { en, zh }\n`)
        .replace(literal('zh'), () => '')
      return { contents, loader: 'ts' }
    })
  },
}

/** The key families the sources build names in: the start of every template literal in src/
 * that is words and dots up to its first substitution (`row.status.${status}` gives `row.status.`). */
async function builtFamilies() {
  const files = (await readdir(join(here, 'src'), { recursive: true })).filter((f) => /\.tsx?$/.test(f))
  const found = new Set()
  for (const f of files) {
    for (const [, head] of (await readFile(join(here, 'src', f), 'utf8')).matchAll(/`((?:[A-Za-z-]+\.)+)\$\{/g)) found.add(head)
  }
  return [...found]
}

/** Writes each key's short name (localeIds) where the code spells the key as a "string" (as
 * esbuild prints every plain string). */
function shortenLocaleKeys(code) {
  return code.replace(/"([A-Za-z][\w.-]*)"/g, (whole, k) => (localeIds.has(k) ? JSON.stringify(localeIds.get(k)) : whole))
}

/** Fails if the finished file still spells a shortened key's name (in a quote style or a
 * template shortenLocaleKeys does not read): the dictionaries would not know it. In the minified
 * file the key may not appear anywhere, inside a longer string or template included; in an
 * unminified one (the size bench's reference) a property access can read like a key
 * (`field.required`), so there only a whole string or template that is the key fails. */
function checkLocaleKeys(code, { minified }) {
  for (const k of localeIds.keys()) {
    const key = k.replace(/[.-]/g, '\\$&')
    const pattern = minified ? `(?<![\\w.-])${key}(?![\\w-]|\\.\\w)` : `(?<=['"\`])${key}(?=['"\`])`
    const at = new RegExp(pattern).exec(code)
    if (at) throw new Error(`build: the code still spells the locale key ${k} (${JSON.stringify(code.slice(at.index - 40, at.index + 40))}); shortenLocaleKeys reads it only as a "string"`)
  }
}

/** Imports a TypeScript module that imports nothing at run time (src/locales.ts). */
async function evaluateTs(source) {
  const { code } = await transform(source, { loader: 'ts', format: 'esm' })
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)
}

/** The names of the page's React that the sources and src/jsx.ts import (a name missing here
 * fails the build). */
const REACT_NAMES = {
  react: ['createElement', 'createContext', 'memo', 'useCallback', 'useContext', 'useEffect', 'useId', 'useLayoutEffect', 'useMemo', 'useRef', 'useState'],
  'react/jsx-runtime': ['Fragment'],
}

/**
 * Binds the page's React once. esbuild reaches an external module through a namespace object
 * per importing module (`var f = require("react/jsx-runtime")` in each, `(0, f.jsx)(...)` at
 * every element); routing `react` and `react/jsx-runtime` through one module that copies the
 * functions into plain bindings makes those plain calls. The functions are the page's own, so
 * only the size changes.
 */
const pageReact = {
  name: 'page-react',
  setup(b) {
    b.onResolve({ filter: /^react(\/jsx-runtime)?$/ }, (args) =>
      args.namespace === 'page-react' ? { path: args.path, external: true } : { path: args.path, namespace: 'page-react' })
    b.onLoad({ filter: /.*/, namespace: 'page-react' }, (args) => ({
      contents: `export const { ${REACT_NAMES[args.path].join(', ')} } = require(${JSON.stringify(args.path)})\n`,
      loader: 'js',
    }))
  },
}

/**
 * The factory's exports: src/index.ts's, as one plain object. An entry with ECMAScript exports
 * would make esbuild add its CommonJS interop helpers (__export, __copyProps, __toCommonJS);
 * this entry assigns them directly, with the same non-enumerable `__esModule` mark.
 */
const ENTRY = `import { TOOL_NAME, apply, inject } from './src/index.ts'
module.exports = Object.defineProperty({ TOOL_NAME, apply, inject }, '__esModule', { value: true })
`

/**
 * tsconfig.json with React's classic JSX: an element is createElement(type, props, ...children)
 * (src/jsx.ts provides it from the page's React), which spells no `children:` key per element
 * the way the automatic runtime's jsx(type, {..., children}) does. tsc still checks the
 * sources with the automatic runtime's types; both make the same elements.
 */
const TSCONFIG = (() => {
  const config = JSON.parse(readFileSync(join(here, 'tsconfig.json'), 'utf8'))
  return { ...config, compilerOptions: { ...config.compilerOptions, jsx: 'react', jsxFactory: 'createElement', jsxFragmentFactory: 'Fragment' } }
})()

/**
 * The file's first line asks V8 to compile every function of the file as it loads the script
 * (an explicit compile hint, https://v8.dev/blog/explicit-compile-hints; Chromium 136 and
 * later, a comment elsewhere). Without it the panel's components, the model readers and the
 * editor's state machine were compiled one by one when a panel first opened, inside its first
 * render; the page loads the bundle at start, and a panel uses most of the file.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/** One line for people who open the file (every byte of it ships): what made it, from what. */
const HEADER = COMPILE_HINT + '// Task Surface client bundle, built from client-bundle/src by build.mjs: edit those.\n'

/** Runs esbuild over the sources; `metafile` adds what each input contributes to the output. */
function bundle({ minify, id, metafile = false }) {
  return build({
    absWorkingDir: here,
    stdin: { contents: ENTRY, resolveDir: here, sourcefile: 'factory-exports.js', loader: 'js' },
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    tsconfigRaw: TSCONFIG,
    inject: ['src/jsx.ts', 'src/globals.ts'],
    logOverride: { 'commonjs-variable-in-esm': 'silent' },
    charset: 'utf8',
    legalComments: 'none',
    external: PAGE_MODULES,
    define: { __BUNDLE_ID__: JSON.stringify(id) },
    minify,
    plugins: [cssAsText, kindCss, sharedLocaleKeys, pageReact],
    pure: ['Object.freeze'],
    logLevel: 'warning',
    metafile,
  })
}

/** Bytes each source file contributes to the minified build, largest first (bench --modules). */
export async function moduleSizes({ id = bundleId() } = {}) {
  const { metafile } = await bundle({ minify: true, id, metafile: true })
  const [output] = Object.values(metafile.outputs)
  return Object.entries(output.inputs).map(([file, { bytesInOutput }]) => ({ file, bytes: bytesInOutput }))
    .filter((m) => m.bytes > 0).sort((a, b) => b.bytes - a.bytes || (a.file < b.file ? -1 : 1))
}

/**
 * Where the build places some modules' code in the factory's body: the stylesheets' text
 * first, then all the code, then the dictionaries and styles.ts (which joins the stylesheets).
 * These are data, read only once apply() runs; in the middle of the file, where their imports
 * put them, they kept gzip, whose window reaches back 32 KiB, from matching the code after them
 * against the code before them (about 740 bytes of the gzipped file, 670 of them for moving
 * them out of the middle, 70 more for the stylesheets first). The late modules' top-level
 * `var`s become `let`s, so that anything that read them while the factory runs would throw
 * (checkLoads) instead of reading undefined; the stylesheets' text is there before any code.
 */
const FIRST = /^(src\/.*\.css|kind-css:.*)$/
const LAST = [/^dictionaries:/, /^src\/styles\.ts$/]

/** esbuild's unminified bundle, each module's code after a `// <path>` line, with the FIRST
 * modules moved to the start and the LAST ones to the end. */
export function placeData(code) {
  const chunks = code.replace(/^"use strict";\n/, '').split(/^(?=\/\/ \S+\n)/m)
  const path = (c) => (c.startsWith('// ') ? c.slice(3, c.indexOf('\n')) : '')
  const first = chunks.filter((c) => FIRST.test(path(c)))
  const last = chunks.filter((c) => LAST.some((re) => re.test(path(c))))
  if (first.length === 0 || last.length !== 2) throw new Error(`build: expected the stylesheets, the dictionaries and styles.ts, found ${[...first, ...last].map(path).join(', ')}`)
  const rest = chunks.filter((c) => !first.includes(c) && !last.includes(c))
  return [...first, ...rest, ...last.map((c) => c.replace(/^var /gm, 'let '))].join('')
}

/** Runs the factory's body in node with stand-ins for the page's modules: it must load without
 * reading a LAST module's binding before its code has run. (Top-level code that needs the
 * page's globals, which the bundle has none of, would need a stand-in here too.) */
function checkLoads(code) {
  const stub = new Proxy({}, { get: () => () => ({}) })
  const module = { exports: {} }
  try {
    new Function('require', 'module', 'exports', `"use strict";${code}`)(() => stub, module, module.exports)
  } catch (err) {
    if (/before initialization/.test(err.message)) throw new Error(`build: code that runs as the factory loads reads the data placed last: ${err.message}`)
    throw new Error(`build: the factory's top-level code does not run with the build's stand-ins (checkLoads): ${err.message}`)
  }
  if (typeof module.exports.apply !== 'function') throw new Error('build: the factory exports no apply()')
}

/**
 * Renames the factory body's own names once more with uglify-js's mangler. It picks the short
 * names by how often each character already occurs in the file, so the names repeat what is
 * around them and gzip codes them in fewer bits than esbuild's (about 570 bytes of the gzipped
 * file). The page's names (require, module, exports, window, ...) are not declared in the body
 * and so are never renamed. It also runs uglify-js's compressor, two passes, with its safe
 * defaults only (no `unsafe*` option; `keep_fargs`, so no function loses a parameter and every
 * `length` stays; top-level names are not dropped or inlined) and five of them turned off,
 * `comparisons`, `inline`, `collapse_vars`, `join_vars` and `sequences`, whose rewrites cost
 * more gzipped bytes here than they save (the last three joined statements into comma lists
 * and moved single-use values into the expression that reads them; gzip matches the plain
 * statements against each other better): about 95 bytes of the gzipped file. checkLoads runs
 * on its output.
 */
function mangleNames(code) {
  const result = uglify.minify(code, { compress: { passes: 2, keep_fargs: true, comparisons: false, inline: false, collapse_vars: false, join_vars: false, sequences: false }, mangle: { toplevel: true }, output: { comments: false } })
  if (result.error) throw new Error(`build: uglify-js could not read the minified body: ${result.error.message}`)
  return result.code + '\n'
}

/** Returns the built file's text. */
export async function buildClient({ minify = true, id = bundleId() } = {}) {
  const result = await bundle({ minify: false, id })
  let code = shortenLocaleKeys(placeData(result.outputFiles[0].text))
  checkLoads(code)
  if (minify) {
    // Minified as a second esbuild bundle of that one file (CommonJS, its top-level names
    // local to the factory and shortened; esbuild's bundler also writes `let` for `const`), in
    // strict mode as the factory runs it; the wrapper below says "use strict" itself.
    const second = await build({
      stdin: { contents: `"use strict";\n${code}`, sourcefile: 'factory.js', loader: 'js' },
      bundle: true, write: false, format: 'cjs', platform: 'browser', target: 'es2022', charset: 'utf8',
      legalComments: 'none', external: PAGE_MODULES, minify: true, pure: ['Object.freeze'], logLevel: 'warning',
    })
    const out = second.outputFiles[0].text
    if (!out.startsWith('"use strict";')) throw new Error('build: the minified body lost its "use strict"')
    code = out.slice('"use strict";'.length).replace(/^\n/, '')
    code = mangleNames(code)
    checkLoads(code)
  }
  code = shortenCustomProperties(code)
  checkLocaleKeys(code, { minified: minify })
  const required = new Set([...code.matchAll(/\brequire\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]))
  const foreign = [...required].filter((m) => !PAGE_MODULES.includes(m))
  if (foreign.length > 0) throw new Error(`build: the bundle requires modules the page does not provide: ${foreign.join(', ')}`)
  const open = `window.__ModuleLoader__.load({\n  id: ${JSON.stringify(id)},\n  factory: (require) => {\n    "use strict";\n    var module = { exports: {} };\n    var exports = module.exports;\n`
  const close = `    return module.exports;\n  }\n});\n`
  return HEADER + open + code + close
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const text = await buildClient()
  if (args.includes('--stdout')) {
    process.stdout.write(text)
  } else {
    mkdirSync(join(here, 'dist'), { recursive: true })
    writeFileSync(join(here, 'dist', 'client.js'), text)
    console.log(`build: dist/client.js ${Buffer.byteLength(text)} bytes`)
  }
  const r = args.indexOf('--readable')
  if (r >= 0) {
    const out = args[r + 1]
    if (!out) throw new Error('build: --readable needs a file')
    writeFileSync(out, await buildClient({ minify: false }))
  }
}
