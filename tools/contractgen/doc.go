// Command contractgen writes the contract's words, declared once in Go in
// sdk/tasksurface, for the JavaScript halves of Task Surface:
//
//   - host-shim/src/wire/words.gen.js: plain ESM, frozen objects;
//   - client-bundle/src/contract/words.gen.ts: string enums, which are also
//     the value types Reason, Phase and Code; a bundler inlines the values
//     where they are used, so the browser bundle carries only the words it
//     reads.
//
// It also writes the browser RPC (the `taskSurface` Remote the host shim
// serves and the client bundle calls), declared once in rpc.go, into both
// halves: host-shim/src/wire/rpc.js (frozen) and
// client-bundle/src/contract/rpc.gen.ts (`as const`), so that neither half
// imports the other's source.
//
// Each file exports Reason, Phase, Code, Rule, Param and Outcome, keyed by
// the Go constant's name without its type (tasksurface.ReasonNotOpen is
// Reason.NotOpen), and ReasonText, the sentence of each reason
// (tasksurface.Reason.Text). The Go doc comments become JSDoc.
//
// It also writes the JSON shapes the JavaScript halves read or write
// themselves (shape.go: the projection view, tasksurface.ProjectionView,
// OpenSurface and ClosedSurface), from the Go structs and their JSON tags: a
// TypeScript interface each, and in JavaScript a JSDoc typedef each and the
// keys of the members left out when empty (CLOSED_SURFACE_OPTIONAL), which
// the host shim's fold writes by. And into the host shim only, OPENED_TEXT:
// the plugin's model-facing text of a successful call (plugin/tool.Opened) in
// pieces around the quoted title and the surface id, for the text the shim
// writes when render (synchronous) meets a value whose text it does not hold.
//
// And the model's TypeScript types (model.go, reading the schema through
// schemanode.go), from the one statement of the model's shape, the JSON
// Schema of show_task_surface's arguments
// (plugin/model/schema.json, as model.ParametersSchema serves it), into
// client-bundle/src/contract/model.gen.ts: an interface for each object the
// schema names (modelNames) and for each arm of its unions by kind
// (TextField, ..., MarkdownBlock, ..., GridLayout), the rest in place. A
// keyword the emitter cannot spell is an error, not a loss.
//
// The names, values and doc comments are read from the package's source;
// the generator refuses to write when they disagree with tasksurface.Reasons,
// Phases and Codes, so a word declared but not listed (or listed but not
// declared) cannot reach JavaScript.
//
// Usage, from the repository root (tools/protogen.sh, behind `make
// generate`, runs it):
//
//	go run ./tools/contractgen [-root dir] [-check]
//
// With -check it writes nothing and exits 1 when a file is not what it would
// write.
package main
