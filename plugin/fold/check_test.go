package fold_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// An event of a type the fold reads that it cannot read is reported with
// its seq and a pointer into it; everything else is not the fold's.
func TestCheckEvents(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		event   string
		code    tasksurface.Code
		pointer string
		seq     int64
	}{
		"a readable tool call":        {event: `{"type":"tool/call","seq":1,"data":{"callId":"c1","name":"show_task_surface","arguments":"{}"}}`},
		"an event of another type":    {event: `{"type":"assistant/message","seq":1,"data":"anything"}`},
		"an event without a type":     {event: `{"seq":1,"data":{}}`},
		"not an object":               {`"tool/call"`, tasksurface.CodeWrongType, "", -1},
		"null":                        {`null`, tasksurface.CodeWrongType, "", -1},
		"a line cut short":            {`{"type":"tool/call","seq":3,"data":{"callId":"c1","na`, tasksurface.CodeInvalidJSON, "", -1},
		"not JSON at all":             {`tool/call c1`, tasksurface.CodeInvalidJSON, "", -1},
		"an ordinary user message":    {event: `{"type":"user/message","seq":4,"data":{"id":"u1","role":"user","content":[],"source":{"kind":"user","rpcId":"r1"}}}`},
		"a null correlation":          {event: `{"type":"user/message","seq":4,"data":{"id":"u1","source":{"kind":"user","taskSurface":null}}}`},
		"a result without meta":       {event: `{"type":"tool/result","seq":2,"data":{"message":{"source":{"kind":"tool","callId":"c1"},"content":[]}}}`},
		"data that is a string":       {`{"type":"tool/result","seq":7,"data":"{\"message\":{}}"}`, tasksurface.CodeWrongType, "/data", 7},
		"a seq that is a string":      {`{"type":"tool/call","seq":"7","data":{}}`, tasksurface.CodeWrongType, "/seq", -1},
		"a negative seq":              {`{"type":"command/done","seq":-1,"data":{}}`, tasksurface.CodeWrongType, "/seq", -1},
		"a call id spelled otherwise": {`{"type":"tool/call","seq":3,"data":{"callID":"c1","name":"show_task_surface"}}`, tasksurface.CodeMissing, "/data/callId", 3},
		"a result without a source":   {`{"type":"tool/result","seq":5,"data":{"message":{"content":[]}}}`, tasksurface.CodeMissing, "/data/message/source", 5},
		"meta that is a string":       {`{"type":"tool/result","seq":5,"data":{"message":{"source":{"callId":"c1"},"content":[]},"meta":"{}"}}`, tasksurface.CodeWrongType, "/data/meta", 5},
		"a source that is a string":   {`{"type":"user/message","seq":9,"data":{"id":"u1","source":"user"}}`, tasksurface.CodeWrongType, "/data/source", 9},
		"a correlation without values": {`{"type":"user/message","seq":9,"data":{"id":"u1","source":{"kind":"user","taskSurface":{"version":1,"submissionId":"s","callId":"c","surfaceId":"f"}}}}`,
			tasksurface.CodeMissing, "/data/source/taskSurface/values", 9},
		"a correlation of version 2": {`{"type":"user/message","seq":9,"data":{"id":"u1","source":{"kind":"user","taskSurface":{"version":2,"submissionId":"s","callId":"c","surfaceId":"f","values":{}}}}}`,
			tasksurface.CodeUnsupportedVersion, "/data/source/taskSurface/version", 9},
		"dismissal args that are not a string": {`{"type":"command/run","seq":11,"data":{"commandId":"k","name":"task-surface","args":["dismiss"]}}`, tasksurface.CodeWrongType, "/data/args", 11},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			events := []json.RawMessage{json.RawMessage(`{"type":"turn/start","seq":0,"data":{}}`), json.RawMessage(tc.event)}
			got := fold.CheckEvents(events)
			if tc.code == "" {
				if len(got) != 0 {
					t.Fatalf("CheckEvents = %v, want no problem", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("CheckEvents = %v, want one problem", got)
			}
			p := got[0]
			if p.Index != 1 || p.Seq != tc.seq || p.Problem.Code != tc.code || p.Problem.Pointer != tc.pointer || p.Problem.Message == "" {
				t.Errorf("CheckEvents = %+v, want index 1, seq %d, %s at %s", p, tc.seq, tc.code, tc.pointer)
			}
		})
	}
}

