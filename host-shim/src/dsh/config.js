// The row's config (cordis.patch.yml `config:`), read once at apply: limits for the plugin's
// Configure and the plugin's log level. Nothing here decides whether a limit is sensible; the
// plugin does (it clamps values above its maximums and reports them). This only turns the YAML
// into the wire shape and reports what cannot be sent at all.

/** Row config keys of `limits`, and their ConfigureRequest.limits names. */
export const LIMIT_KEYS = {
  maxModelBytes: 'max_model_bytes',
  maxBlocks: 'max_blocks',
  maxFields: 'max_fields',
  maxTableRows: 'max_table_rows',
  maxSubmissionBytes: 'max_submission_bytes',
}

const UINT32_MAX = 0xffff_ffff
const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error']

/**
 * @typedef {object} RowConfig
 * @property {Record<string, number>} limits - ConfigureRequest.limits (snake_case keys).
 * @property {Record<string, string>} env - extra environment for the plugin process.
 * @property {string[]} problems - what was ignored, and why, one sentence each.
 */

/**
 * Read the row's config over the manifest's default limits.
 * @param {Record<string, number>} defaults - manifest.json "limits"
 * @param {unknown} config - the row's config, as dsh hands it to apply
 * @returns {RowConfig}
 */
export function readRowConfig(defaults, config) {
  const problems = []
  const row = isObject(config) ? config : {}
  if (config !== undefined && config !== null && !isObject(config)) {
    problems.push(`the row config must be a mapping; ignoring ${JSON.stringify(config)}`)
  }

  const limits = {}
  for (const [camel, snake] of Object.entries(LIMIT_KEYS)) {
    if (Number.isInteger(defaults?.[camel]) && defaults[camel] > 0) limits[snake] = defaults[camel]
  }
  if (row.limits !== undefined && !isObject(row.limits)) {
    problems.push(`config.limits must be a mapping; ignoring ${JSON.stringify(row.limits)}`)
  }
  for (const [key, value] of Object.entries(isObject(row.limits) ? row.limits : {})) {
    const snake = LIMIT_KEYS[key]
    if (snake === undefined) {
      problems.push(`config.limits.${key} is not a Task Surface limit (known: ${Object.keys(LIMIT_KEYS).join(', ')}); ignored`)
    } else if (!Number.isInteger(value) || value <= 0) {
      problems.push(`config.limits.${key} ${JSON.stringify(value)} is not a positive whole number; the default ${limits[snake] ?? '(plugin default)'} applies`)
    } else {
      // The wire field is uint32: a larger number would wrap around. Anything this large is far
      // above the plugin's maximum, which then reports it and applies the default.
      limits[snake] = Math.min(value, UINT32_MAX)
    }
  }

  const env = {}
  if (row.logLevel !== undefined) {
    const level = String(row.logLevel).toLowerCase()
    if (LOG_LEVELS.includes(level)) env.TASK_SURFACE_LOG_LEVEL = level
    else problems.push(`config.logLevel ${JSON.stringify(row.logLevel)} is not one of ${LOG_LEVELS.join(', ')}; ignored`)
  }
  for (const key of Object.keys(row)) {
    if (key !== 'limits' && key !== 'logLevel') problems.push(`config.${key} is not a Task Surface setting (known: limits, logLevel); ignored`)
  }
  return { limits, env, problems }
}

/**
 * The limits in force, from the plugin's ConfigureResponse, with row-config names.
 * @param {Record<string, number>|undefined} effective - ConfigureResponse.effective_limits
 * @returns {Record<string, number>}
 */
export function effectiveLimits(effective) {
  const out = {}
  for (const [camel, snake] of Object.entries(LIMIT_KEYS)) {
    if (effective?.[snake] !== undefined) out[camel] = Number(effective[snake])
  }
  return out
}

function isObject(v) {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
