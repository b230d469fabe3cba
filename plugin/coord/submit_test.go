package coord_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/coord"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

const answers = `{"why":"cheaper","ok":true}`

// A submission goes decided, queued, claiming, committed; the decision
// carries the message, its text and its correlation.
func TestSubmissionLifecycle(t *testing.T) {
	t.Parallel()
	h := newHost(t, true)
	resp := h.submit("sub-1", answers)
	if !resp.Accepted || resp.Phase != tasksurface.PhaseQueued || resp.Admit == nil || resp.Admit.MessageID != resp.MessageID {
		t.Fatalf("submit = %+v, want accepted with an admission of its message", resp)
	}
	if !strings.Contains(resp.Admit.Text, "cheaper") || resp.Admit.SurfaceID != surface || resp.Admit.CallID != callID {
		t.Errorf("admission = %+v, want the formatted answers for %s", resp.Admit, surface)
	}
	c := tasksurface.CorrelationOf(resp.Admit.Source)
	if c == nil || c.SubmissionID != "sub-1" || c.SurfaceID != surface || c.CallID != callID || !strings.Contains(string(c.Values), `"why":"cheaper"`) {
		t.Errorf("source %s does not carry the correlation", resp.Admit.Source)
	}
	h.wantPending(tasksurface.PhaseQueued) // decided, not yet reported
	id := h.admit(resp)
	h.wantPending(tasksurface.PhaseQueued)
	h.claim()
	h.wantPending(tasksurface.PhaseClaiming)
	h.commit(true)
	if a := h.active(); a.Active || a.Reason != tasksurface.ReasonNotOpen {
		t.Fatalf("after commit getActive = %+v, want not-open", a)
	}
	wantAccepted(t, h.submit("sub-1", answers), id, tasksurface.PhaseCommitted)
}

// Retries with the same id and answers get the first answer and nothing to
// admit; the same id with other answers, or another id while one is in
// flight, is refused.
func TestSubmissionIdempotency(t *testing.T) {
	t.Parallel()
	h := newHost(t, true)
	first := h.submit("sub-1", answers)
	if first.Admit == nil {
		t.Fatalf("submit = %+v", first)
	}
	// Key order does not make other answers.
	wantAccepted(t, h.submit("sub-1", `{"ok":true,"why":"cheaper"}`), first.MessageID, tasksurface.PhaseQueued)
	wantRefused(t, h.submit("sub-1", `{"why":"faster","ok":true}`), tasksurface.ReasonSubmissionIDReused)
	wantRefused(t, h.submit("sub-2", answers), tasksurface.ReasonSubmissionPending)
	h.admit(first)
	h.claim()
	wantAccepted(t, h.submit("sub-1", answers), first.MessageID, tasksurface.PhaseClaiming)
}

// A refused or discarded message frees the surface: the same id may be
// decided again, another id too.
func TestSubmissionThatDidNotArrive(t *testing.T) {
	t.Parallel()
	for name, end := range map[string]func(h *host, r *tasksurface.SubmitResponse){
		"refused by the host": func(h *host, r *tasksurface.SubmitResponse) {
			h.report(tasksurface.QueueRefused, r.Admit.MessageID, r.Admit.Source)
		},
		"discarded after a claim": func(h *host, r *tasksurface.SubmitResponse) {
			h.admit(r)
			h.claim()
			h.drop(tasksurface.QueueDiscarded)
		},
		"removed from the queue": func(h *host, r *tasksurface.SubmitResponse) {
			h.admit(r)
			h.drop(tasksurface.QueueRemoved)
		},
		"gone without a report": func(h *host, r *tasksurface.SubmitResponse) {
			h.admit(r)
			h.drop("")
		},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := newHost(t, true)
			r := h.submit("sub-1", answers)
			end(h, r)
			h.wantPending("")
			again := h.submit("sub-1", answers)
			if again.Admit == nil || again.MessageID != r.MessageID {
				t.Fatalf("the same submission again = %+v, want it decided again as %s", again, r.MessageID)
			}
		})
	}
}

