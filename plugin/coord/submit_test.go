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
// carries the message, its text, its correlation and the snapshot's token.
// The plugin keeps no record of it: until the host admits it, nothing is
// pending.
func TestSubmissionLifecycle(t *testing.T) {
	t.Parallel()
	h := newHost(t, true)
	resp := h.submit("sub-1", answers)
	if !resp.Accepted || resp.Phase != tasksurface.PhaseQueued || resp.Admit == nil || resp.Admit.MessageID != resp.MessageID {
		t.Fatalf("submit = %+v, want accepted with an admission of its message", resp)
	}
	if !strings.Contains(resp.Admit.Text, "cheaper") || resp.Admit.SurfaceID != surface || resp.Admit.CallID != callID ||
		resp.Admit.StateToken != h.token() {
		t.Errorf("admission = %+v, want the formatted answers for %s on token %s", resp.Admit, surface, h.token())
	}
	c := tasksurface.CorrelationOf(resp.Admit.Source)
	if c == nil || c.SubmissionID != "sub-1" || c.SurfaceID != surface || c.CallID != callID || !strings.Contains(string(c.Values), `"why":"cheaper"`) {
		t.Errorf("source %s does not carry the correlation", resp.Admit.Source)
	}
	h.wantPending("") // decided, not carried out: nothing is in flight
	id := h.mustAdmit(resp)
	h.wantPending(tasksurface.PhaseQueued)
	h.claim()
	h.wantPending(tasksurface.PhaseClaiming)
	h.commit()
	if a := h.active(); a.Active || a.Reason != tasksurface.ReasonNotOpen {
		t.Fatalf("after commit getActive = %+v, want not-open", a)
	}
	wantAccepted(t, h.submit("sub-1", answers), id, tasksurface.PhaseCommitted)
}

// Retries with the same id and answers get the first answer and nothing to
// admit once the message is in the queue; the same id with other answers,
// or another id while one is in flight, is refused.
func TestSubmissionIdempotency(t *testing.T) {
	t.Parallel()
	h := newHost(t, true)
	first := h.submit("sub-1", answers)
	h.mustAdmit(first)
	// Key order does not make other answers.
	wantAccepted(t, h.submit("sub-1", `{"ok":true,"why":"cheaper"}`), first.MessageID, tasksurface.PhaseQueued)
	wantRefused(t, h.submit("sub-1", `{"why":"faster","ok":true}`), tasksurface.ReasonSubmissionIDReused)
	wantRefused(t, h.submit("sub-2", answers), tasksurface.ReasonSubmissionPending)
	h.claim()
	wantAccepted(t, h.submit("sub-1", answers), first.MessageID, tasksurface.PhaseClaiming)
}

// The answer of a decided submission is lost before the host acts on it:
// its retry is decided again, to the same admission, never told accepted
// for a message nobody queued; and nothing reads as pending meanwhile.
func TestLostAnswerIsDecidedAgain(t *testing.T) {
	t.Parallel()
	h := newHost(t, true)
	lost := h.submit("sub-1", answers)
	h.wantPending("")
	again := h.submit("sub-1", answers)
	if again.Admit == nil || again.Admit.MessageID != lost.Admit.MessageID || again.Admit.Text != lost.Admit.Text {
		t.Fatalf("the retry = %+v, want the same admission again", again)
	}
	h.restart() // a restarted plugin decides the same
	if r := h.submit("sub-1", answers); r.Admit == nil || r.Admit.MessageID != lost.Admit.MessageID {
		t.Fatalf("the retry after a plugin restart = %+v, want the same admission", r)
	}
}

// A message that leaves the queue without reaching the log frees the
// surface: the same id may be decided again, another id too.
func TestSubmissionThatDidNotArrive(t *testing.T) {
	t.Parallel()
	for name, end := range map[string]func(h *host){
		"discarded after a claim": func(h *host) { h.claim(); h.drop() },
		"removed from the queue":  func(h *host) { h.drop() },
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := newHost(t, true)
			r := h.submit("sub-1", answers)
			h.mustAdmit(r)
			end(h)
			h.wantPending("")
			again := h.submit("sub-1", answers)
			if again.Admit == nil || again.MessageID != r.MessageID {
				t.Fatalf("the same submission again = %+v, want it decided again as %s", again, r.MessageID)
			}
		})
	}
}

// The conversation moved on: an ordinary message queued ahead, or one that
// closed the surface, refuses the submission with moved-on.
func TestMovedOn(t *testing.T) {
	t.Parallel()
	h := newHost(t, true)
	h.ordinary("m-typed")
	wantRefused(t, h.submit("sub-1", answers), tasksurface.ReasonMovedOn)
	h.commit() // the ordinary message closes the surface as bypassed
	wantRefused(t, h.submit("sub-1", answers), tasksurface.ReasonMovedOn)
}

