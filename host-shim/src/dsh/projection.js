// The session projection unit, folded synchronously in JS by the twin of the Go fold
// (../fold/fold.js, held equal to plugin/fold by tests/conformance/folds).
import * as fold from '../fold/fold.js'

/**
 * @param {any} declaration - DescribeResponse.projection
 */
export function projectionDefinition(declaration) {
  return {
    key: declaration.key,
    // The registry only calls schema.parse(view(state)); the fold's view is already the wire value.
    schema: { parse: (value) => value },
    init: () => fold.init(),
    apply: (state, event) => fold.apply(state, event),
    view: (state) => fold.view(state),
    stateVersion: declaration.state_version,
  }
}
