// The correlation a submitted user message carries in its source, the twin of sdk/tasksurface
// (logevents.go, Correlation): {kind: "user", rpcId, taskSurface: {version, submissionId, callId,
// surfaceId, values}}. rpcId is the id of the request that carried the submission, which the host adds
// when it admits the message (tasksurface.WithRpcID in Go).
import { SOURCE_KEY } from './words.gen.js'

/**
 * The Task Surface correlation in a message source, if any.
 * @param {unknown} source
 * @returns {object | undefined}
 */
export function correlationOf(source) {
  if (source === null || typeof source !== 'object') return undefined
  const c = source[SOURCE_KEY]
  return c !== null && typeof c === 'object' ? c : undefined
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
