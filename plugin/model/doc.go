// Package model holds TaskSurfaceModelV1, the declarative model an agent
// passes to show_task_surface, with its parser and normaliser.
//
// ParseArguments parses the tool arguments {"model": ...} and Parse a
// model document. Both decode strictly (duplicate keys, depth, invalid
// UTF-8), check the model against the tool's JSON Schema (ParametersSchema,
// embedded and byte-stable) and then against the rules the schema cannot
// express (unique ids, initial values that fit their field, bounds of the
// typed kinds that agree, real dates, a text pattern that compiles,
// configured limits, forbidden characters, titles and labels that show
// something), and report every problem with a stable
// code and a JSON Pointer into the model, so a model can fix its own call
// from the error text.
//
// Model.Normalized gives the normalised model: defaults filled in, keys in
// a fixed order, nothing the schema does not define. CheckText is the
// character rule every user-visible text of Task Surface follows, and
// VisiblyEmpty the rule for text that shows nothing. The typed kinds
// (number, date, scale, tags) extend version 1; the Field methods
// NumberMiss, DateMiss, ScaleMiss and TextMiss say whether a value fits a
// field, for the model's initial values and for submitted values alike.
package model