// The constructors write events the check reads without a problem, and
// the payload's type is the event's.
func TestConstructorsWriteReadableEvents(t *testing.T) {
	t.Parallel()
	show := &tasksurface.ShowResponse{OK: true, Text: "opened", Meta: json.RawMessage(`{"kind":"dsh/task-surface"}`)}
	run, done := tasksurface.NewDismissal("cmd-1", &tasksurface.DismissalRecord{SurfaceID: "tsf_1", DismissalID: "d1",
		CommandName: "task-surface", CommandArgs: tasksurface.DismissArgs("tsf_1", "d1")})
	payloads := []tasksurface.EventData{
		tasksurface.NewToolCall("c1", "show_task_surface", json.RawMessage(`{"model":{}}`), ""),
		tasksurface.NewToolResult("c1", show),
		tasksurface.NewToolResult("c2", &tasksurface.ShowResponse{ErrorCode: "invalid-model", ErrorText: "fix it"}),
		tasksurface.NewFailedToolResult("c3", "transport", "the plugin is away"),
		(&tasksurface.Admission{MessageID: "m1", Text: "answers",
			Source: json.RawMessage(`{"kind":"user","rpcId":"r1","taskSurface":{"version":1,"submissionId":"s1","callId":"c1","surfaceId":"tsf_1","values":{}}}`)}).Message(),
		tasksurface.NewUserMessage("u2", "hello", json.RawMessage(`{"kind":"user"}`)),
		run, done,
	}
	var events []json.RawMessage
	for i, p := range payloads {
		ev, err := tasksurface.NewEvent(int64(i), p)
		if err != nil {
			t.Fatal(err)
		}
		if ev.Type != p.EventType() {
			t.Errorf("event %d has type %s, want %s", i, ev.Type, p.EventType())
		}
		raw, err := ev.Encode()
		if err != nil {
			t.Fatal(err)
		}
		events = append(events, raw)
	}
	if got := fold.CheckEvents(events); len(got) != 0 {
		t.Errorf("CheckEvents on constructed events = %v", got)
	}
	if run.Args != "dismiss tsf_1 d1" || done.Kind != tasksurface.CommandSucceeded {
		t.Errorf("dismissal records = %+v, %+v", run, done)
	}
}

// ReadLog hands every line that holds JSON to the fold and reports every
// other line with its number, so a torn line is never dropped in silence.
func TestReadLog(t *testing.T) {
	t.Parallel()
	const call = `{"type":"tool/call","seq":0,"data":{"callId":"c1","name":"show_task_surface","arguments":"{}"}}`
	tests := []struct {
		name      string
		log       string
		events    int
		lines     []int
		inMessage string
	}{
		{"a clean log", call + "\n" + call + "\n", 2, nil, ""},
		{"no newline after the last event", call + "\n" + call, 2, nil, ""},
		{"an empty log", "", 0, nil, ""},
		{"empty lines are no events", call + "\n\n  \n" + call + "\n", 2, nil, ""},
		{"a torn last line", call + "\n" + `{"type":"tool/res`, 1, []int{2}, "byte 96"},
		{"a torn line in the middle", call + "\n" + `{"ty` + "\n" + call + "\n", 2, []int{2}, "line 2"},
		{"two lines that are not JSON", "garbage\n" + call + "\n{\n", 1, []int{1, 3}, `"garbage"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			events, problems, err := tasksurface.ReadLog(strings.NewReader(tt.log))
			if err != nil {
				t.Fatal(err)
			}
			if len(events) != tt.events {
				t.Errorf("%d events, want %d", len(events), tt.events)
			}
			var lines []int
			for _, p := range problems {
				lines = append(lines, p.Line)
				if p.Index != -1 || p.Problem.Code != tasksurface.CodeInvalidJSON {
					t.Errorf("problem %+v, want index -1 and %s", p, tasksurface.CodeInvalidJSON)
				}
			}
			if !slices.Equal(lines, tt.lines) {
				t.Errorf("problems on lines %v, want %v", lines, tt.lines)
			}
			if tt.inMessage != "" && (len(problems) == 0 || !strings.Contains(problems[0].String(), tt.inMessage)) {
				t.Errorf("problems %v, want the first to say %s", problems, tt.inMessage)
			}
			if got := fold.CheckEvents(events); len(got) != 0 {
				t.Errorf("CheckEvents of what ReadLog returned = %v, want nothing", got)
			}
		})
	}
}
