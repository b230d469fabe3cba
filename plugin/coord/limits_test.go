package coord_test

import (
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/wire"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// TestLoweredLimitsMakeTheSurfaceStale checks that limits lowered below an
// open surface make it stale, not gone: getActive and submit say stale, the
// log gets a warning and no error, the surface can still be dismissed, and
// raising the limits again brings it back.
func TestLoweredLimitsMakeTheSurfaceStale(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		limits tasksurface.Limits
	}{
		{"fewer fields than it has", tasksurface.Limits{MaxFields: 1}},
		{"a smaller model than it is", tasksurface.Limits{MaxModelBytes: 64}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			surface := f.host.open(t, sess, "call_1")
			wantPending(t, f.active(f.svc, sess, surface), nil)
			f.svc.SetLimits(tt.limits)
			if got := f.active(f.svc, sess, surface); got.Active || got.Reason != tasksurface.ReasonStale {
				t.Errorf("getActive = %+v, want stale", got)
			}
			wantRefused(t, f.submit(f.svc, sess, surface, "sub-1", goodValues), tasksurface.ReasonStale)
			logs := f.logs.String()
			if strings.Contains(logs, `"@level":"error"`) || !strings.Contains(logs, "answering stale") {
				t.Errorf("want a warning that the surface is stale and no error:\n%s", logs)
			}
			f.svc.SetLimits(tasksurface.DefaultLimits)
			wantAccepted(t, f.submit(f.svc, sess, surface, "sub-1", goodValues), wire.MessageID(sess, surface, "sub-1"))
		})
	}
	t.Run("a stale surface can be dismissed", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t)
		surface := f.host.open(t, sess, "call_1")
		f.svc.SetLimits(tasksurface.Limits{MaxFields: 1})
		if d := f.dismiss(f.svc, sess, surface, "dis-1"); !d.Dismissed {
			t.Fatalf("dismiss = %+v, want dismissed", d)
		}
		if got := f.active(f.svc, sess, ""); got.Active || got.Reason != tasksurface.ReasonNotOpen {
			t.Errorf("after the dismissal getActive = %+v, want not-open", got)
		}
	})
}
