// Ids and the dismissal command line, the twin of sdk/tasksurface (ids.go, logevents.go): which
// strings serve as surface, submission or dismissal ids, and how "dismiss [<surfaceId> [<dismissalId>]]" reads
// (the plugin writes the line: DismissalRecord.command_args).
import { COMMAND_DISMISS } from './words.gen.js'

// tasksurface.ValidID: 1 to 128 ASCII letters, digits and "_.:-", starting with a letter or digit.
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/
// Go's unicode.IsSpace, which strings.Fields splits on (JavaScript's \s differs: it has U+FEFF
// and lacks U+0085).
const GO_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/

/**
 * Whether a value can serve as a surface, submission or dismissal id (tasksurface.ValidID).
 * @param {unknown} value
 * @returns {boolean}
 */
export function validId(value) {
  return typeof value === 'string' && ID_PATTERN.test(value)
}

/**
 * Read a dismissal command's arguments, "dismiss [<surfaceId> [<dismissalId>]]", like
 * tasksurface.ParseDismissArgs. A person may leave out both ids; surfaceId "" means the open surface.
 * @param {unknown} args - the text after the command name.
 * @returns {{surfaceId: string, dismissalId: string} | null} null for anything else.
 */
export function parseDismissArgs(args) {
  if (typeof args !== 'string') return null
  const parts = args.split(GO_SPACE).filter((p) => p !== '')
  if (parts.length < 1 || parts.length > 3 || parts[0] !== COMMAND_DISMISS) return null
  const [, surfaceId = '', dismissalId = ''] = parts
  if (parts.length >= 2 && !validId(surfaceId)) return null
  if (parts.length === 3 && !validId(dismissalId)) return null
  return { surfaceId, dismissalId }
}
