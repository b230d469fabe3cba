// The browser RPC's arguments checked as they arrived, before anything else reads them: a wrong
// JSON type is refused, never coerced; values nested deeper than MAX_DEPTH are refused before
// anything walks them recursively. Each refusal names the argument by a JSON Pointer into the
// request's arguments ("/submissionId", "/values/a/b"), with the contract's codes.
import { Code } from '../wire/words.gen.js'

/** The deepest nesting of arrays and objects the shim walks in `values`; the plugin's own
 * bound for a submission is lower (plugin/submission MaxDepth) and answers with its own problem. */
export const MAX_DEPTH = 64

/** The JSON type of a value, as a message names it. */
function typeName(v) {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'an array'
  switch (typeof v) {
    case 'string': return 'a string'
    case 'number': return 'a number'
    case 'boolean': return 'true or false'
    case 'object': return 'an object'
    default: return typeof v
  }
}

/**
 * Check a request's arguments against their kinds.
 * @param {Record<string, unknown>} args - the arguments by name
 * @param {Record<string, 'string'|'string?'|'object'>} kinds - what each must be; `?` allows
 *   undefined or null
 * @returns {Array<{code: string, message: string, pointer: string}>} the problems, [] when none
 */
export function argumentProblems(args, kinds) {
  const problems = []
  for (const [name, kind] of Object.entries(kinds)) {
    const v = args[name]
    const optional = kind.endsWith('?')
    if (optional && (v === undefined || v === null)) continue
    const want = kind.replace(/\?$/, '')
    const ok = want === 'object' ? v !== null && typeof v === 'object' && !Array.isArray(v) : typeof v === want
    if (!ok) {
      problems.push({
        code: v === undefined ? Code.Missing : Code.WrongType,
        pointer: `/${name}`,
        message: v === undefined ? `${name} is required.` : `${name} must be ${want === 'object' ? 'an object' : 'a string'}, not ${typeName(v)}.`,
      })
    } else if (want === 'object') {
      const deep = tooDeep(v, `/${name}`)
      if (deep) problems.push({ code: Code.TooDeep, pointer: deep, message: `${name} is nested more than ${MAX_DEPTH} levels deep at ${deep}.` })
    }
  }
  return problems
}

/** The pointer of the first place in v nested deeper than MAX_DEPTH, or ''; iterative, so no
 * depth of nesting can exhaust the stack. */
function tooDeep(v, root) {
  const stack = [[v, root, 1]]
  while (stack.length > 0) {
    const [node, pointer, depth] = stack.pop()
    if (depth > MAX_DEPTH) return pointer
    for (const [k, child] of Object.entries(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, `${pointer}/${String(k).replaceAll('~', '~0').replaceAll('/', '~1')}`, depth + 1])
    }
  }
  return ''
}