// A submission and a dismissal decided on one snapshot carry its token:
// the host carries out the first, the other's token is stale, and asked
// again it is refused.
func TestSubmitAndDismissOneOutcome(t *testing.T) {
	t.Parallel()
	t.Run("submit first", func(t *testing.T) {
		t.Parallel()
		h := newHost(t, true)
		s, d := h.submit("sub-1", answers), h.dismiss("dis-1")
		h.mustAdmit(s)
		if h.begin(d) {
			t.Fatal("the dismissal decided on the old token was written")
		}
		if d := h.dismiss("dis-1"); d.Dismissed || d.Reason != tasksurface.ReasonSubmissionPending || d.Record != nil {
			t.Fatalf("dismiss asked again = %+v, want submission-pending", d)
		}
	})
	t.Run("dismiss first", func(t *testing.T) {
		t.Parallel()
		h := newHost(t, true)
		d, s := h.dismiss("dis-1"), h.submit("sub-1", answers)
		if !d.Dismissed || d.Record == nil || d.Record.CommandArgs != "dismiss "+surface+" dis-1" {
			t.Fatalf("dismiss = %+v, want a record to write", d)
		}
		if !h.begin(d) {
			t.Fatal("the dismissal's token changed")
		}
		if h.admit(s) {
			t.Fatal("the submission decided on the old token was admitted")
		}
		wantRefused(t, h.submit("sub-1", answers), tasksurface.ReasonDismissed) // being written
		h.written()
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

// A restarted plugin knows nothing but what the request carries: it asks
// for the logged metadata, reads the queued submission from the snapshot,
// answers its retry, and refuses a second submission.
func TestRestartReadsTheQueue(t *testing.T) {
	t.Parallel()
	h := newHost(t, true)
	id := h.mustAdmit(h.submit("sub-1", answers))
	h.restart()
	req := &tasksurface.GetActiveRequest{SessionID: session, SurfaceID: surface, Snapshot: h.snapshot(false)}
	if a, err := h.svc.GetActive(t.Context(), req); err != nil || !a.MetaNeeded || a.Active {
		t.Fatalf("getActive without the metadata after a restart = %+v, %v; want meta needed", a, err)
	}
	h.wantPending(tasksurface.PhaseQueued)
	wantAccepted(t, h.submit("sub-1", answers), id, tasksurface.PhaseQueued)
	wantRefused(t, h.submit("sub-2", answers), tasksurface.ReasonSubmissionPending)
	h.claim()
	h.commit()
	h.restart()
	wantAccepted(t, h.submit("sub-1", answers), id, tasksurface.PhaseCommitted) // from the projection's outcome
	wantRefused(t, h.submit("sub-1", `{"why":"other"}`), tasksurface.ReasonSubmissionIDReused)
}

// A host that sends the queue's sources, not their ids: the plugin reads
// the ids from them.
func TestQueueFromSources(t *testing.T) {
	t.Parallel()
	h := newHost(t, true)
	r := h.submit("sub-1", answers)
	h.mustAdmit(r)
	h.queue[0] = tasksurface.QueuedMessage{MessageID: r.MessageID, Phase: tasksurface.PhaseQueued, Source: r.Admit.Source}
	wantAccepted(t, h.submit("sub-1", answers), r.MessageID, tasksurface.PhaseQueued)
	h.queue[0] = tasksurface.QueuedMessage{MessageID: "m-typed", Phase: tasksurface.PhaseQueued, Source: json.RawMessage(`{"kind":"user"}`)}
	wantRefused(t, h.submit("sub-2", answers), tasksurface.ReasonMovedOn)
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

// A decision on a snapshot read before the other outcome was written
// carries that snapshot's token, so the host, whose token has moved on,
// does not carry it out.
func TestStaleSnapshotCarriesItsToken(t *testing.T) {
	t.Parallel()
	h := newHost(t, true)
	stale := h.snapshot(false)
	h.record(h.dismiss("dis-1"))
	resp, err := h.svc.Submit(t.Context(), &tasksurface.SubmitRequest{SessionID: session, SurfaceID: surface, SubmissionID: "sub-1",
		Values: []byte(answers), Snapshot: stale})
	if err != nil || resp.Admit == nil {
		t.Fatalf("submit on the stale snapshot = %+v, %v", resp, err)
	}
	if h.admit(resp) {
		t.Fatal("the host admitted a decision made on a stale snapshot")
	}
	wantRefused(t, h.submit("sub-1", answers), tasksurface.ReasonDismissed)
}

// A surface opened before the limits were lowered stays open and
// answerable: its logged model is revalidated under MetaLimits, not the
// lowered limits.
func TestLoweredLimitsKeepTheOpenSurface(t *testing.T) {
	t.Parallel()
	h := newHost(t, false)
	lowered := tasksurface.Limits{MaxFields: 1}
	h.svc = coord.New(coord.Config{Limits: lowered, MetaLimits: tasksurface.Limits{MaxFields: 256}})
	if a := h.active(); !a.Active {
		t.Fatalf("getActive under lowered limits = %+v, want the surface open", a)
	}
	if r := h.submit("sub-1", answers); r.Admit == nil {
		t.Fatalf("submit under lowered limits = %+v, want an admission", r)
	}
	strict := coord.New(coord.Config{Limits: lowered})
	h.svc = strict
	if a := h.active(); a.Active || a.Reason != tasksurface.ReasonNotOpen {
		t.Fatalf("without MetaLimits the lowered limits apply: getActive = %+v, want not-open", a)
	}
}