// A decision the host never reports on holds the surface until the
// timeout, then the next snapshot frees it.
func TestUnreportedDecisionTimesOut(t *testing.T) {
	t.Parallel()
	h := newHost(t, true)
	h.submit("sub-1", answers)
	h.wantPending(tasksurface.PhaseQueued)
	h.clock.t = h.clock.t.Add(coord.DefaultDecisionTimeout)
	h.wantPending("")
}

// The conversation moved on: an ordinary message queued ahead, or one that
// closed the surface, refuses the submission with moved-on.
func TestMovedOn(t *testing.T) {
	t.Parallel()
	h := newHost(t, true)
	h.ordinary("m-typed")
	wantRefused(t, h.submit("sub-1", answers), tasksurface.ReasonMovedOn)
	h.commit(false) // the ordinary message closes the surface as bypassed
	wantRefused(t, h.submit("sub-1", answers), tasksurface.ReasonMovedOn)
}

// Of a submission and a dismissal, the first decided wins.
func TestSubmitAndDismissOneOutcome(t *testing.T) {
	t.Parallel()
	t.Run("submit first", func(t *testing.T) {
		t.Parallel()
		h := newHost(t, true)
		h.submit("sub-1", answers)
		if d := h.dismiss("dis-1"); d.Dismissed || d.Reason != tasksurface.ReasonSubmissionPending || d.Record != nil {
			t.Fatalf("dismiss = %+v, want submission-pending", d)
		}
	})
	t.Run("dismiss first", func(t *testing.T) {
		t.Parallel()
		h := newHost(t, true)
		d := h.dismiss("dis-1")
		if !d.Dismissed || d.Record == nil || d.Record.CommandArgs != "dismiss "+surface+" dis-1" {
			t.Fatalf("dismiss = %+v, want a record to write", d)
		}
		wantRefused(t, h.submit("sub-1", answers), tasksurface.ReasonDismissed)
		h.record(d)
		wantRefused(t, h.submit("sub-1", answers), tasksurface.ReasonDismissed)
	})
}

// Values that do not fit the model are refused with problems at their
// pointers, and nothing is pending.
func TestInvalidSubmission(t *testing.T) {
	t.Parallel()
	h := newHost(t, true)
	resp := h.submit("sub-1", `{"why":"","ok":"yes"}`)
	wantRefused(t, resp, tasksurface.ReasonInvalidSubmission)
	pointers := map[string]bool{}
	for _, p := range resp.Problems {
		pointers[p.Pointer] = true
	}
	if !pointers["/why"] || !pointers["/ok"] {
		t.Errorf("problems = %v, want /why and /ok", resp.Problems)
	}
	h.wantPending("")
	bad := h.submit("not valid!", answers)
	wantRefused(t, bad, tasksurface.ReasonInvalidSubmission)
	if len(bad.Problems) != 1 || bad.Problems[0].Pointer != "/submissionId" {
		t.Errorf("problems = %v, want the submission id named", bad.Problems)
	}
}

// A surface that is not the open one is refused by what closed it.
func TestClosedSurfaces(t *testing.T) {
	t.Parallel()
	h := newHost(t, true)
	h.view.Active.SurfaceID = "tsf_2"
	wantRefused(t, h.submit("sub-1", answers), tasksurface.ReasonStale)
	h.view.Active = nil
	wantRefused(t, h.submit("sub-1", answers), tasksurface.ReasonNotOpen)
}

// After a plugin restart the records are empty: the plugin asks for the
// logged metadata, adopts the queued submission from the snapshot, answers
// its retry, and refuses a second submission.
func TestRestartAdoptsTheQueue(t *testing.T) {
	t.Parallel()
	h := newHost(t, true)
	first := h.submit("sub-1", answers)
	id := h.admit(first)
	h.restart()
	req := &tasksurface.GetActiveRequest{SessionID: session, SurfaceID: surface, Snapshot: h.snapshot(false)}
	if a, err := h.svc.GetActive(t.Context(), req); err != nil || !a.MetaNeeded || a.Active {
		t.Fatalf("getActive without the metadata after a restart = %+v, %v; want meta needed", a, err)
	}
	h.wantPending(tasksurface.PhaseQueued)
	wantAccepted(t, h.submit("sub-1", answers), id, tasksurface.PhaseQueued)
	wantRefused(t, h.submit("sub-2", answers), tasksurface.ReasonSubmissionPending)
	h.claim()
	h.commit(true)
	h.restart()
	wantAccepted(t, h.submit("sub-1", answers), id, tasksurface.PhaseCommitted) // from the projection's outcome
	wantRefused(t, h.submit("sub-1", `{"why":"other"}`), tasksurface.ReasonSubmissionIDReused)
}

