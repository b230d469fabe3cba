// Package tasksurface holds the public Go types of the Task Surface wire
// contract: the requests and responses a host and a Task Surface plugin
// exchange, and the Server interface a plugin implements.
//
// The plugin decides and the host acts. The plugin never calls the host: a
// request carries a Snapshot of the session (its projection view, its
// in-flight queue and dismissals by ids, the host's state token, the open
// surface's metadata when the plugin asks for it), an answer carries the
// decision (an Admission to carry out, a DismissalRecord to write) with that
// token, and the host carries it out only while its token is the same,
// asking again otherwise. The session log is the only durable authority;
// the host's queue the only record of what is in flight.
//
// The generated protobuf code is internal to the SDK; these types are what
// plugin and harness authors program against. Free-form JSON (models, values,
// projection state, message sources) is carried as json.RawMessage.
//
// Problems meant for a model or a user are data (Problem); a Go error from
// any method means a transport failure or a bug.
//
// # The log contract
//
// The plugin keeps no state: a session's surfaces come from folding its
// log. Event is the envelope of one log entry, and ToolCall, ToolResult,
// UserMessage (with its MessageSource and Correlation), CommandRun and
// CommandDone are the payloads of the event types the fold reads
// (LogEventTypes). The constructors write them as the fold expects:
// NewToolCall, NewToolResult from a ShowResponse, Admission.Message for a
// submission's message, NewDismissal for the two records of a dismissal.
// The plugin's Fold reports, as LogProblems, an event that is not JSON or
// not an object, and an event of those types that it could not read, with
// its position and a pointer into it; ReadLog reads a log kept as JSON
// lines and reports each line that holds no JSON with its line number.
//
// The ids of the contract are distinct types (SurfaceID, SubmissionID,
// DismissalID, RpcID), and so is the presentation mode of a call (Mode).
// So are the words a host and the plugin exchange about the queue and the
// log: QueueAction (what may be done to a queued message), QueueRefusal
// (the plugin's sentence when it refuses one) and CommandKind (how a
// command ended).
//
// The contract's words are typed: Reason says why a request was refused,
// Phase where a pending submission is, and Code what a Problem is about.
// Their constants cover every value the plugin produces, and Reasons,
// Phases and Codes list them. tools/contractgen writes the same words, with
// their doc comments and each reason's Text, into the host shim
// (host-shim/src/wire/words.gen.js) and the browser client
// (client-bundle/src/contract/words.gen.ts), so neither keeps its own copy.
package tasksurface
