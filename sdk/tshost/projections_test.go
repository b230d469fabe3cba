package tshost_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
)

// countingFolder folds by counting events; its view is the count, and
// it fails while down.
type countingFolder struct {
	batches []int
	down    bool
}

func (f *countingFolder) Fold(_ context.Context, req *tasksurface.FoldRequest) (*tasksurface.FoldResponse, error) {
	if f.down {
		return nil, errors.New("plugin restarting")
	}
	f.batches = append(f.batches, len(req.Events))
	n := 0
	if req.State != nil {
		if err := json.Unmarshal(req.State, &n); err != nil {
			return nil, err
		}
	}
	n += len(req.Events)
	state := json.RawMessage(fmt.Sprint(n))
	return &tasksurface.FoldResponse{State: state, View: state, Problems: fold.CheckEvents(req.Events)}, nil
}

func event(seq int64, typ, data string) tasksurface.Event {
	return tasksurface.Event{Type: typ, Seq: seq, Data: json.RawMessage(data)}
}

// Each event is folded once, in order; events met while the fold is down
// wait for the next call; problems come back with their seq.
func TestProjectionsFoldIncrementally(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	f := &countingFolder{}
	p := tshost.NewProjections(f, nil)
	if view, err := p.View(ctx, "s"); err != nil || string(view) != "0" {
		t.Fatalf("View of a session never appended to = %s, %v; want the empty log's view", view, err)
	}
	if view, problems, err := p.Append(ctx, "s", event(0, "turn/start", `{}`), event(1, "turn/end", `{}`)); err != nil || string(view) != "2" || len(problems) != 0 {
		t.Fatalf("Append = %s, %v, %v", view, problems, err)
	}
	f.down = true
	if _, _, err := p.Append(ctx, "s", event(2, "turn/start", `{}`)); err == nil {
		t.Fatal("Append while the fold is down did not fail")
	}
	f.down = false
	_, problems, err := p.Append(ctx, "s", event(3, "tool/result", `"oops"`))
	if err != nil || len(problems) != 1 || problems[0].Seq != 3 {
		t.Fatalf("Append after the fold came back = %v, %v; want the event at seq 3 reported", problems, err)
	}
	view, err := p.View(ctx, "s")
	if err != nil || string(view) != "4" {
		t.Fatalf("View = %s, %v; want every event folded once", view, err)
	}
	if want := []int{0, 2, 2}; fmt.Sprint(f.batches) != fmt.Sprint(want) {
		t.Errorf("fold batches = %v, want %v", f.batches, want)
	}
	p.Reset("s")
	if view, _ := p.View(ctx, "s"); string(view) != "0" {
		t.Errorf("a reset session's view = %s, want the empty log's", view)
	}
}

// The index keeps the metadata of each call's last result, and finds the
// open surface's from a projection view.
func TestToolResults(t *testing.T) {
	t.Parallel()
	idx := tshost.NewToolResults()
	idx.Add("s",
		event(0, tasksurface.EventToolCall, `{"callId":"c1","name":"show_task_surface","arguments":"{}"}`),
		event(1, tasksurface.EventToolResult, `{"message":{"source":{"kind":"tool","callId":"c1"},"content":[]},"meta":{"v":1}}`),
		event(2, tasksurface.EventToolResult, `{"message":{"source":{"kind":"tool","callId":"c2"},"content":[]},"meta":{"v":1}}`),
		event(3, tasksurface.EventToolResult, `{"message":{"source":{"kind":"tool","callId":"c2"},"content":[{"type":"tool-result","isError":true}]}}`),
		event(4, tasksurface.EventToolResult, `{"message":{"source":{"kind":"tool","callId":"c1"},"content":[]},"meta":{"v":2}}`),
	)
	tests := map[string]struct {
		session, view, want string
	}{
		"the last result wins":            {"s", `{"active":{"callId":"c1","surfaceId":"x"},"outcomes":[]}`, `{"v":2}`},
		"a later result without metadata": {"s", `{"active":{"callId":"c2","surfaceId":"x"},"outcomes":[]}`, ``},
		"an unknown call":                 {"s", `{"active":{"callId":"c9","surfaceId":"x"},"outcomes":[]}`, ``},
		"another session's call":          {"t", `{"active":{"callId":"c1","surfaceId":"x"},"outcomes":[]}`, ``},
		"nothing open":                    {"s", `{"active":null,"outcomes":[]}`, ``},
		"a view that is not a view":       {"s", `[]`, ``},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if got := idx.OpeningMeta(tasksurface.SessionID(tc.session), json.RawMessage(tc.view)); string(got) != tc.want {
				t.Errorf("OpeningMeta = %s, want %q", got, tc.want)
			}
		})
	}
}

// Events handed over for later are folded by the next read, once, and no
// fold runs before it.
func TestProjectionsAppendLater(t *testing.T) {
	t.Parallel()
	f := &countingFolder{}
	p := tshost.NewProjections(f, nil)
	if err := p.AppendLater("s", event(0, "turn/start", `{}`), event(1, "turn/end", `{}`)); err != nil {
		t.Fatal(err)
	}
	if len(f.batches) != 0 {
		t.Fatalf("AppendLater folded %v", f.batches)
	}
	view, err := p.View(t.Context(), "s")
	if err != nil || string(view) != "2" {
		t.Fatalf("View = %s, %v; want both events folded", view, err)
	}
	if _, _, err := p.Append(t.Context(), "s", event(2, "turn/start", `{}`)); err != nil {
		t.Fatal(err)
	}
	if want := []int{2, 1}; fmt.Sprint(f.batches) != fmt.Sprint(want) {
		t.Errorf("fold batches = %v, want %v", f.batches, want)
	}
}
