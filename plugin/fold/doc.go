// Package fold is the Task Surface projection fold: a pure function from the
// session log to the one open surface of a session and the last few closed
// ones.
//
// The harness folds every committed session event into the projection state
// synchronously, so in dsh the fold runs as a JavaScript twin inside the host
// shim; this package is the reference both are held to. The shared vectors in
// tests/conformance/folds run against both.
//
// # State
//
// State is plain JSON, because the harness checkpoints it with
// structuredClone and caches it across restarts:
//
//	{
//	  "active":     {"callId": "...", "surfaceId": "..."} | null,
//	  "calls":      ["<callId>", ...],
//	  "dismissals": [{"commandId": "...", "surfaceId": "" | "...", "dismissalId"?: "..."}, ...],
//	  "outcomes":   [{"callId", "surfaceId", "outcome", "seq", "messageId"?,
//	                  "submissionId"?, "dismissalId"?}, ...]
//	}
//
// calls holds show_task_surface calls whose result has not arrived yet (the
// tool name is on tool/call only), at most MaxCalls. dismissals holds
// dismissal command runs whose command/done has not arrived yet, in arrival
// order (an array, not an object, so eviction is the same in Go and
// JavaScript), at most MaxDismissals. outcomes holds the last MaxOutcomes
// closed surfaces, oldest first. The view is {active, outcomes}, the
// contract's tasksurface.ProjectionView (Occurrence, Outcome and View are its
// aliases here), whose names and outcome words tools/contractgen writes into
// the JavaScript twin and the browser.
//
// # Rules
//
//   - A tool/call named show_task_surface is remembered by call id.
//   - Its tool/result (matched by message.source.callId) settles the call. It
//     opens the surface when the result is not an error (no data.error, no
//     content block with isError true) and data.meta is
//     {kind: "dsh/task-surface", version: 1, surfaceId: <valid id>, model:
//     <object>}. Otherwise nothing opens. A surface opened while another one
//     is open replaces it (outcome "replaced"); the tool refuses such calls,
//     so this only happens in logs written by something else.
//   - A user/message whose source is {kind: "user", taskSurface: <v1
//     correlation>} naming the active call and surface closes it as
//     "submitted", with the message's seq, id and submission id. The
//     submitted values stay in the message: the outcome does not copy them,
//     so the view every client loads with a session does not carry the
//     answers of the last MaxOutcomes surfaces (the transcript row reads them
//     from the message, whose seq the outcome names). A correlation naming
//     another surface is ignored, and so is a taskSurface member that is not
//     a well-formed v1 correlation (its values, when present, an object).
//   - A user/message whose source is {kind: "user"} with no taskSurface
//     member (or null) closes the active surface as "bypassed".
//   - Messages of any other source kind are ignored.
//   - A command/run of the task-surface command with the arguments
//     "dismiss [<surfaceId> [<dismissalId>]]" is remembered by command id.
//     Its command/done settles it; with kind "success" it closes the active
//     surface as "dismissed" when the run named that surface or named none.
//   - Every event needs a non-negative integer seq. Unknown event types and
//     malformed events leave the state unchanged; the fold never panics.
//
// Object keys are matched exactly (unlike encoding/json's case-insensitive
// struct matching), so Go and JavaScript read the same events the same way.
package fold
