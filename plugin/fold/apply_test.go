package fold_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ev builds an event from a type, a seq and a JSON data document.
func ev(typ string, seq int64, data string) fold.Event {
	return fold.Event{Type: typ, Seq: seq, Data: json.RawMessage(data)}
}

func callEvent(seq int64, callID tasksurface.CallID) fold.Event {
	return ev("tool/call", seq, fmt.Sprintf(`{"turn":1,"step":1,"callId":%q,"name":"show_task_surface","arguments":"{}"}`, callID))
}

func resultEvent(seq int64, callID, surfaceID string) fold.Event {
	return ev("tool/result", seq, fmt.Sprintf(`{"turn":1,"step":1,"message":{"source":{"kind":"tool","callId":%q},"content":[{"type":"tool-result","toolCallId":%[1]q,"content":[],"isError":false}],"role":"user","id":"r"},"meta":{"kind":"dsh/task-surface","version":1,"surfaceId":%q,"model":{"version":1}}}`, callID, surfaceID))
}

func bypassEvent(seq int64) fold.Event {
	return ev("user/message", seq, `{"id":"u","role":"user","content":[],"source":{"kind":"user"}}`)
}

func runEvent(seq int64, commandID, args string) fold.Event {
	return ev("command/run", seq, fmt.Sprintf(`{"commandId":%q,"name":"task-surface","args":%q}`, commandID, args))
}

// marshal renders a state for comparison.
func marshal(t *testing.T, s fold.State) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestApplyNeverWritesIntoItsInput applies two different events to the same
// state whose lists have spare capacity: the first result must survive the
// second call, as the harness keeps old states in checkpoints.
func TestApplyNeverWritesIntoItsInput(t *testing.T) {
	t.Parallel()
	base := func() fold.State {
		s := fold.Init()
		s.Active = &fold.Occurrence{CallID: "call_0", SurfaceID: "tsf_0"}
		s.Calls = append(make([]string, 0, 8), "call_1", "call_2")
		s.Dismissals = append(make([]fold.PendingDismissal, 0, 8), fold.PendingDismissal{CommandID: "cmd-1"})
		s.Outcomes = append(make([]fold.Outcome, 0, 8), fold.Outcome{CallID: "c", SurfaceID: "s", Outcome: fold.OutcomeBypassed, Seq: 1})
		return s
	}
	tests := []struct {
		name        string
		first, then fold.Event
	}{
		{"calls grow", callEvent(5, "call_3"), callEvent(6, "call_4")},
		{"calls shrink", resultEvent(5, "call_1", "tsf_1"), resultEvent(6, "call_2", "tsf_2")},
		{"dismissals grow", runEvent(5, "cmd-2", "dismiss"), runEvent(6, "cmd-3", "dismiss")},
		{"outcomes grow", bypassEvent(5), ev("command/done", 6, `{"commandId":"cmd-1","kind":"success"}`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := base()
			before := marshal(t, s)
			first := fold.Apply(s, tt.first)
			firstJSON := marshal(t, first)
			if firstJSON == before {
				t.Fatalf("the first event changed nothing: %s", before)
			}
			_ = fold.Apply(s, tt.then)
			if got := marshal(t, s); got != before {
				t.Errorf("input state changed:\n got  %s\n want %s", got, before)
			}
			if got := marshal(t, first); got != firstJSON {
				t.Errorf("earlier result changed by a later Apply:\n got  %s\n want %s", got, firstJSON)
			}
		})
	}
}

// TestApplyTwiceIsApplyOnce checks that folding an event again, as a replay
// after a checkpoint may, changes nothing more.
func TestApplyTwiceIsApplyOnce(t *testing.T) {
	t.Parallel()
	for file, cases := range loadVectors(t) {
		for _, c := range cases {
			t.Run(file+"/"+c.Name, func(t *testing.T) {
				t.Parallel()
				s := fold.Init()
				if len(c.Initial) > 0 {
					if err := json.Unmarshal(c.Initial, &s); err != nil {
						t.Fatal(err)
					}
				}
				for _, raw := range c.Events {
					e, err := fold.DecodeEvent(raw)
					if err != nil {
						continue
					}
					once := fold.Apply(s, e)
					twice := fold.Apply(once, e)
					if a, b := marshal(t, once), marshal(t, twice); a != b {
						t.Fatalf("event %s folded twice:\n once  %s\n twice %s", raw, a, b)
					}
					s = once
				}
			})
		}
	}
}

func TestApplyIgnoresInvalidSeq(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		seq  int64
	}{
		{"negative", -1},
		{"beyond 2^53-1", 1 << 53},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := fold.Init()
			if got := fold.Apply(s, callEvent(tt.seq, "call_1")); !reflect.DeepEqual(got, s) {
				t.Errorf("state changed: %+v", got)
			}
		})
	}
}

