package hosttest

import (
	"encoding/json"
	"slices"
	"sync"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// raceRounds is how many times a race case runs its race, each in a fresh
// session with a fresh surface.
const raceRounds = 10

// testCase is one behaviour the suite checks.
type testCase struct {
	name string
	run  func(r *rig)
}

// cases are what the suite checks, each in a fresh folder and session with
// a surface open.
var cases = []testCase{
	{"a submission goes queued, claiming, committed", func(r *rig) {
		id := r.accepted("sub-1")
		r.wantPending(id, tasksurface.PhaseQueued)
		if got := r.claim(); got != id {
			r.t.Fatalf("host Claim took %s; want %s", got, id)
		}
		r.wantPending(id, tasksurface.PhaseClaiming)
		r.commit(id)
		r.wantClosed()
	}},
	{"a retry gets the first answer, and after the commit says committed", func(r *rig) {
		id := r.accepted("sub-1")
		if again := r.submit("sub-1", values); !again.Accepted || again.MessageID != id || again.Phase != tasksurface.PhaseQueued {
			r.t.Fatalf("host Submit of sub-1 again answered %s; want accepted as %s, queued", text(again), id)
		}
		r.commit(r.claim())
		r.wantQueueEmpty()
		if late := r.submit("sub-1", values); !late.Accepted || late.MessageID != id || late.Phase != tasksurface.PhaseCommitted {
			r.t.Fatalf("host Submit of sub-1 after its commit answered %s; want accepted as %s, committed", text(late), id)
		}
		r.wantQueueEmpty()
		if got := r.messages(); !slices.Equal(got, []tasksurface.MessageID{id}) {
			r.t.Fatalf("the log holds user messages %v; want %s once", got, id)
		}
	}},
	{"a submission id reused for other answers or another surface is refused", func(r *rig) {
		id := r.accepted("sub-1")
		r.refused("sub-1", otherValues, tasksurface.ReasonSubmissionIDReused)
		r.wantPending(id, tasksurface.PhaseQueued)
		r.commit(r.claim())
		r.surface = r.open()
		r.refused("sub-1", values, tasksurface.ReasonSubmissionIDReused)
		r.wantPending("", "")
		r.accepted("sub-2")
	}},
	{"a dismissal retried is written once; its id for another surface is refused", func(r *rig) {
		seq := r.dismissed("dis-1")
		if again := r.dismiss("dis-1"); !again.Dismissed || again.EventSeq != seq {
			r.t.Fatalf("host Dismiss of dis-1 again answered %s; want dismissed at seq %d", text(again), seq)
		}
		r.wantClosed()
		r.surface = r.open()
		if other := r.dismiss("dis-1"); other.Dismissed || other.Reason != tasksurface.ReasonDismissalIDReused {
			r.t.Fatalf("host Dismiss of dis-1 for another surface answered %s; want dismissal-id-reused", text(other))
		}
		if n := len(r.events(tasksurface.EventCommandDone)); n != 1 {
			r.t.Fatalf("the log holds %d command/done events; want 1", n)
		}
		r.wantPending("", "")
	}},
	{"a dismissal while a submission is pending is refused", func(r *rig) {
		id := r.accepted("sub-1")
		if d := r.dismiss("dis-1"); d.Dismissed || d.Reason != tasksurface.ReasonSubmissionPending {
			r.t.Fatalf("host Dismiss answered %s; want submission-pending", text(d))
		}
		if n := len(r.events(tasksurface.EventCommandRun)); n != 0 {
			r.t.Fatalf("the log holds %d command/run events; want none", n)
		}
		r.wantPending(id, tasksurface.PhaseQueued)
	}},
	{"a discarded claim leaves the surface editable and never reaches the log", func(r *rig) {
		id := r.accepted("sub-1")
		r.claim2(id)
		r.wantPending(id, tasksurface.PhaseClaiming)
		if err := r.h.Discard(r.ctx, r.session, id); err != nil {
			r.t.Fatalf("host Discard: %v", err)
		}
		r.wantPending("", "")
		r.wantQueueEmpty()
		next := r.accepted("sub-2")
		if next == id {
			r.t.Fatalf("another submission got the discarded message's id %s", id)
		}
		r.commit(r.claim2(next))
		r.wantClosed()
		if got := r.messages(); !slices.Equal(got, []tasksurface.MessageID{next}) {
			r.t.Fatalf("the log holds user messages %v; want only %s", got, next)
		}
	}},
	{"remove is allowed while queued and refused once claimed", func(r *rig) {
		id := r.accepted("sub-1")
		resp, err := r.h.Remove(r.ctx, r.session, id)
		if err != nil || resp == nil || !resp.Allowed {
			r.t.Fatalf("host Remove of a queued submission answered %s, %v; want allowed", text(resp), err)
		}
		r.wantPending("", "")
		r.wantQueueEmpty()
		next := r.accepted("sub-2")
		r.claim()
		resp, err = r.h.Remove(r.ctx, r.session, next)
		if err != nil || resp == nil || resp.Allowed || resp.Reason == "" {
			r.t.Fatalf("host Remove of a claimed submission answered %s, %v; want refused with the plugin's reason", text(resp), err)
		}
		r.wantPending(next, tasksurface.PhaseClaiming)
		r.commit(next)
		if got := r.messages(); !slices.Equal(got, []tasksurface.MessageID{next}) {
			r.t.Fatalf("the log holds user messages %v; want only %s", got, next)
		}
	}},
	{"an ordinary message ahead moves the conversation on", func(r *rig) {
		sent := r.send("never mind, use CSV")
		r.refused("sub-1", values, tasksurface.ReasonMovedOn)
		r.drain()
		r.wantClosed()
		r.refused("sub-2", values, tasksurface.ReasonMovedOn)
		if got := r.messages(); !slices.Equal(got, []tasksurface.MessageID{sent}) {
			r.t.Fatalf("the log holds user messages %v; want only the ordinary %s", got, sent)
		}
	}},
	{"a submission racing an ordinary message has one outcome", func(r *rig) {
		outcomes := map[string]int{}
		for round := range raceRounds {
			r.newSession()
			var (
				sub     *tasksurface.SubmitResponse
				sent    tasksurface.MessageID
				e1, e2  error
				session = r.session
			)
			together(round, func() {
				sub, e1 = r.h.Submit(r.ctx, &tasksurface.SubmitRequest{SessionID: session, SurfaceID: r.surface, SubmissionID: "sub-1", Values: json.RawMessage(values)})
			}, func() {
				sent, e2 = r.h.Send(r.ctx, session, "never mind")
			})
			if e1 != nil || e2 != nil {
				r.t.Fatalf("host Submit: %v; host Send: %v", e1, e2)
			}
			r.drain()
			got := r.messages()
			switch {
			case sub.Accepted && slices.Equal(got, []tasksurface.MessageID{sub.MessageID, sent}):
				outcomes["submitted"]++
			case !sub.Accepted && sub.Reason == tasksurface.ReasonMovedOn && slices.Equal(got, []tasksurface.MessageID{sent}):
				outcomes["moved-on"]++
			default:
				r.t.Fatalf("host Submit answered %s beside an ordinary message %s, and the log holds user messages %v; "+
					"want the submission ahead of the message, or moved-on and the message alone", text(sub), sent, got)
			}
			r.wantClosed()
		}
		r.t.Logf("outcomes: %v", outcomes)
	}},
	{"a dismissal racing a submission has one outcome", func(r *rig) {
		outcomes := map[string]int{}
		for round := range raceRounds {
			r.newSession()
			var (
				sub    *tasksurface.SubmitResponse
				dis    *tasksurface.DismissResponse
				e1, e2 error
			)
			together(round, func() {
				sub, e1 = r.h.Submit(r.ctx, &tasksurface.SubmitRequest{SessionID: r.session, SurfaceID: r.surface, SubmissionID: "sub-1", Values: json.RawMessage(values)})
			}, func() {
				dis, e2 = r.h.Dismiss(r.ctx, &tasksurface.DismissRequest{SessionID: r.session, SurfaceID: r.surface, DismissalID: "dis-1"})
			})
			if e1 != nil || e2 != nil {
				r.t.Fatalf("host Submit: %v; host Dismiss: %v", e1, e2)
			}
			r.drain()
			messages, done := len(r.messages()), len(r.events(tasksurface.EventCommandDone))
			switch {
			case sub.Accepted && !dis.Dismissed && messages == 1 && done == 0:
				outcomes["submitted"]++
			case !sub.Accepted && dis.Dismissed && messages == 0 && done == 1:
				outcomes["dismissed"]++
			default:
				r.t.Fatalf("host Submit answered %s and host Dismiss %s, and the log holds %d user messages and %d command/done; want one of the two",
					text(sub), text(dis), messages, done)
			}
			r.wantClosed()
		}
		r.t.Logf("outcomes: %v", outcomes)
	}},
	{"two submissions with different ids make one message", func(r *rig) {
		for round := range raceRounds {
			r.newSession()
			var (
				a, b   *tasksurface.SubmitResponse
				e1, e2 error
			)
			together(round, func() {
				a, e1 = r.h.Submit(r.ctx, &tasksurface.SubmitRequest{SessionID: r.session, SurfaceID: r.surface, SubmissionID: "sub-a", Values: json.RawMessage(values)})
			}, func() {
				b, e2 = r.h.Submit(r.ctx, &tasksurface.SubmitRequest{SessionID: r.session, SurfaceID: r.surface, SubmissionID: "sub-b", Values: json.RawMessage(otherValues)})
			})
			if e1 != nil || e2 != nil {
				r.t.Fatalf("host Submit: %v, %v", e1, e2)
			}
			winner, loser := a, b
			if b.Accepted {
				winner, loser = b, a
			}
			if !winner.Accepted || loser.Accepted || loser.Reason != tasksurface.ReasonSubmissionPending {
				r.t.Fatalf("two host Submits answered %s and %s; want one accepted and the other submission-pending", text(a), text(b))
			}
			r.drain()
			if got := r.messages(); !slices.Equal(got, []tasksurface.MessageID{winner.MessageID}) {
				r.t.Fatalf("the log holds user messages %v; want only %s", got, winner.MessageID)
			}
		}
	}},
	{"a restarted harness sends no answer by itself: the surface is open again and the answers are handed back", func(r *rig) {
		id := r.accepted("sub-1")
		r.restart()
		r.wantPending("", "")
		r.wantReturned(id)
		r.drain()
		if got := r.messages(); len(got) != 0 {
			r.t.Fatalf("after the restart the log holds user messages %v; want none sent without the person", got)
		}
		if again := r.submit("sub-1", values); !again.Accepted || again.MessageID != id || again.Phase != tasksurface.PhaseQueued {
			r.t.Fatalf("host Submit of sub-1 after the restart answered %s; want accepted again as %s", text(again), id)
		}
		r.commit(r.claim())
		r.wantClosed()
		if got := r.messages(); !slices.Equal(got, []tasksurface.MessageID{id}) {
			r.t.Fatalf("the log holds user messages %v; want %s once", got, id)
		}
	}},
	{"a claim left claiming across a restart is not sent by itself: the surface is open again and the answers are handed back", func(r *rig) {
		id := r.accepted("sub-1")
		r.claim()
		r.wantPending(id, tasksurface.PhaseClaiming)
		r.restart()
		r.wantPending("", "")
		r.wantReturned(id)
		r.wantQueueEmpty()
		if got := r.messages(); len(got) != 0 {
			r.t.Fatalf("after the restart the log holds user messages %v; want none", got)
		}
		r.commit(r.claim2(r.accepted("sub-2")))
		r.wantClosed()
	}},
	{"a check judges the answers and sends nothing", func(r *rig) {
		check := func(values string) *tasksurface.CheckResponse {
			resp, err := r.h.Check(r.ctx, &tasksurface.CheckRequest{SessionID: r.session, SurfaceID: r.surface, Values: json.RawMessage(values)})
			if err != nil {
				r.t.Fatalf("host Check: %v", err)
			}
			return resp
		}
		bad := check(`{"plan":"c"}`)
		pointers := map[string]bool{}
		for _, p := range bad.Problems {
			pointers[p.Pointer] = true
		}
		if !bad.Checked || !pointers["/plan"] || !pointers["/notes"] {
			r.t.Fatalf("host Check of a wrong choice and no notes answered %s; want problems at /plan and /notes", text(bad))
		}
		if good := check(values); !good.Checked || len(good.Problems) != 0 {
			r.t.Fatalf("host Check of fitting answers answered %s; want checked without problems", text(good))
		}
		r.wantQueueEmpty()
		r.wantPending("", "")
	}},
}

// together runs a and b at once and returns when both have. The goroutine
// started last tends to run first, so round swaps them on odd rounds: both
// orders are tried.
func together(round int, a, b func()) {
	var wg sync.WaitGroup
	ready := make(chan struct{})
	fs := []func(){a, b}
	if round%2 == 1 {
		fs = []func(){b, a}
	}
	for _, f := range fs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-ready
			f()
		}()
	}
	close(ready)
	wg.Wait()
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
