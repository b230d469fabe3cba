package folds

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
)

// Session is one fresh session of a harness under test: its own log and
// the projection its host serves.
type Session interface {
	// Append writes events to the session's log as the harness writes
	// events, keeping each event's type, seq and data.
	Append(ctx context.Context, events ...tasksurface.Event) error
	// View returns the projection view the harness's host holds for the
	// session (what its snapshots carry).
	View(ctx context.Context) (json.RawMessage, error)
}

// Run folds every case through folder, the way the harness calls the
// plugin's Fold, and compares the state and the view with the vector's. Its
// subtests are named fold/<file>/<case>, so they stay apart from RunLog's
// in the same test.
func Run(t *testing.T, folder tshost.Folder) {
	t.Helper()
	for _, c := range mustCases(t) {
		t.Run("fold/"+c.File+"/"+c.Name, func(t *testing.T) {
			initial := c.Initial
			if isNull(initial) {
				initial = nil
			}
			out, err := folder.Fold(t.Context(), &tasksurface.FoldRequest{State: initial, Events: c.Events})
			if err != nil {
				t.Fatalf("Fold: %v", err)
			}
			sameJSON(t, "state", out.State, c.State)
			sameJSON(t, "view", out.View, c.View)
		})
	}
}

// RunLog writes the events of every case a log can hold into a fresh
// session of the harness and compares the view its host serves with the
// vector's. It reports how many cases a log cannot hold (an initial state,
// or an event that is not a {type, seq, data} envelope); it fails when
// none can be run. Its subtests are named log/<file>/<case>.
func RunLog(t *testing.T, newSession func(t *testing.T) Session) {
	t.Helper()
	ran, other := 0, 0
	for _, c := range mustCases(t) {
		events, ok := asLog(c)
		if !ok {
			other++
			continue
		}
		ran++
		t.Run("log/"+c.File+"/"+c.Name, func(t *testing.T) {
			s := newSession(t)
			if err := s.Append(t.Context(), events...); err != nil {
				t.Fatalf("Append: %v", err)
			}
			view, err := s.View(t.Context())
			if err != nil {
				t.Fatalf("View: %v", err)
			}
			sameJSON(t, "view", view, c.View)
		})
	}
	if ran == 0 {
		t.Fatal("no fold vector can be written as a log")
	}
	t.Logf("%d fold vectors run through the harness's log; %d need an initial state or an event no log holds and run through Run only", ran, other)
}

// asLog returns a case's events as log events, if a log can hold them
// exactly.
func asLog(c Case) ([]tasksurface.Event, bool) {
	if !isNull(c.Initial) {
		return nil, false
	}
	out := make([]tasksurface.Event, 0, len(c.Events))
	for _, raw := range c.Events {
		var e tasksurface.Event
		if json.Unmarshal(raw, &e) != nil || e.Type == "" {
			return nil, false
		}
		again, err := e.Encode()
		if err != nil || !equalJSON(again, raw) {
			return nil, false
		}
		out = append(out, e)
	}
	return out, true
}

func mustCases(t *testing.T) []Case {
	t.Helper()
	cases, err := Cases()
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

func isNull(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) == 0 || string(raw) == "null"
}

func equalJSON(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

func sameJSON(t *testing.T, what string, got, want []byte) {
	t.Helper()
	if !equalJSON(got, want) {
		t.Errorf("%s:\n got  %s\n want %s", what, got, want)
	}
}
