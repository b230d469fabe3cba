// The correlation a submitted user message carries in its source, the twin of plugin/wire
// (source.go): {kind: "user", taskSurface: {version, submissionId, callId, surfaceId, values}}.
import { SOURCE_KEY } from './names.js'

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