func TestDecodeEvent(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		raw     string
		want    fold.Event
		wantErr bool
	}{
		{"event", `{"type":"tool/call","seq":3,"data":{"a":1}}`, fold.Event{Type: "tool/call", Seq: 3, Data: json.RawMessage(`{"a":1}`)}, false},
		{"seq written with an exponent", `{"type":"x","seq":1e3}`, fold.Event{Type: "x", Seq: 1000}, false},
		{"not an object", `[1]`, fold.Event{}, true},
		{"not JSON", `{"type":`, fold.Event{}, true},
		{"type of another case", `{"Type":"x","seq":1}`, fold.Event{}, true},
		{"seq null", `{"type":"x","seq":null}`, fold.Event{}, true},
		{"seq too large for a float", `{"type":"x","seq":1e400}`, fold.Event{}, true},
		{"seq fractional", `{"type":"x","seq":0.5}`, fold.Event{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := fold.DecodeEvent(json.RawMessage(tt.raw))
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestFoldJSONState(t *testing.T) {
	t.Parallel()
	open := `{"active":{"callId":"call_1","surfaceId":"tsf_a"},"calls":[],"dismissals":[],"outcomes":[]}`
	tests := []struct {
		name      string
		state     string
		wantState string
		wantErr   bool
	}{
		{"empty is the initial state", ``, `{"active":null,"calls":[],"dismissals":[],"outcomes":[]}`, false},
		{"null is the initial state", `null`, `{"active":null,"calls":[],"dismissals":[],"outcomes":[]}`, false},
		{"missing lists read as empty", `{"active":{"callId":"call_1","surfaceId":"tsf_a"}}`, open, false},
		{"a state round-trips", open, open, false},
		{"not JSON", `{`, ``, true},
		{"an unknown key", `{"active":null,"open":true}`, ``, true},
		{"an active surface without a surface id", `{"active":{"callId":"call_1"}}`, ``, true},
		{"trailing data", open + ` {}`, ``, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			state, view, err := fold.FoldJSON(json.RawMessage(tt.state), nil)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if tt.wantErr {
				return
			}
			if string(state) != tt.wantState {
				t.Errorf("state = %s, want %s", state, tt.wantState)
			}
			var v fold.View
			if err := json.Unmarshal(view, &v); err != nil {
				t.Fatalf("view %s: %v", view, err)
			}
		})
	}
}

func TestParseViewAndOutcomeOf(t *testing.T) {
	t.Parallel()
	raw := `{"active":{"callId":"call_3","surfaceId":"tsf_c"},"outcomes":[` +
		`{"callId":"call_1","surfaceId":"tsf_a","outcome":"dismissed","seq":4,"dismissalId":"dis-1"},` +
		`{"callId":"call_2","surfaceId":"tsf_b","outcome":"submitted","seq":9,"messageId":"tsm_1","submissionId":"sub-1","values":{"x":1}}]}`
	tests := []struct {
		name    string
		surface tasksurface.SurfaceID
		want    tasksurface.Outcome
		found   bool
	}{
		{"dismissed", "tsf_a", fold.OutcomeDismissed, true},
		{"submitted", "tsf_b", fold.OutcomeSubmitted, true},
		{"still open", "tsf_c", "", false},
		{"never seen", "tsf_z", "", false},
	}
	v, err := fold.ParseView(json.RawMessage(raw))
	if err != nil {
		t.Fatal(err)
	}
	if v.Active == nil || v.Active.SurfaceID != "tsf_c" {
		t.Fatalf("active = %+v", v.Active)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			o, ok := v.OutcomeOf(tt.surface)
			if ok != tt.found || o.Outcome != tt.want {
				t.Errorf("OutcomeOf(%q) = %+v, %v", tt.surface, o, ok)
			}
		})
	}
	for _, bad := range []string{`[]`, `{"active":{"callId":""}}`, `{"outcomes":{}}`} {
		if _, err := fold.ParseView(json.RawMessage(bad)); err == nil {
			t.Errorf("ParseView(%s) succeeded", bad)
		}
	}
	if v, err := fold.ParseView(nil); err != nil || v.Active != nil || v.Outcomes == nil {
		t.Errorf("ParseView(nil) = %+v, %v", v, err)
	}
}

// FuzzFoldJSON checks that no event, however malformed, makes the fold
// panic or produce a state it cannot read back, and that folding an event
// twice is folding it once.
func FuzzFoldJSON(f *testing.F) {
	busy := `{"active":{"callId":"call_1","surfaceId":"tsf_a"},"calls":["call_2"],"dismissals":[{"commandId":"cmd-1","surfaceId":""}],"outcomes":[]}`
	seeds := []string{
		`{"type":"tool/call","seq":1,"data":{"callId":"call_2","name":"show_task_surface"}}`,
		`{"type":"tool/result","seq":2,"data":{"message":{"source":{"callId":"call_2"},"content":[]},"meta":{"kind":"dsh/task-surface","version":1,"surfaceId":"tsf_b","model":{}}}}`,
		`{"type":"user/message","seq":3,"data":{"source":{"kind":"user","taskSurface":{"version":1,"submissionId":"s","callId":"call_1","surfaceId":"tsf_a","values":{}}}}}`,
		`{"type":"command/run","seq":4,"data":{"commandId":"cmd-2","name":"task-surface","args":"dismiss"}}`,
		`{"type":"command/done","seq":5,"data":{"commandId":"cmd-1","kind":"success"}}`,
		`{"type":"command/run","seq":4,"data":{"commandId":"cmd-2","name":"task-surface","args":" dismiss "}}`,
		`null`, `[]`, `"x"`, `{"type":"user/message","seq":1,"data":{"source":{"kind":"user"}}}`,
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, event string) {
		state, _, err := fold.FoldJSON(json.RawMessage(busy), []json.RawMessage{json.RawMessage(event)})
		if err != nil {
			t.Fatalf("FoldJSON: %v", err)
		}
		again, _, err := fold.FoldJSON(state, []json.RawMessage{json.RawMessage(event)})
		if err != nil {
			t.Fatalf("FoldJSON of its own state: %v", err)
		}
		if string(again) != string(state) {
			t.Fatalf("folding %s twice:\n once  %s\n twice %s", event, state, again)
		}
	})
}
