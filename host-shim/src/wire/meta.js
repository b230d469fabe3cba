// The presentation metadata on a successful show_task_surface result, the twin of sdk/tasksurface
// (value.go): what the fold reads to open a surface and the browser half reads to draw it.
import { META_KIND, META_VERSION } from './words.gen.js'

/**
 * The presentation metadata persisted on a successful result, from the canonical value
 * (tasksurface.MetaOf).
 * @param {{surfaceId: string, model: unknown, markdown?: Record<string, string>}} value
 * @returns {{kind: string, version: number, surfaceId: string, model: unknown, markdown?: Record<string, string>}}
 */
export function metaOf(value) {
  const meta = { kind: META_KIND, version: META_VERSION, surfaceId: value.surfaceId, model: value.model }
  // As tasksurface.MetaOf: an empty Markdown map is left out.
  if (value.markdown && Object.keys(value.markdown).length > 0) meta.markdown = value.markdown
  return meta
}
