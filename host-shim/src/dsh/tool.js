// The model-facing tool, registered from the plugin's declaration. execute goes to the
// plugin's Show; render and presentationMeta are pure functions of the canonical value
// {surfaceId, model, markdown} that Show returned.
import { toDshSchema } from './schema.js'
import { jsonBytes, parseJsonBytes } from '../wire/json.js'
import { metaOf } from '../wire/meta.js'
import { goQuote } from '../wire/quote.js'
import { OPENED_TEXT } from '../wire/words.gen.js'
import { readProjection } from './projection.js'

/** How many model-facing texts to keep for render (one per surface, most recent). */
const TEXT_CACHE_SIZE = 64

/**
 * @param {object} deps
 * @param {any} deps.declaration - DescribeResponse.tool
 * @param {string} deps.projectionKey
 * @param {any} deps.ctx
 * @param {{call: Function}} deps.plugin
 */
export function toolDefinition({ declaration, projectionKey, ctx, plugin }) {
  // Show returns the model-facing text beside the value; it is a pure function of the value,
  // so render reads it back by surface id (render is synchronous and cannot ask the plugin).
  const texts = new Map()
  const remember = (surfaceId, text) => {
    texts.delete(surfaceId)
    texts.set(surfaceId, text)
    if (texts.size > TEXT_CACHE_SIZE) texts.delete(texts.keys().next().value)
  }

  const definition = {
    name: declaration.name,
    description: declaration.description,
    parameters: parseJsonBytes(declaration.parameters_schema_json),
    output: {
      schema: toDshSchema(parseJsonBytes(declaration.output_schema_json, {})),
      render(_args, value) {
        return [{ type: 'text', text: texts.get(value.surfaceId) ?? fallbackText(value) }]
      },
      presentationMeta(_args, value) {
        return metaOf(value)
      },
    },
    async execute(args, exec) {
      const session = exec.agent?.session
      const nested = exec.parent !== undefined
      const projection = session ? readProjection(ctx.sessionProjections, session, projectionKey) : undefined
      const res = await plugin.call('Show', {
        session_id: exec.agent?.id ?? '',
        call_id: exec.callId,
        parent_call_id: nested ? String(exec.rootCallId ?? 'run_code') : '',
        arguments_json: jsonBytes(args),
        projection_json: projection === undefined ? Buffer.alloc(0) : jsonBytes(projection),
        mode: nested ? 'code' : 'native',
        // The metadata repeats the value; presentationMeta derives it (metaOf), so the answer
        // crosses the process boundary at half the size (contract 1.1).
        omit_meta: true,
      }, { signal: exec.signal })
      if (!res.ok) {
        // The plugin's text is what the model reads: what to fix, with JSON Pointers.
        throw new Error(res.error_text || `show_task_surface failed (${res.error_code})`)
      }
      const value = parseJsonBytes(res.value_json)
      if (res.text) remember(value.surfaceId, res.text)
      if (declaration.concludes_turn) exec.concludeTurn()
      return value
    },
  }
  // Omitting isConcurrencySafe makes every call an exclusive ordering barrier.
  if (!declaration.exclusive) definition.isConcurrencySafe = () => true
  return definition
}

/**
 * The result text when the plugin's own text is not held for the value (render is synchronous and
 * cannot ask): the plugin's text itself (plugin/tool.Opened, generated into OPENED_TEXT), which
 * names the surface and says that an ordinary message bypasses it when the client cannot render
 * the panel. A client without Task Surface shows this text as the result. Held to Go by
 * tests/conformance/texts.
 * @param {{surfaceId: string, model?: {title?: string}}} value - the canonical value
 */
export function fallbackText(value) {
  const title = typeof value.model?.title === 'string' ? value.model.title : ''
  return OPENED_TEXT[0] + goQuote(title) + OPENED_TEXT[1] + value.surfaceId + OPENED_TEXT[2]
}

/**
 * The tool a bundle offers when its plugin cannot start on this machine (the platform
 * package is missing, or the binary fails its digest check): calling it fails with the reason
 * and the fix, so the model can tell the user instead of the tool silently not being there.
 * @param {string} name - the tool's name (wire.ToolName)
 * @param {() => Error|undefined} reason - why the plugin is not running
 */
export function unavailableToolDefinition(name, reason) {
  return {
    name,
    description: 'Task Surface is installed but its plugin cannot run on this machine. ' +
      'Calling this tool returns why and how the user can fix it; it shows nothing.',
    parameters: { type: 'object', properties: {}, additionalProperties: true },
    // dsh requires an output declaration; this tool never returns a value.
    output: { schema: toDshSchema({ type: 'object' }), render: () => [] },
    async execute() {
      throw new Error(reason()?.message ?? 'The Task Surface plugin is not running.')
    },
  }
}
