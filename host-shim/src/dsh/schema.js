// dsh rc.8 enforces tool output schemas in a JSON Schema subset (dsh-tools json-schema:
// one scalar `type`, object `properties`/`required`/boolean `additionalProperties`, array
// `items`, scalar `enum`/`const`, `oneOf`, and annotations) and refuses any other keyword.
// The plugin declares a complete schema and validates its own values; here we keep the part
// of it dsh can enforce. What is dropped only loosens dsh's second check, never the plugin's.

const TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null'])
const ANNOTATIONS = ['description', 'title', 'default', 'examples']
const isScalar = (v) => v === null || ['string', 'number', 'boolean'].includes(typeof v)

/**
 * The enforceable subset of a JSON Schema node.
 * @param {unknown} node
 * @returns {object}
 */
export function toDshSchema(node) {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return {}
  const out = {}
  for (const key of ANNOTATIONS) if (node[key] !== undefined) out[key] = node[key]
  if (typeof node.type === 'string' && TYPES.has(node.type)) out.type = node.type
  if (Array.isArray(node.oneOf) && node.oneOf.length >= 2) out.oneOf = node.oneOf.map(toDshSchema)
  if (out.type === 'object' && node.properties && typeof node.properties === 'object') {
    out.properties = {}
    for (const [name, child] of Object.entries(node.properties)) out.properties[name] = toDshSchema(child)
    if (Array.isArray(node.required)) out.required = node.required.filter((r) => Object.hasOwn(out.properties, r))
  }
  if (out.type === 'object' && typeof node.additionalProperties === 'boolean') out.additionalProperties = node.additionalProperties
  if (out.type === 'array' && node.items && typeof node.items === 'object' && !Array.isArray(node.items)) out.items = toDshSchema(node.items)
  if (out.type !== undefined && out.type !== 'object' && out.type !== 'array') {
    if (Array.isArray(node.enum) && node.enum.every(isScalar)) out.enum = node.enum
    if (isScalar(node.const) && node.const !== undefined) out.const = node.const
  }
  return out
}
