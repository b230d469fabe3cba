package coord_test

import (
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// A dismissal is decided from the snapshot: a retry while it is written
// answers dismissed with nothing to write, once written with the seq of
// its record, the same id for another surface is refused, and a surface
// answered first is not dismissed.
func TestDismissal(t *testing.T) {
	t.Parallel()
	h := newHost(t, false) // no model needed to dismiss
	d := h.dismiss("dis-1")
	if !h.begin(d) {
		t.Fatal("the token changed")
	}
	if again := h.dismiss("dis-1"); !again.Dismissed || again.Record != nil || again.EventSeq != 0 {
		t.Fatalf("a retry while it is written = %+v, want dismissed with nothing to write", again)
	}
	if other := h.dismiss("dis-2"); other.Dismissed || other.Reason != tasksurface.ReasonNotOpen {
		t.Fatalf("another dismissal while one is written = %+v, want not-open", other)
	}
	seq := h.written()
	if again := h.dismiss("dis-1"); !again.Dismissed || again.EventSeq != seq || again.Record != nil {
		t.Fatalf("a retry = %+v, want dismissed at seq %d", again, seq)
	}
	h.restart()
	if again := h.dismiss("dis-1"); !again.Dismissed || again.EventSeq != seq {
		t.Fatalf("a retry after a restart = %+v, want dismissed at seq %d from the log", again, seq)
	}
	resp, err := h.svc.Dismiss(t.Context(), &tasksurface.DismissRequest{SessionID: session, SurfaceID: "tsf_other",
		DismissalID: "dis-1", Snapshot: h.snapshot(false)})
	if err != nil || resp.Dismissed || resp.Reason != tasksurface.ReasonDismissalIDReused {
		t.Fatalf("the id for another surface = %+v, %v; want dismissal-id-reused", resp, err)
	}
}

// A dismissal whose answer was lost, or that the host did not write,
// leaves nothing behind: the surface can be submitted, and once a
// submission closed it a dismissal is refused as submitted.
func TestDismissalNotWrittenAndSubmitted(t *testing.T) {
	t.Parallel()
	h := newHost(t, true)
	if d := h.dismiss("dis-1"); d.Record == nil {
		t.Fatalf("dismiss = %+v", d)
	}
	h.wantPending("")
	h.mustAdmit(h.submit("sub-1", answers))
	h.claim()
	h.commit()
	if d := h.dismiss("dis-2"); d.Dismissed || d.Reason != tasksurface.ReasonSubmitted {
		t.Fatalf("dismiss after the submission = %+v, want submitted", d)
	}
}

// Check judges answers by the submission's rules and sends nothing.
func TestCheck(t *testing.T) {
	t.Parallel()
	h := newHost(t, true)
	resp, err := h.svc.Check(t.Context(), &tasksurface.CheckRequest{SessionID: session, SurfaceID: surface,
		Values: []byte(`{"why":"","ok":true}`), Snapshot: h.snapshot(false)})
	if err != nil || !resp.Checked || len(resp.Problems) != 1 || resp.Problems[0].Pointer != "/why" {
		t.Fatalf("check = %+v, %v; want one problem at /why", resp, err)
	}
	if len(resp.Unanswered) != 1 || resp.Unanswered[0] != "why" {
		t.Errorf("unanswered = %v, want the empty required text", resp.Unanswered)
	}
	h.wantPending("")
	resp, err = h.svc.Check(t.Context(), &tasksurface.CheckRequest{SessionID: session, SurfaceID: "tsf_other",
		Values: []byte(answers), Snapshot: h.snapshot(false)})
	if err != nil || resp.Checked || resp.Reason != tasksurface.ReasonStale {
		t.Fatalf("check of another surface = %+v, %v; want stale", resp, err)
	}
}

// A request without the projection view is the host's bug.
func TestSnapshotNeedsTheView(t *testing.T) {
	t.Parallel()
	h := newHost(t, true)
	if _, err := h.svc.Submit(t.Context(), &tasksurface.SubmitRequest{SessionID: session, SurfaceID: surface, SubmissionID: "s"}); err == nil {
		t.Fatal("Submit without a projection view succeeded")
	}
}

// Queue actions: edit and steer are refused for a submission, remove only
// once it is claimed; other messages are not the plugin's business.
func TestCheckQueueAction(t *testing.T) {
	t.Parallel()
	h := newHost(t, true)
	r := h.submit("sub-1", answers)
	tests := map[string]struct {
		action tasksurface.QueueAction
		phase  tasksurface.Phase
		source string
		want   bool
	}{
		"edit":              {tasksurface.ActionEdit, tasksurface.PhaseQueued, string(r.Admit.Source), false},
		"steer":             {tasksurface.ActionSteer, tasksurface.PhaseQueued, string(r.Admit.Source), false},
		"remove queued":     {tasksurface.ActionRemove, tasksurface.PhaseQueued, string(r.Admit.Source), true},
		"remove claimed":    {tasksurface.ActionRemove, tasksurface.PhaseClaiming, string(r.Admit.Source), false},
		"edit an ordinary":  {tasksurface.ActionEdit, tasksurface.PhaseQueued, `{"kind":"user"}`, true},
		"steer an ordinary": {tasksurface.ActionSteer, tasksurface.PhaseQueued, `{"kind":"user"}`, true},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			resp, err := h.svc.CheckQueueAction(t.Context(), &tasksurface.QueueActionRequest{SessionID: session,
				MessageID: r.MessageID, Action: tc.action, Phase: tc.phase, Source: []byte(tc.source)})
			if err != nil || resp.Allowed != tc.want || (!resp.Allowed && resp.Reason == "") {
				t.Fatalf("CheckQueueAction = %+v, %v; want allowed %v (with a sentence when refused)", resp, err, tc.want)
			}
		})
	}
}
