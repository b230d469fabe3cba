// Short local names for built-ins that the bundled sources call many times (build.mjs injects
// them in place of every `Object.freeze` and `Array.isArray`): the same functions, one name
// each in the minified file instead of a property lookup spelled out at every call. The cost:
// esbuild no longer sees a call to `freeze` as free of side effects (the build's `pure` list
// names `Object.freeze`), so the two frozen key lists of the RPC declaration that the bundle
// never reads stay in it (about 80 bytes, against about 300 the short name saves).
const freeze = Object.freeze
const isArray = Array.isArray

export { freeze as 'Object.freeze', isArray as 'Array.isArray' }
