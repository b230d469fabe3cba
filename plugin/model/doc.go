// Package model holds TaskSurfaceModelV1, the declarative model an agent
// passes to show_task_surface, with its parser and normaliser, and the field
// kinds: everything the plugin knows about each kind of input.
//
// ParseArguments parses the tool arguments {"model": ...} and Parse a
// model document. Both decode strictly (duplicate keys, depth, invalid
// UTF-8), check the model against the tool's JSON Schema (ParametersSchema,
// embedded and byte-stable) and then against the rules the schema cannot
// express (unique and reserved ids, configured limits, forbidden
// characters, titles and labels that show something, and each field kind's
// own rules), and report every problem with a stable code and a JSON
// Pointer into the model, so a model can fix its own call from the error
// text.
//
// Model.Normalized gives the normalised model: defaults filled in, keys in
// a fixed order, nothing the schema does not define. CheckText is the
// character rule every user-visible text of Task Surface follows, and
// VisiblyEmpty the rule for text that shows nothing.
//
// A Field's Kind (a type per kind, each in its own file, field_*.go, listed
// in field.go) holds the kind's own keys and its rules, from the model's
// checks to the submission: Field.Value checks a submitted value,
// Field.Default is the value of one left out, Field.Unanswered says whether
// a value is no answer, Field.Needs what a required one needs, and
// Field.Answer writes it for the message. plugin/submission and plugin/format
// call them and know no kind.
package model
