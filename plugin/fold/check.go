package fold

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// kind is the JSON type a member of an event must have.
type kind int

const (
	kindObject kind = iota
	kindArray
	kindText // a non-empty string
	kindString
)

func (k kind) String() string {
	switch k {
	case kindObject:
		return "an object"
	case kindArray:
		return "an array"
	case kindText:
		return "a non-empty string"
	default:
		return "a string"
	}
}

// member is one member an event of a type must have, by its path under
// the event; an optional member is checked only when it is present and not
// null.
type member struct {
	path     string
	kind     kind
	optional bool
}

// required lists, per event type, what the fold reads: an event without it
// cannot take part in the projection. Keys match exactly, as the fold's.
var required = map[string][]member{
	tasksurface.EventToolCall: {{path: "/data", kind: kindObject}, {path: "/data/callId", kind: kindText}, {path: "/data/name", kind: kindText}},
	tasksurface.EventToolResult: {
		{path: "/data", kind: kindObject}, {path: "/data/message", kind: kindObject},
		{path: "/data/message/source", kind: kindObject}, {path: "/data/message/source/callId", kind: kindText},
		{path: "/data/message/content", kind: kindArray}, {path: "/data/meta", kind: kindObject, optional: true},
	},
	tasksurface.EventUserMessage: {
		{path: "/data", kind: kindObject}, {path: "/data/id", kind: kindText},
		{path: "/data/source", kind: kindObject}, {path: "/data/source/kind", kind: kindText},
		{path: "/data/source/taskSurface", kind: kindObject, optional: true},
	},
	tasksurface.EventCommandRun:  {{path: "/data", kind: kindObject}, {path: "/data/commandId", kind: kindText}, {path: "/data/name", kind: kindText}, {path: "/data/args", kind: kindString}},
	tasksurface.EventCommandDone: {{path: "/data", kind: kindObject}, {path: "/data/commandId", kind: kindText}, {path: "/data/kind", kind: kindText}},
}

// correlationMembers are what a taskSurface member of a source must hold.
var correlationMembers = []member{
	{path: "/data/source/taskSurface/submissionId", kind: kindText}, {path: "/data/source/taskSurface/callId", kind: kindText},
	{path: "/data/source/taskSurface/surfaceId", kind: kindText}, {path: "/data/source/taskSurface/values", kind: kindObject},
}

// CheckEvents reports every event the fold could not read: an event that
// is not JSON (a line cut short by a crash) or not a JSON object, with its
// index and tasksurface.CodeInvalidJSON or tasksurface.CodeWrongType; and an event of a type the
// fold reads whose seq is not a non-negative integer, or whose data lacks a
// member the fold needs or has it with the wrong JSON type (see the Event*
// constants and the payload types). Objects of other types, and objects
// whose type is not a string, are not the fold's and are not reported. A
// harness calls it on what it folds (Supervisor.Fold and
// tshost.Projections do) so a log written wrongly is a problem with the
// event's position, not an empty projection.
func CheckEvents(events []json.RawMessage) []tasksurface.LogProblem {
	var out []tasksurface.LogProblem
	for i, raw := range events {
		if p := checkEvent(raw); p != nil {
			p.Index = i
			out = append(out, *p)
		}
	}
	return out
}

func checkEvent(raw json.RawMessage) *tasksurface.LogProblem {
	if !json.Valid(raw) {
		return &tasksurface.LogProblem{Seq: -1, Problem: tasksurface.Problem{Code: tasksurface.CodeInvalidJSON, Pointer: "",
			Message: fmt.Sprintf("the event is not JSON (%d bytes); the fold skips it", len(raw))}}
	}
	var env map[string]json.RawMessage
	if json.Unmarshal(raw, &env) != nil || env == nil {
		return &tasksurface.LogProblem{Seq: -1, Problem: tasksurface.Problem{Code: tasksurface.CodeWrongType, Pointer: "",
			Message: "the event must be an object {type, seq, time, data}; the fold skips it"}}
	}
	var typ string
	if json.Unmarshal(env["type"], &typ) != nil {
		return nil
	}
	members, ok := required[typ]
	if !ok {
		return nil
	}
	seq, ok := seqOf(env["seq"])
	if !ok {
		return &tasksurface.LogProblem{Seq: -1, Type: typ, Problem: tasksurface.Problem{Code: tasksurface.CodeWrongType, Pointer: "/seq",
			Message: "seq must be a non-negative integer, the event's position in the session log"}}
	}
	problem := func(pr *tasksurface.Problem) *tasksurface.LogProblem {
		return &tasksurface.LogProblem{Seq: seq, Type: typ, Problem: *pr}
	}
	if pr := checkMembers(env, members); pr != nil {
		return problem(pr)
	}
	if typ == tasksurface.EventUserMessage {
		if ts, present := lookup(env, "/data/source/taskSurface"); present && !isNull(ts) {
			if pr := checkMembers(env, correlationMembers); pr != nil {
				return problem(pr)
			}
			var c struct {
				Version json.RawMessage `json:"version"`
			}
			_ = json.Unmarshal(ts, &c)
			if string(bytes.TrimSpace(c.Version)) != fmt.Sprint(tasksurface.CorrelationVersion) {
				return problem(&tasksurface.Problem{Code: tasksurface.CodeUnsupportedVersion, Pointer: "/data/source/taskSurface/version",
					Message: fmt.Sprintf("the correlation's version must be %d; this message closes no surface", tasksurface.CorrelationVersion)})
			}
		}
	}
	return nil
}

func checkMembers(env map[string]json.RawMessage, members []member) *tasksurface.Problem {
	for _, m := range members {
		v, present := lookup(env, m.path)
		if m.optional && (!present || isNull(v)) {
			continue
		}
		if !present {
			return &tasksurface.Problem{Code: tasksurface.CodeMissing, Pointer: m.path, Message: fmt.Sprintf("%s is missing; it must be %s", m.path, m.kind)}
		}
		if !hasKind(v, m.kind) {
			return &tasksurface.Problem{Code: tasksurface.CodeWrongType, Pointer: m.path, Message: fmt.Sprintf("%s must be %s", m.path, m.kind)}
		}
	}
	return nil
}

// lookup follows a pointer of plain keys through objects.
func lookup(env map[string]json.RawMessage, path string) (json.RawMessage, bool) {
	keys := strings.Split(strings.TrimPrefix(path, "/"), "/")
	cur := env
	for i, k := range keys {
		v, ok := cur[k]
		if !ok {
			return nil, false
		}
		if i == len(keys)-1 {
			return v, true
		}
		cur = nil
		if json.Unmarshal(v, &cur) != nil || cur == nil {
			return nil, false
		}
	}
	return nil, false
}

func hasKind(v json.RawMessage, k kind) bool {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return false
	}
	switch k {
	case kindObject:
		return v[0] == '{'
	case kindArray:
		return v[0] == '['
	default:
		var s string
		if json.Unmarshal(v, &s) != nil {
			return false
		}
		return k == kindString || s != ""
	}
}

// seqOf reads a seq: a JSON number that is a non-negative integer no
// larger than JavaScript's largest safe integer.
func seqOf(raw json.RawMessage) (int64, bool) {
	var f float64
	if json.Unmarshal(raw, &f) != nil || f < 0 || f != math.Trunc(f) || f > 1<<53-1 {
		return 0, false
	}
	return int64(f), true
}
