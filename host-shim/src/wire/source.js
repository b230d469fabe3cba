// The correlation a submitted user message carries in its source, the twin of sdk/tasksurface
// (logevents.go, Correlation): {kind: "user", rpcId, taskSurface: {version, submissionId, callId,
// surfaceId, values}}. rpcId is the id of the request that carried the submission, which the host adds
// when it admits the message (tasksurface.WithRpcID in Go).
import { SOURCE_KEY, SOURCE_VERSION } from './words.gen.js'

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v)
const own = (o, k) => (Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined)
/** Absent, null or a string. */
const optString = (v) => v == null || typeof v === 'string'

/**
 * The Task Surface correlation in a message source, if any: the one rule of which user message is
 * a submission, tasksurface.CorrelationOf's, held to tests/conformance/correlations. The source
 * is an object whose kind is a non-empty string and whose rpcId is absent, null or a string; its
 * correlation (under SOURCE_KEY) is an object whose version is SOURCE_VERSION, whose surfaceId is a
 * non-empty string, and whose submissionId and callId are absent, null or strings.
 * @param {unknown} source
 * @returns {{version: number, surfaceId: string, submissionId?: string | null, callId?: string | null, values?: unknown} | undefined}
 */
export function correlationOf(source) {
  if (!isObject(source)) return undefined
  const kind = own(source, 'kind')
  if (typeof kind !== 'string' || kind === '' || !optString(own(source, 'rpcId'))) return undefined
  const c = own(source, SOURCE_KEY)
  if (!isObject(c) || own(c, 'version') !== SOURCE_VERSION) return undefined
  const surfaceId = own(c, 'surfaceId')
  if (typeof surfaceId !== 'string' || surfaceId === '') return undefined
  return optString(own(c, 'submissionId')) && optString(own(c, 'callId')) ? c : undefined
}

/**
 * A message source with rpcId set, every other member kept, as dsh's own prompt does
 * ({kind: 'user', rpcId, ...}). A source that is not an object, or an empty id, is returned as
 * it is.
 * @param {unknown} source
 * @param {string | undefined} rpcId
 */
export function withRpcId(source, rpcId) {
  if (!rpcId || source === null || typeof source !== 'object' || Array.isArray(source)) return source
  return { ...source, rpcId }
}