// The logged metadata is revalidated when the plugin holds no model; a
// metadata that does not hold up is answered not-open.
func TestOpeningMetadata(t *testing.T) {
	t.Parallel()
	h := newHost(t, false)
	a := h.active()
	if !a.Active || len(a.Model) == 0 || !strings.Contains(string(a.Markdown), "Read") {
		t.Fatalf("getActive = %+v, want the logged model and its Markdown", a)
	}
	h = newHost(t, false)
	h.meta = json.RawMessage(`{"kind":"dsh/task-surface","version":1,"surfaceId":"tsf_other","model":{}}`)
	if a := h.active(); a.Active || a.Reason != tasksurface.ReasonNotOpen {
		t.Fatalf("getActive over another surface's metadata = %+v, want not-open", a)
	}
}

// An edit of a queued submission is answered with its canonical text.
func TestEditRestoresTheText(t *testing.T) {
	t.Parallel()
	h := newHost(t, true)
	r := h.submit("sub-1", answers)
	h.admit(r)
	if resp := h.report(tasksurface.QueueEdited, r.MessageID, r.Admit.Source); !resp.Tracked || resp.RestoreText != r.Admit.Text {
		t.Fatalf("edited = %+v, want the canonical text", resp)
	}
}

// A request whose snapshot was read before the other outcome was written is
// refused all the same: the records of this process know what was decided.
func TestStaleSnapshotOneOutcome(t *testing.T) {
	t.Parallel()
	t.Run("a submit after the dismissal was recorded", func(t *testing.T) {
		t.Parallel()
		h := newHost(t, true)
		stale := h.snapshot(false)
		h.record(h.dismiss("dis-1"))
		resp, err := h.svc.Submit(t.Context(), &tasksurface.SubmitRequest{SessionID: session, SurfaceID: surface, SubmissionID: "sub-1",
			Values: []byte(answers), Snapshot: stale})
		if err != nil {
			t.Fatal(err)
		}
		wantRefused(t, resp, tasksurface.ReasonDismissed)
	})
	t.Run("a dismiss after the submission was committed", func(t *testing.T) {
		t.Parallel()
		h := newHost(t, true)
		stale := h.snapshot(false)
		h.admit(h.submit("sub-1", answers))
		h.claim()
		h.commit(true)
		resp, err := h.svc.Dismiss(t.Context(), &tasksurface.DismissRequest{SessionID: session, SurfaceID: surface, DismissalID: "dis-1", Snapshot: stale})
		if err != nil || resp.Dismissed || resp.Reason != tasksurface.ReasonSubmitted {
			t.Fatalf("dismiss = %+v, %v; want submitted", resp, err)
		}
	})
}

// A surface opened before the limits were lowered stays open and
// answerable: its logged model is revalidated under MetaLimits, not the
// lowered limits.
func TestLoweredLimitsKeepTheOpenSurface(t *testing.T) {
	t.Parallel()
	h := newHost(t, false)
	lowered := tasksurface.Limits{MaxFields: 1}
	h.svc = coord.New(coord.Config{Limits: lowered, MetaLimits: tasksurface.Limits{MaxFields: 256}, Now: h.clock.now})
	if a := h.active(); !a.Active {
		t.Fatalf("getActive under lowered limits = %+v, want the surface open", a)
	}
	if r := h.submit("sub-1", answers); r.Admit == nil {
		t.Fatalf("submit under lowered limits = %+v, want an admission", r)
	}
	strict := coord.New(coord.Config{Limits: lowered, Now: h.clock.now})
	h.svc = strict
	if a := h.active(); a.Active || a.Reason != tasksurface.ReasonNotOpen {
		t.Fatalf("without MetaLimits the lowered limits apply: getActive = %+v, want not-open", a)
	}
}
