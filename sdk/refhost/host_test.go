package refhost_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/dsh-community/task-surface/sdk/refhost"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ReadToolResult answers from the log, imported or appended: the call's
// tool and parent, and its last result's metadata and error flag.
func TestReadToolResult(t *testing.T) {
	t.Parallel()
	event := func(seq int64, typ, data string) refhost.Event {
		return refhost.Event{Type: typ, Seq: seq, Data: json.RawMessage(data)}
	}
	h := refhost.New(nil)
	session := h.ImportSession([]refhost.Event{
		event(0, "tool/call", `{"turn":1,"step":1,"callId":"call_1","name":"show_task_surface","arguments":"{}"}`),
		event(1, "tool/result", `{"turn":1,"step":1,"message":{"source":{"kind":"tool","callId":"call_1"},"content":[],"role":"user","id":"r1"},"meta":{"v":1}}`),
		event(2, "tool/call", `{"turn":2,"step":1,"callId":"call_2","name":"run_code","arguments":"{}"}`),
		event(3, "tool/call", `{"turn":2,"step":2,"callId":"call_3","name":"show_task_surface","arguments":"{}","parentCallId":"call_2"}`),
		event(4, "tool/result", `{"turn":2,"step":2,"message":{"source":{"kind":"tool","callId":"call_3"},"content":[],"role":"user","id":"r3"},"error":{"name":"ToolError","code":"nested-call"}}`),
		event(5, "tool/result", `{"turn":1,"step":1,"message":{"source":{"kind":"tool","callId":"call_1"},"content":[],"role":"user","id":"r1b"},"meta":{"v":2}}`),
		event(6, "tool/result", `not json`),
	})
	tests := map[string]struct {
		call string
		want tasksurface.ReadToolResultResponse
	}{
		"the last result wins":         {"call_1", tasksurface.ReadToolResultResponse{Found: true, ToolName: "show_task_surface", Meta: json.RawMessage(`{"v":2}`)}},
		"a call without a result":      {"call_2", tasksurface.ReadToolResultResponse{ToolName: "run_code"}},
		"a nested call that failed":    {"call_3", tasksurface.ReadToolResultResponse{Found: true, ToolName: "show_task_surface", ParentCallID: "call_2", IsError: true}},
		"a call the log does not know": {"call_9", tasksurface.ReadToolResultResponse{}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := h.ReadToolResult(context.Background(), &tasksurface.ReadToolResultRequest{SessionID: session, CallID: tasksurface.CallID(tt.call)})
			if err != nil {
				t.Fatal(err)
			}
			if got.Found != tt.want.Found || got.ToolName != tt.want.ToolName || got.ParentCallID != tt.want.ParentCallID ||
				got.IsError != tt.want.IsError || string(got.Meta) != string(tt.want.Meta) {
				t.Errorf("ReadToolResult(%s) = %+v, want %+v", tt.call, got, tt.want)
			}
		})
	}
}
