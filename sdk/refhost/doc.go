// Package refhost is a reference Task Surface host in Go: an in-memory
// session log with the event shapes DeepSeek Harness writes, a queue with
// claim, commit and discard, a real veto on queue actions the plugin
// declares it refuses, and a scripted agent. Tests and examples use it to
// drive the real plugin binary through the SDK exactly as a harness would;
// a Go harness author can read it as the smallest complete host.
//
// Its projection and its tool-result index are tshost.Projections and
// tshost.ToolResults, and its events are the SDK's log contract types;
// Bind is its tshost.Config.NewHost. examples/go-harness is a harness of
// its own with its log and queue in files.
//
// The host hard-codes nothing of Task Surface: the tool name, the
// projection, the command and the queue hooks come from the plugin's
// Describe, and the projection is folded by the plugin's Fold. Like
// DeepSeek Harness, which folds each event as it appends it, the host folds
// what its own steps append (a tool call and its result, a commit) before
// the step returns; anything else (an imported log, a prompt, a dismissal
// record) is folded when the view is next read.
//
// Trace reports every host service the plugin calls over the broker, with
// when the request arrived and when the answer left (also logged at debug
// level), so a benchmark can lay out where a submission's time goes.
package refhost
