package coord_test

import (
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/wire"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

func TestDismiss(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		run  func(t *testing.T, f *fixture, surface string)
	}{
		{"closes the open surface with one log record", func(t *testing.T, f *fixture, surface string) {
			d := f.dismiss(f.svc, sess, surface, "dis-1")
			if !d.Dismissed || d.EventSeq == 0 {
				t.Fatalf("dismiss = %+v, want dismissed with a seq", d)
			}
			if got := f.active(f.svc, sess, ""); got.Active || got.Reason != tasksurface.ReasonNotOpen {
				t.Errorf("getActive = %+v, want not-open", got)
			}
			if types := f.host.logTypes(sess); types[wire.EventCommandRun] != 1 || types[wire.EventCommandDone] != 1 {
				t.Errorf("log types = %v, want one command pair", types)
			}
			if types := f.host.logTypes(sess); types[wire.EventUserMessage] != 0 {
				t.Errorf("a dismissal wrote a user message (it must start no turn)")
			}
		}},
		{"an empty surface id means the open surface", func(t *testing.T, f *fixture, surface string) {
			if d := f.dismiss(f.svc, sess, "", "cmd-typed-1"); !d.Dismissed {
				t.Fatalf("dismiss = %+v, want dismissed", d)
			}
		}},
		{"a retry answers the original seq and writes nothing", func(t *testing.T, f *fixture, surface string) {
			first := f.dismiss(f.svc, sess, surface, "dis-1")
			again := f.dismiss(f.svc, sess, surface, "dis-1")
			if *again != *first {
				t.Errorf("retry = %+v, want %+v", again, first)
			}
			if _, records := f.host.counts(); records != 1 {
				t.Errorf("%d dismissal writes, want 1", records)
			}
		}},
		{"a retry before the log shows the dismissal answers from memory", func(t *testing.T, f *fixture, surface string) {
			f.host.recordLag = true
			first := f.dismiss(f.svc, sess, surface, "dis-1")
			again := f.dismiss(f.svc, sess, surface, "dis-1")
			if !first.Dismissed || *again != *first {
				t.Errorf("retry = %+v, want %+v", again, first)
			}
			if _, records := f.host.counts(); records != 1 {
				t.Errorf("%d dismissal writes, want 1", records)
			}
		}},
		{"a retry after a restart answers from the log", func(t *testing.T, f *fixture, surface string) {
			first := f.dismiss(f.svc, sess, surface, "dis-1")
			again := f.dismiss(f.restart(), sess, surface, "dis-1")
			if *again != *first {
				t.Errorf("retry = %+v, want %+v", again, first)
			}
			if _, records := f.host.counts(); records != 1 {
				t.Errorf("%d dismissal writes, want 1", records)
			}
		}},
		{"another dismissal id after the close is not-open", func(t *testing.T, f *fixture, surface string) {
			f.dismiss(f.svc, sess, surface, "dis-1")
			if d := f.dismiss(f.svc, sess, surface, "dis-2"); d.Dismissed || d.Reason != tasksurface.ReasonNotOpen {
				t.Errorf("dismiss = %+v, want not-open", d)
			}
		}},
		{"refused while a submission is queued", func(t *testing.T, f *fixture, surface string) {
			wantAccepted(t, f.submit(f.svc, sess, surface, "sub-1", goodValues), tasksurface.MessageID(string(wire.MessageID(sess, surface, "sub-1"))))
			if d := f.dismiss(f.svc, sess, surface, "dis-1"); d.Dismissed || d.Reason != tasksurface.ReasonSubmissionPending {
				t.Errorf("dismiss = %+v, want submission-pending", d)
			}
			if _, records := f.host.counts(); records != 0 {
				t.Errorf("%d dismissal writes, want none", records)
			}
		}},
		{"refused while a submission is claiming", func(t *testing.T, f *fixture, surface string) {
			first := wire.MessageID(sess, surface, "sub-1")
			wantAccepted(t, f.submit(f.svc, sess, surface, "sub-1", goodValues), first)
			f.observe(f.svc, f.host.claim(sess, first))
			if d := f.dismiss(f.svc, sess, surface, "dis-1"); d.Dismissed || d.Reason != tasksurface.ReasonSubmissionPending {
				t.Errorf("dismiss = %+v, want submission-pending", d)
			}
		}},
		{"allowed again once the submission is discarded", func(t *testing.T, f *fixture, surface string) {
			first := wire.MessageID(sess, surface, "sub-1")
			wantAccepted(t, f.submit(f.svc, sess, surface, "sub-1", goodValues), first)
			f.observe(f.svc, f.host.drop(sess, first, tasksurface.QueueRemoved))
			if d := f.dismiss(f.svc, sess, surface, "dis-1"); !d.Dismissed {
				t.Errorf("dismiss = %+v, want dismissed", d)
			}
		}},
		{"a stale surface", func(t *testing.T, f *fixture, surface string) {
			if d := f.dismiss(f.svc, sess, "tsf_old", "dis-1"); d.Dismissed || d.Reason != tasksurface.ReasonStale {
				t.Errorf("dismiss = %+v, want stale", d)
			}
		}},
		{"nothing open", func(t *testing.T, f *fixture, surface string) {
			if d := f.dismiss(f.svc, "session-2", "", "dis-1"); d.Dismissed || d.Reason != tasksurface.ReasonNotOpen {
				t.Errorf("dismiss = %+v, want not-open", d)
			}
		}},
		{"an invalid dismissal id", func(t *testing.T, f *fixture, surface string) {
			for _, id := range []string{"", "dis 1", "-dis", strings.Repeat("a", 129)} {
				if d := f.dismiss(f.svc, sess, surface, id); d.Dismissed || d.Reason != tasksurface.ReasonInvalidDismissalID {
					t.Errorf("dismiss(%q) = %+v, want %s", id, d, tasksurface.ReasonInvalidDismissalID)
				}
			}
		}},
		{"an invalid surface id", func(t *testing.T, f *fixture, surface string) {
			if d := f.dismiss(f.svc, sess, "tsf a", "dis-1"); d.Dismissed || d.Reason != tasksurface.ReasonInvalidSurfaceID {
				t.Errorf("dismiss = %+v, want %s", d, tasksurface.ReasonInvalidSurfaceID)
			}
		}},
		{"the host's refusal is passed on and nothing is remembered", func(t *testing.T, f *fixture, surface string) {
			f.host.recordRefuse = "command-unavailable"
			if d := f.dismiss(f.svc, sess, surface, "dis-1"); d.Dismissed || d.Reason != "command-unavailable" {
				t.Errorf("dismiss = %+v, want the host's reason", d)
			}
			f.host.recordRefuse = ""
			if d := f.dismiss(f.svc, sess, surface, "dis-1"); !d.Dismissed {
				t.Errorf("retry = %+v, want dismissed", d)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			tt.run(t, f, f.host.open(t, sess, "call_1"))
		})
	}
}
