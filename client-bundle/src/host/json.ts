// The one JSON shape test the readers of host data share.

export type JsonObject = Record<string, unknown>

/** Whether v is a plain JSON object (not null, not an array). */
export const isObj = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v)
