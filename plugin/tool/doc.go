// Package tool is show_task_surface: its declaration (name, description,
// parameter schema, ordering, modes) and its execution, which checks the
// call's context, parses and normalises the model, mints the surface id and
// returns the canonical value, or tells the model exactly what to fix.
//
// The model-facing texts (Opened and the error texts) and the presentation
// metadata are pure functions of the call's outcome and travel in the Show
// response, so a host needs none of its own. The dsh host shim keeps one
// stand-in, for a value whose text it no longer holds
// (host-shim/src/dsh/tool.js): it says what Opened says but for its last
// sentence.
package tool
