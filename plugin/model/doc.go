// Package model holds TaskSurfaceModelV1, the declarative model an agent
// passes to show_task_surface, with its parser and normaliser.
//
// Parse checks a model against the tool's JSON Schema and then the semantic
// rules the schema cannot express (unique ids, initial values that fit their
// field, configured limits), and reports every problem with a JSON Pointer
// into the model, so a model can fix its own call from the error text.
// Marshalling a parsed Model gives the normalised model: defaults filled in,
// keys in a fixed order, nothing the schema does not define.
package model
