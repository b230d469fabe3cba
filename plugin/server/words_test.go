package server

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// The live check and Submit word one value problem with one sentence, in
// the locale the client asks for: the Dock in zh sees the same Chinese
// sentence, its number grouped as the field's hint writes it, before and
// after Submit; without a locale both are English.
func TestCheckAndSubmitWordAProblemAlike(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := New("test", nil)
	args := `{"model":{"version":1,"title":"T","sections":[],"fields":[` +
		`{"kind":"number","id":"load","label":"Target load","min":100,"max":5000,"step":50}],"submit":{"label":"Go"}}}`
	view := json.RawMessage(`{"active":null,"outcomes":[]}`)
	shown, err := s.Show(ctx, &tasksurface.ShowRequest{SessionID: "ses_1", CallID: "call_1", Arguments: json.RawMessage(args), Projection: view})
	if err != nil || !shown.OK {
		t.Fatalf("Show: %+v, %v", shown, err)
	}
	var meta tasksurface.Meta
	if err := json.Unmarshal(shown.Meta, &meta); err != nil {
		t.Fatal(err)
	}
	open, err := json.Marshal(map[string]any{"active": map[string]any{"callId": "call_1", "surfaceId": meta.SurfaceID}, "outcomes": []any{}})
	if err != nil {
		t.Fatal(err)
	}
	snapshot := tasksurface.Snapshot{Projection: open, OpeningMeta: shown.Meta}
	values := json.RawMessage(`{"load":6000}`)
	for _, tc := range []struct{ locale, want string }{
		{"zh", "6,000 大于最大值 5,000。"},
		{"en", "6,000 is above the maximum 5,000."},
		{"", "6,000 is above the maximum 5,000."},
		{"fr", "6,000 is above the maximum 5,000."},
	} {
		checked, err := s.Check(ctx, &tasksurface.CheckRequest{SessionID: "ses_1", SurfaceID: tasksurface.SurfaceID(meta.SurfaceID), Values: values, Snapshot: snapshot, Locale: tc.locale})
		if err != nil || !checked.Checked || len(checked.Problems) != 1 {
			t.Fatalf("%q: Check: %+v, %v", tc.locale, checked, err)
		}
		submitted, err := s.Submit(ctx, &tasksurface.SubmitRequest{SessionID: "ses_1", SurfaceID: tasksurface.SurfaceID(meta.SurfaceID), SubmissionID: "tss_1",
			Values: values, Snapshot: snapshot, Locale: tc.locale})
		if err != nil || submitted.Accepted || len(submitted.Problems) != 1 {
			t.Fatalf("%q: Submit: %+v, %v", tc.locale, submitted, err)
		}
		c, sub := checked.Problems[0], submitted.Problems[0]
		if c.Message != tc.want || sub.Message != tc.want {
			t.Errorf("%q: Check says %q, Submit %q, want %q for both", tc.locale, c.Message, sub.Message, tc.want)
		}
		if c.Pointer != "/load" || sub.Pointer != "/load" || c.Rule != tasksurface.RuleAboveMax || sub.Rule != tasksurface.RuleAboveMax {
			t.Errorf("%q: Check %+v, Submit %+v: want rule above-max at /load", tc.locale, c, sub)
		}
	}
}
