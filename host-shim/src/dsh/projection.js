// The session projection unit, folded synchronously in JS by the twin of the Go fold
// (../fold/fold.js, held equal to plugin/fold by tests/conformance/folds), declared in both
// shapes dsh has used, and read back through the face the running dsh offers:
//   - dsh 0.1.0-rc.8: {key, schema, init, apply, view, stateVersion}; the registry reads the
//     view through snapshot(session).values[key], every unit's at once, or one unit's cell
//     through its registrations and cellFor. It ignores keys it does not know.
//   - upstream from 0.1.1: {key, stateSchema, init, apply, wire: {viewSchema, view},
//     stateVersion}, plus sessionProjections.stateOf(session, key) for one unit's state. A unit
//     without `wire` is host-only there, so without it the Dock would get no view.
import * as fold from '../fold/fold.js'

/** The fold's state and view are already plain JSON of the wire shape: nothing to validate. */
const asIs = Object.freeze({ parse: (value) => value })

/**
 * The projection unit for dsh's registry.
 * @param {any} declaration - DescribeResponse.projection
 */
export function projectionDefinition(declaration) {
  const view = (state) => fold.view(state)
  return {
    key: declaration.key,
    init: () => fold.init(),
    apply: (state, event) => fold.apply(state, event),
    stateVersion: declaration.state_version,
    // dsh 0.1.0-rc.8: the registry only calls schema.parse(view(state)).
    schema: asIs,
    view,
    // Upstream's newer shape: persisted state checked by stateSchema, the client view by wire.
    stateSchema: asIs,
    wire: { viewSchema: asIs, view },
  }
}

/**
 * The projection's current view for one session, or undefined when the unit is not
 * registered. Only this unit is read, where the registry allows it: through stateOf (upstream),
 * or through rc.8's own cell of the unit (its `registrations` and `cellFor`, what its snapshot
 * reads for each unit). Else through snapshot(session), which computes and checks the view of
 * every unit registered (each plugin's, and dsh's own), for one of them.
 * @param {any} registry - ctx.sessionProjections
 * @param {any} session
 * @param {string|undefined} key
 */
export function readProjection(registry, session, key) {
  if (!key) return undefined
  if (typeof registry.stateOf === 'function') {
    const state = registry.stateOf(session, key)
    return state === undefined ? undefined : fold.view(state)
  }
  if (registry.registrations instanceof Map && typeof registry.cellFor === 'function') {
    const registration = registry.registrations.get(key)
    return registration === undefined ? undefined : fold.view(registry.cellFor(registration, session).state)
  }
  return registry.snapshot(session).values?.[key]
}
