// Short local names for built-ins that the bundled sources call many times (build.mjs injects
// them in place of every `Object.freeze` and `Array.isArray`): the same functions, one name
// each in the minified file instead of a property lookup spelled out at every call.
const freeze = Object.freeze
const isArray = Array.isArray

export { freeze as 'Object.freeze', isArray as 'Array.isArray' }
