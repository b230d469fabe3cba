// The JSON shape tests the readers of host data share (the model, the projection, the RPC's
// answers, the drafts).

export type JsonObject = Record<string, unknown>

/** Whether v is a plain JSON object (not null, not an array). */
export const isObj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A shape test of a value. */
export type Shape = (v: unknown) => boolean
export const isStr = (v: unknown): v is string => typeof v === 'string'
export const isNum: Shape = (v) => typeof v === 'number' && isFinite(v)
export const isBool: Shape = (v) => typeof v === 'boolean'
export const isStrs: Shape = (v) => Array.isArray(v) && v.every(isStr)
/** The strings of an array value; [] for anything else. */
export const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter(isStr) : [])
/** The value may be absent. */
export const opt = (ok: Shape): Shape => (v) => v === undefined || ok(v)
/** Whether every key of `o` named in `shapes` has its shape. */
export const keys = (o: JsonObject, shapes: Record<string, Shape>): boolean => Object.keys(shapes).every((k) => shapes[k]!(o[k]))
/** A list of objects whose keys have these shapes. */
export const listOf = (shapes: Record<string, Shape>): Shape => (v) => Array.isArray(v) && v.every((o) => isObj(o) && keys(o, shapes))
