package coord_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

func TestGetActive(t *testing.T) {
	t.Parallel()
	m, problems := model.Parse([]byte(testModel), tasksurface.DefaultLimits)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	normalized, err := m.Normalized()
	if err != nil {
		t.Fatal(err)
	}
	html := markdown.RenderBlocks(markdown.New(), m)
	tests := []struct {
		name    string
		surface func(opened string) string
		active  bool
		reason  tasksurface.Reason
	}{
		{"without a surface id", func(string) string { return "" }, true, ""},
		{"naming the open surface", func(s string) string { return s }, true, ""},
		{"naming another surface", func(string) string { return "tsf_old" }, false, tasksurface.ReasonStale},
		{"naming an invalid id", func(string) string { return "tsf old" }, false, tasksurface.ReasonNotOpen},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			opened := f.host.open(t, sess, "call_1")
			got := f.active(f.svc, sess, tt.surface(opened))
			if got.Active != tt.active || got.Reason != tt.reason {
				t.Fatalf("getActive = %+v, want active %v reason %q", got, tt.active, tt.reason)
			}
			if !tt.active {
				if got.Model != nil || got.Pending != nil {
					t.Errorf("a refused getActive carries a model or pending: %+v", got)
				}
				return
			}
			if got.CallID != "call_1" || string(got.SurfaceID) != opened {
				t.Errorf("occurrence = %s/%s", got.CallID, got.SurfaceID)
			}
			if string(got.Model) != string(normalized) {
				t.Errorf("model =\n%s\nwant\n%s", got.Model, normalized)
			}
			// The meta's own Markdown map holds a script; the answer is rendered
			// again from the model under the policy.
			var gotHTML map[string]string
			if err := json.Unmarshal(got.Markdown, &gotHTML); err != nil {
				t.Fatalf("markdown %s: %v", got.Markdown, err)
			}
			if !reflect.DeepEqual(gotHTML, html) {
				t.Errorf("markdown = %q, want %q", gotHTML, html)
			}
			block := gotHTML["/sections/0/blocks/0"]
			if strings.Contains(block, "<script") || strings.Contains(block, "<img") || !strings.Contains(block, "logo") || !strings.Contains(block, "<strong>one</strong>") {
				t.Errorf("markdown block %q: want the policy's rendering, the image as its alt text", block)
			}
			if got.Pending != nil {
				t.Errorf("pending = %+v, want none", got.Pending)
			}
		})
	}
}

// A client that holds the open surface's model gets the rest of the answer
// without it: the model and its Markdown are neither encoded nor sent. Holding
// says nothing without a surface id, and a stale one is refused as before.
func TestGetActiveWithTheModelHeld(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		surface   func(opened string) string
		active    bool
		reason    tasksurface.Reason
		withModel bool
	}{
		{"naming the open surface", func(s string) string { return s }, true, "", false},
		{"without a surface id", func(string) string { return "" }, true, "", true},
		{"naming another surface", func(string) string { return "tsf_old" }, false, tasksurface.ReasonStale, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			opened := f.host.open(t, sess, "call_1")
			got, err := f.svc.GetActive(context.Background(), &tasksurface.GetActiveRequest{SessionID: sess, SurfaceID: tasksurface.SurfaceID(tt.surface(opened)), ModelHeld: true})
			if err != nil {
				t.Fatal(err)
			}
			if got.Active != tt.active || got.Reason != tt.reason {
				t.Fatalf("getActive = %+v, want active %v reason %q", got, tt.active, tt.reason)
			}
			if tt.active && (got.CallID != "call_1" || string(got.SurfaceID) != opened) {
				t.Errorf("occurrence = %s/%s", got.CallID, got.SurfaceID)
			}
			if has := got.Model != nil || got.Markdown != nil; has != tt.withModel {
				t.Errorf("model %q, markdown %q; want them: %v", got.Model, got.Markdown, tt.withModel)
			}
		})
	}
}

func TestGetActiveFollowsTheLog(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	if got := f.active(f.svc, sess, ""); got.Active || got.Reason != tasksurface.ReasonNotOpen {
		t.Fatalf("before any call: %+v", got)
	}
	first := f.host.open(t, sess, "call_1")
	if got := f.active(f.svc, sess, ""); !got.Active || string(got.SurfaceID) != first {
		t.Fatalf("after the first call: %+v", got)
	}
	f.host.bypass(sess)
	if got := f.active(f.svc, sess, first); got.Reason != tasksurface.ReasonNotOpen {
		t.Fatalf("after a bypass: %+v", got)
	}
	second := f.host.open(t, sess, "call_2")
	if got := f.active(f.svc, sess, ""); !got.Active || string(got.SurfaceID) != second || got.CallID != "call_2" {
		t.Fatalf("after the second call: %+v", got)
	}
	if got := f.active(f.svc, sess, first); got.Reason != tasksurface.ReasonStale {
		t.Fatalf("the first surface after the second opened: %+v", got)
	}
	if got := f.active(f.svc, "session-2", ""); got.Active {
		t.Fatalf("another session sees the surface: %+v", got)
	}
}
