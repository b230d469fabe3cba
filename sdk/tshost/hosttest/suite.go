package hosttest

import (
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// testCase is one behaviour the suite checks.
type testCase struct {
	name string
	run  func(r *rig)
}

// cases are what the suite checks, each in a fresh folder and session with
// a surface open.
var cases = []testCase{
	{"admission is idempotent per message id", func(r *rig) {
		id := r.accepted("sub-1")
		again, err := r.h.Host().AdmitUserMessage(r.ctx, &tasksurface.AdmitUserMessageRequest{
			SessionID: r.session, MessageID: id, Text: "a second admission", Source: []byte(`{"kind":"user"}`),
		})
		if err != nil || !again.Admitted || !again.Duplicate {
			r.t.Fatalf("AdmitUserMessage of a queued id = %+v, %v; want admitted as a duplicate", again, err)
		}
		if retry := r.accepted("sub-1"); retry != id {
			r.t.Fatalf("a retry was admitted as %s, want %s", retry, id)
		}
		r.commit(r.claim())
		if _, err := r.h.Claim(r.ctx, r.session); err == nil {
			r.t.Fatal("a second message was queued for one submission")
		}
		if n := r.count(tasksurface.EventUserMessage, id); n != 1 {
			r.t.Fatalf("the log holds %d user messages %s, want 1", n, id)
		}
	}},
	{"a submission goes queued, claiming, committed", func(r *rig) {
		id := r.accepted("sub-1")
		r.wantPending(id, tasksurface.PhaseQueued)
		if got := r.claim(); got != id {
			r.t.Fatalf("the agent claimed %s, want %s", got, id)
		}
		r.wantPending(id, tasksurface.PhaseClaiming)
		r.commit(id)
		r.wantClosed()
		if n := r.count(tasksurface.EventUserMessage, id); n != 1 {
			r.t.Fatalf("the log holds %d user messages %s, want 1", n, id)
		}
	}},
	{"a discarded claim leaves the surface editable", func(r *rig) {
		id := r.accepted("sub-1")
		r.claim()
		if err := r.h.Discard(r.ctx, r.session, id); err != nil {
			r.t.Fatalf("Discard: %v", err)
		}
		r.wantPending("", "")
		if next := r.accepted("sub-2"); next == id {
			r.t.Fatalf("another submission got the discarded message's id %s", id)
		}
	}},
	{"a dismissal retried is written once", func(r *rig) {
		first, again := r.dismiss("dis-1"), r.dismiss("dis-1")
		if !first.Dismissed || !again.Dismissed || again.EventSeq != first.EventSeq {
			r.t.Fatalf("dismiss twice = %+v then %+v, want dismissed once at one seq", first, again)
		}
		if n := r.count(tasksurface.EventCommandDone, ""); n != 1 {
			r.t.Fatalf("the log holds %d command/done events, want 1", n)
		}
		r.wantClosed()
	}},
	{"a dismissal while a submission is pending is refused", func(r *rig) {
		id := r.accepted("sub-1")
		if d := r.dismiss("dis-1"); d.Dismissed || d.Reason != tasksurface.ReasonSubmissionPending {
			r.t.Fatalf("dismiss = %+v, want submission-pending", d)
		}
		if n := r.count(tasksurface.EventCommandRun, ""); n != 0 {
			r.t.Fatalf("the log holds %d command/run events, want none", n)
		}
		r.wantPending(id, tasksurface.PhaseQueued)
	}},
	{"a restart refolds the log and keeps the queue", func(r *rig) {
		id := r.accepted("sub-1")
		r.restart()
		a := r.active()
		if !a.Active || a.SurfaceID != r.surface {
			r.t.Fatalf("after the restart getActive = %+v, want %s open", a, r.surface)
		}
		r.wantPending(id, tasksurface.PhaseQueued)
		if retry := r.accepted("sub-1"); retry != id {
			r.t.Fatalf("a retry after the restart was admitted as %s, want %s", retry, id)
		}
		r.commit(r.claim())
		r.wantClosed()
		if n := r.count(tasksurface.EventUserMessage, id); n != 1 {
			r.t.Fatalf("the log holds %d user messages %s, want 1", n, id)
		}
	}},
	{"a claim lost in a crash is not lost", func(r *rig) {
		id := r.accepted("sub-1")
		r.claim()
		r.restart()
		a := r.active()
		if !a.Active || a.Pending == nil || a.Pending.MessageID != id {
			r.t.Fatalf("after the crash getActive = %+v, want %s still pending", a, id)
		}
		if a.Pending.Phase == tasksurface.PhaseQueued {
			if got := r.claim(); got != id {
				r.t.Fatalf("the agent claimed %s after the crash, want %s", got, id)
			}
		}
		r.commit(id)
		r.wantClosed()
		if n := r.count(tasksurface.EventUserMessage, id); n != 1 {
			r.t.Fatalf("the log holds %d user messages %s, want 1", n, id)
		}
	}},
	{"removing a claimed submission is refused", func(r *rig) {
		id := r.accepted("sub-1")
		r.claim()
		resp, err := r.h.Remove(r.ctx, r.session, id)
		if err != nil || resp == nil || resp.Allowed || resp.Reason == "" {
			r.t.Fatalf("Remove of a claimed submission = %+v, %v; want refused with the plugin's reason", resp, err)
		}
		r.wantPending(id, tasksurface.PhaseClaiming)
		r.commit(id)
		if n := r.count(tasksurface.EventUserMessage, id); n != 1 {
			r.t.Fatalf("the log holds %d user messages %s, want 1", n, id)
		}
	}},
	{"removing a queued submission is allowed", func(r *rig) {
		id := r.accepted("sub-1")
		resp, err := r.h.Remove(r.ctx, r.session, id)
		if err != nil || resp == nil || !resp.Allowed {
			r.t.Fatalf("Remove of a queued submission = %+v, %v; want allowed", resp, err)
		}
		r.wantPending("", "")
		r.accepted("sub-2")
		if n := r.count(tasksurface.EventUserMessage, id); n != 0 {
			r.t.Fatalf("the removed message %s reached the log", id)
		}
	}},
}

// Run runs every case of the suite against the harness start starts, each
// as a parallel subtest in a fresh folder.
func Run(t *testing.T, start Start) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.run(newRig(t, start))
		})
	}
}

// Cases returns the names of the suite's cases, in the order Run runs them.
func Cases() []string {
	out := make([]string, len(cases))
	for i, c := range cases {
		out[i] = c.name
	}
	return out
}
