package fold

import (
	"bytes"
	"encoding/json"
	"slices"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Apply folds one event into the state and returns the new state. It never
// modifies s: a changed state gets fresh slices, an unchanged one is
// returned as it came. Events it does not understand leave the state
// unchanged; see the package documentation for the rules.
func Apply(s State, ev Event) State {
	if ev.Seq < 0 || ev.Seq > maxSafeInteger {
		return s
	}
	switch ev.Type {
	case tasksurface.EventToolCall:
		return applyToolCall(s, ev)
	case tasksurface.EventToolResult:
		return applyToolResult(s, ev)
	case tasksurface.EventUserMessage:
		return applyUserMessage(s, ev)
	case tasksurface.EventCommandRun:
		return applyCommandRun(s, ev)
	case tasksurface.EventCommandDone:
		return applyCommandDone(s, ev)
	}
	return s
}

// applyToolCall remembers a show_task_surface call until its result.
func applyToolCall(s State, ev Event) State {
	_, callID, ok := named(ev.Data, tasksurface.ToolName, "callId")
	if !ok || slices.Contains(s.Calls, callID) {
		return s
	}
	s.Calls = appendBounded(s.Calls, callID, MaxCalls)
	return s
}

// named reads the data of a tool call or command run of the given name: its
// members and the non-empty id under idKey.
func named(data json.RawMessage, name, idKey string) (map[string]json.RawMessage, string, bool) {
	if !mayContain(data, name) {
		return nil, "", false
	}
	d, ok := object(data)
	if !ok {
		return nil, "", false
	}
	if n, ok := str(d["name"]); !ok || n != name {
		return nil, "", false
	}
	id, ok := nonEmpty(d[idKey])
	return d, id, ok
}

// applyToolResult settles a remembered call and opens its surface when the
// result succeeded and carries valid presentation metadata.
func applyToolResult(s State, ev Event) State {
	if len(s.Calls) == 0 {
		return s
	}
	d, ok := object(ev.Data)
	if !ok {
		return s
	}
	msg, ok := object(d["message"])
	if !ok {
		return s
	}
	src, ok := object(msg["source"])
	if !ok {
		return s
	}
	callID, ok := nonEmpty(src["callId"])
	if !ok {
		return s
	}
	i := slices.Index(s.Calls, callID)
	if i < 0 {
		return s
	}
	s.Calls = slices.Concat(s.Calls[:i], s.Calls[i+1:])
	surfaceID, ok := openedSurface(d, msg)
	if !ok {
		return s
	}
	if s.Active != nil {
		s.Outcomes = appendBounded(s.Outcomes, Outcome{
			CallID: s.Active.CallID, SurfaceID: s.Active.SurfaceID, Outcome: OutcomeReplaced, Seq: ev.Seq,
		}, MaxOutcomes)
	}
	s.Active = &Occurrence{CallID: tasksurface.CallID(callID), SurfaceID: tasksurface.SurfaceID(surfaceID)}
	return s
}

// openedSurface returns the surface a tool result opens: the result is not
// an error and its meta is valid Task Surface presentation metadata.
func openedSurface(d, msg map[string]json.RawMessage) (string, bool) {
	if !absent(d, "error") {
		return "", false
	}
	content, ok := elements(msg["content"])
	if !ok {
		return "", false
	}
	for _, c := range content {
		if b, ok := object(c); ok && isTrue(b["isError"]) {
			return "", false
		}
	}
	meta, ok := object(d["meta"])
	if !ok {
		return "", false
	}
	if kind, ok := str(meta["kind"]); !ok || kind != tasksurface.MetaKind {
		return "", false
	}
	if v, ok := number(meta["version"]); !ok || v != tasksurface.MetaVersion {
		return "", false
	}
	surfaceID, ok := str(meta["surfaceId"])
	if !ok || !tasksurface.ValidID(surfaceID) {
		return "", false
	}
	if _, ok := object(meta["model"]); !ok {
		return "", false
	}
	return surfaceID, true
}

// applyUserMessage closes the active surface on a correlated submission
// (submitted) or an ordinary user message (bypassed).
func applyUserMessage(s State, ev Event) State {
	if s.Active == nil {
		return s
	}
	d, ok := object(ev.Data)
	if !ok {
		return s
	}
	src, ok := object(d["source"])
	if !ok {
		return s
	}
	if kind, ok := str(src["kind"]); !ok || kind != "user" {
		return s
	}
	messageID, _ := str(d["id"])
	if absent(src, tasksurface.SourceKey) {
		return closeActive(s, Outcome{Outcome: OutcomeBypassed, Seq: ev.Seq, MessageID: tasksurface.MessageID(messageID)})
	}
	c, ok := object(src[tasksurface.SourceKey])
	if !ok {
		return s
	}
	if v, ok := number(c["version"]); !ok || v != tasksurface.CorrelationVersion {
		return s
	}
	submissionID, ok := str(c["submissionId"])
	if !ok || !tasksurface.ValidID(submissionID) {
		return s
	}
	callID, ok := str(c["callId"])
	if !ok || tasksurface.CallID(callID) != s.Active.CallID {
		return s
	}
	surfaceID, ok := str(c["surfaceId"])
	if !ok || tasksurface.SurfaceID(surfaceID) != s.Active.SurfaceID {
		return s
	}
	if !absent(c, "values") {
		if _, ok := object(c["values"]); !ok {
			return s
		}
	}
	return closeActive(s, Outcome{
		Outcome: OutcomeSubmitted, Seq: ev.Seq, MessageID: tasksurface.MessageID(messageID), SubmissionID: tasksurface.SubmissionID(submissionID),
	})
}

// applyCommandRun remembers a dismissal command run until its done event.
func applyCommandRun(s State, ev Event) State {
	d, commandID, ok := named(ev.Data, tasksurface.CommandName, "commandId")
	if !ok {
		return s
	}
	args, ok := str(d["args"])
	if !ok {
		return s
	}
	surfaceID, dismissalID, ok := tasksurface.ParseDismissArgs(args)
	if !ok {
		return s
	}
	if slices.ContainsFunc(s.Dismissals, func(p PendingDismissal) bool { return p.CommandID == commandID }) {
		return s
	}
	s.Dismissals = appendBounded(s.Dismissals, PendingDismissal{
		CommandID: commandID, SurfaceID: string(surfaceID), DismissalID: string(dismissalID),
	}, MaxDismissals)
	return s
}

// applyCommandDone settles a dismissal run and, when it succeeded, closes
// the active surface it names.
func applyCommandDone(s State, ev Event) State {
	if len(s.Dismissals) == 0 {
		return s
	}
	d, ok := object(ev.Data)
	if !ok {
		return s
	}
	commandID, ok := nonEmpty(d["commandId"])
	if !ok {
		return s
	}
	kind, ok := str(d["kind"])
	if !ok {
		return s
	}
	i := slices.IndexFunc(s.Dismissals, func(p PendingDismissal) bool { return p.CommandID == commandID })
	if i < 0 {
		return s
	}
	run := s.Dismissals[i]
	s.Dismissals = slices.Concat(s.Dismissals[:i], s.Dismissals[i+1:])
	if kind != "success" || s.Active == nil || (run.SurfaceID != "" && tasksurface.SurfaceID(run.SurfaceID) != s.Active.SurfaceID) {
		return s
	}
	return closeActive(s, Outcome{Outcome: OutcomeDismissed, Seq: ev.Seq, DismissalID: tasksurface.DismissalID(run.DismissalID)})
}

// closeActive closes the active surface with the given outcome.
func closeActive(s State, o Outcome) State {
	o.CallID, o.SurfaceID = s.Active.CallID, s.Active.SurfaceID
	s.Active = nil
	s.Outcomes = appendBounded(s.Outcomes, o, MaxOutcomes)
	return s
}

// mayContain reports whether the JSON text raw may hold the string s once
// decoded: either s appears literally, or raw has a \u escape that could
// spell it. It lets Apply skip decoding events that cannot concern it
// without ever skipping one the JavaScript twin would read.
func mayContain(raw json.RawMessage, s string) bool {
	return bytes.Contains(raw, []byte(s)) || bytes.Contains(raw, []byte(`\u`))
}

// appendBounded returns a fresh slice holding list and v, keeping only the
// last max elements. It never writes into list's backing array.
func appendBounded[T any](list []T, v T, max int) []T {
	if len(list) >= max {
		list = list[len(list)-max+1:]
	}
	out := make([]T, 0, len(list)+1)
	return append(append(out, list...), v)
}
