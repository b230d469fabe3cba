package hosttest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// model is the surface the suite opens: a choice and a required text.
const model = `{"version":1,"title":"Release gate","sections":[{"id":"intro","blocks":[` +
	`{"kind":"markdown","text":"Pick **one** plan."}]}],` +
	`"fields":[{"kind":"choice","id":"plan","label":"Plan","options":[{"id":"a","label":"Online"},{"id":"b","label":"Offline"}]},` +
	`{"kind":"text","id":"notes","label":"Notes","required":true}],"submit":{"label":"Send"}}`

// values answer model; otherValues answer it differently.
const (
	values      = `{"plan":"b","notes":"ship after lunch"}`
	otherValues = `{"plan":"a","notes":"ship now"}`
)

// rig is one case's harness, session and open surface.
type rig struct {
	t       *testing.T
	ctx     context.Context
	dir     string
	start   Start
	tap     *tap
	h       Harness
	session tasksurface.SessionID
	surface tasksurface.SurfaceID
	calls   int
}

// newRig starts a harness in a fresh folder and opens a surface in a new
// session.
func newRig(t *testing.T, start Start) *rig {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	r := &rig{t: t, ctx: ctx, dir: t.TempDir(), start: start, tap: &tap{}}
	r.h = start(t, r.dir, r.tap.wrap)
	t.Cleanup(func() { _ = r.h.Close(context.Background()) })
	r.newSession()
	if !r.tap.used() {
		t.Fatal("the host did not call the plugin through the suite's tap: bind it to tap(server), as Start says")
	}
	return r
}

// newSession starts a session and opens a surface in it.
func (r *rig) newSession() {
	r.t.Helper()
	session, err := r.h.NewSession(r.ctx)
	if err != nil {
		r.t.Fatalf("host NewSession: %v", err)
	}
	r.session = session
	r.surface = r.open()
}

// open opens a surface in the rig's session and returns its id.
func (r *rig) open() tasksurface.SurfaceID {
	r.t.Helper()
	r.calls++
	args, _ := json.Marshal(map[string]json.RawMessage{"model": json.RawMessage(model)})
	resp, err := r.h.CallTool(r.ctx, r.session, tasksurface.CallID(fmt.Sprintf("call_%d", r.calls)), args)
	if err != nil || resp == nil || !resp.OK {
		r.t.Fatalf("host CallTool answered %s, %v; want the surface open", text(resp), err)
	}
	a := r.active()
	if !a.Active {
		r.t.Fatalf("after the tool call, host GetActive answered %s; want an open surface", text(a))
	}
	return a.SurfaceID
}

// restart stops the harness without committing anything and starts it
// again over the same folder, with a new plugin process.
func (r *rig) restart() {
	r.t.Helper()
	if err := r.h.Close(r.ctx); err != nil {
		r.t.Fatalf("host Close: %v", err)
	}
	r.h = r.start(r.t, r.dir, r.tap.wrap)
}

func (r *rig) active() *tasksurface.GetActiveResponse {
	r.t.Helper()
	a, err := r.h.GetActive(r.ctx, &tasksurface.GetActiveRequest{SessionID: r.session})
	if err != nil {
		r.t.Fatalf("host GetActive: %v", err)
	}
	return a
}

func (r *rig) submit(submissionID tasksurface.SubmissionID, values string) *tasksurface.SubmitResponse {
	r.t.Helper()
	resp, err := r.h.Submit(r.ctx, &tasksurface.SubmitRequest{
		SessionID: r.session, SurfaceID: r.surface, SubmissionID: submissionID, Values: json.RawMessage(values),
	})
	if err != nil {
		r.t.Fatalf("host Submit %s: %v", submissionID, err)
	}
	if resp.Admit != nil {
		r.t.Fatalf("host Submit %s answered %s: the Admission is the host's to carry out, not the caller's (want Admit nil)", submissionID, text(resp))
	}
	return resp
}

// accepted submits and fails unless the submission is accepted, queued,
// and reported admitted.
func (r *rig) accepted(submissionID tasksurface.SubmissionID) tasksurface.MessageID {
	r.t.Helper()
	resp := r.submit(submissionID, values)
	if !resp.Accepted || resp.MessageID == "" || resp.Phase != tasksurface.PhaseQueued {
		r.t.Fatalf("host Submit %s answered %s; want accepted and queued", submissionID, text(resp))
	}
	r.wantReport(tasksurface.QueueAdmitted, resp.MessageID)
	return resp.MessageID
}

// refused submits and fails unless the submission is refused for reason.
func (r *rig) refused(submissionID tasksurface.SubmissionID, values string, reason tasksurface.Reason) {
	r.t.Helper()
	if resp := r.submit(submissionID, values); resp.Accepted || resp.Reason != reason {
		r.t.Fatalf("host Submit %s answered %s; want refused with %s", submissionID, text(resp), reason)
	}
}

func (r *rig) dismiss(dismissalID tasksurface.DismissalID) *tasksurface.DismissResponse {
	r.t.Helper()
	resp, err := r.h.Dismiss(r.ctx, &tasksurface.DismissRequest{SessionID: r.session, SurfaceID: r.surface, DismissalID: dismissalID})
	if err != nil {
		r.t.Fatalf("host Dismiss %s: %v", dismissalID, err)
	}
	if resp.Record != nil {
		r.t.Fatalf("host Dismiss %s answered %s: the record is the host's to write, not the caller's (want Record nil)", dismissalID, text(resp))
	}
	return resp
}

// dismissed dismisses and fails unless the dismissal is recorded,
// reported with the record's seq.
func (r *rig) dismissed(dismissalID tasksurface.DismissalID) int64 {
	r.t.Helper()
	d := r.dismiss(dismissalID)
	if !d.Dismissed || d.EventSeq <= 0 {
		r.t.Fatalf("host Dismiss %s answered %s; want dismissed with the record's seq", dismissalID, text(d))
	}
	done := r.events(tasksurface.EventCommandDone)
	if len(done) == 0 || done[len(done)-1].Seq != d.EventSeq {
		r.t.Fatalf("host Dismiss %s answered seq %d; the log's last command/done is %s", dismissalID, d.EventSeq, text(done))
	}
	if ev := r.wantDismissalReport(tasksurface.QueueRecorded, dismissalID); ev.EventSeq != d.EventSeq || ev.SurfaceID != r.surface {
		r.t.Fatalf("the host's queue report recorded is %s; want event seq %d and surface %s", text(ev), d.EventSeq, r.surface)
	}
	return d.EventSeq
}

func (r *rig) send(text string) tasksurface.MessageID {
	r.t.Helper()
	id, err := r.h.Send(r.ctx, r.session, text)
	if err != nil {
		r.t.Fatalf("host Send: %v", err)
	}
	return id
}

// claim takes the next message and fails unless a submission's claim is
// reported.
func (r *rig) claim() tasksurface.MessageID {
	r.t.Helper()
	id, err := r.h.Claim(r.ctx, r.session)
	if err != nil {
		r.t.Fatalf("host Claim: %v", err)
	}
	if r.correlated(id) {
		r.wantReport(tasksurface.QueueClaimed, id)
	}
	return id
}

// commit commits a message and fails unless it is in the log once and a
// submission's commit is reported with the seq the log holds it at.
func (r *rig) commit(messageID tasksurface.MessageID) {
	r.t.Helper()
	if err := r.h.Commit(r.ctx, r.session, messageID); err != nil {
		r.t.Fatalf("host Commit %s: %v", messageID, err)
	}
	var at []int64
	for _, e := range r.events(tasksurface.EventUserMessage) {
		if messageOf(e).ID == messageID {
			at = append(at, e.Seq)
		}
	}
	if len(at) != 1 {
		r.t.Fatalf("after host Commit the log holds user message %s at seqs %v; want once", messageID, at)
	}
	if r.correlated(messageID) {
		if ev := r.wantReport(tasksurface.QueueCommitted, messageID); ev.EventSeq != at[0] {
			r.t.Fatalf("the host's queue report committed is %s; want event seq %d, where the log holds the message", text(ev), at[0])
		}
	}
}

// drain claims and commits every queued message, in order.
func (r *rig) drain() {
	r.t.Helper()
	for {
		id, err := r.h.Claim(r.ctx, r.session)
		if err != nil {
			return
		}
		r.commit(id)
	}
}

// correlated reports whether a message id is one the plugin minted for a
// submission (one of the reports names it as admitted).
func (r *rig) correlated(id tasksurface.MessageID) bool {
	return slices.ContainsFunc(r.tap.seen(r.session), func(ev tasksurface.QueueEvent) bool {
		return ev.Kind == tasksurface.QueueAdmitted && ev.MessageID == id
	})
}

// wantReport fails unless the host reported kind about a message; it
// returns the last such report.
func (r *rig) wantReport(kind tasksurface.QueueEventKind, messageID tasksurface.MessageID) tasksurface.QueueEvent {
	r.t.Helper()
	return r.report(func(ev tasksurface.QueueEvent) bool { return ev.Kind == kind && ev.MessageID == messageID },
		fmt.Sprintf("queue report %s for message %s", kind, messageID))
}

// wantDismissalReport fails unless the host reported kind about a
// dismissal; it returns the last such report.
func (r *rig) wantDismissalReport(kind tasksurface.QueueEventKind, dismissalID tasksurface.DismissalID) tasksurface.QueueEvent {
	r.t.Helper()
	return r.report(func(ev tasksurface.QueueEvent) bool { return ev.Kind == kind && ev.DismissalID == dismissalID },
		fmt.Sprintf("queue report %s for dismissal %s", kind, dismissalID))
}

func (r *rig) report(match func(tasksurface.QueueEvent) bool, what string) tasksurface.QueueEvent {
	r.t.Helper()
	seen := r.tap.seen(r.session)
	for i := len(seen) - 1; i >= 0; i-- {
		if match(seen[i]) {
			return seen[i]
		}
	}
	r.t.Fatalf("the host sent no %s; it sent %s", what, text(seen))
	return tasksurface.QueueEvent{}
}

// wantPending fails unless the open surface's pending submission is the
// message in phase, or none when messageID is "".
func (r *rig) wantPending(messageID tasksurface.MessageID, phase tasksurface.Phase) {
	r.t.Helper()
	a := r.active()
	switch {
	case !a.Active:
		r.t.Fatalf("host GetActive answered %s; want the surface open", text(a))
	case messageID == "" && a.Pending != nil:
		r.t.Fatalf("host GetActive answered pending %s; want none", text(a.Pending))
	case messageID != "" && (a.Pending == nil || a.Pending.MessageID != messageID || a.Pending.Phase != phase):
		r.t.Fatalf("host GetActive answered pending %s; want %s in phase %s", text(a.Pending), messageID, phase)
	}
}

// wantReturned fails unless a harness that hands answers back (Returner)
// lists exactly the submission messageID as returned after a restart.
func (r *rig) wantReturned(messageID tasksurface.MessageID) {
	r.t.Helper()
	h, ok := r.h.(Returner)
	if !ok {
		return
	}
	got, err := h.Returned(r.ctx, r.session)
	if err != nil {
		r.t.Fatalf("host Returned: %v", err)
	}
	if len(got) != 1 || got[0].ID != messageID || tasksurface.CorrelationOf(got[0].Source) == nil {
		r.t.Fatalf("host Returned %s; want the submission %s with its answers", text(got), messageID)
	}
}

// claim2 claims the next message and fails unless it is want.
func (r *rig) claim2(want tasksurface.MessageID) tasksurface.MessageID {
	r.t.Helper()
	if got := r.claim(); got != want {
		r.t.Fatalf("host Claim took %s; want %s", got, want)
	}
	return want
}

// wantClosed fails unless no surface is open.
func (r *rig) wantClosed() {
	r.t.Helper()
	if a := r.active(); a.Active || a.Reason != tasksurface.ReasonNotOpen {
		r.t.Fatalf("host GetActive answered %s; want not-open", text(a))
	}
}

// wantQueueEmpty fails unless nothing is left to claim.
func (r *rig) wantQueueEmpty() {
	r.t.Helper()
	if id, err := r.h.Claim(r.ctx, r.session); err == nil {
		r.t.Fatalf("host Claim took %s; want the queue empty", id)
	}
}

// events returns the log's events of a type.
func (r *rig) events(typ string) []tasksurface.Event {
	r.t.Helper()
	events, err := r.h.Log(r.ctx, r.session)
	if err != nil {
		r.t.Fatalf("host Log: %v", err)
	}
	return slices.DeleteFunc(events, func(e tasksurface.Event) bool { return e.Type != typ })
}

// messages returns the ids of the log's user messages, in log order.
func (r *rig) messages() []tasksurface.MessageID {
	r.t.Helper()
	var out []tasksurface.MessageID
	for _, e := range r.events(tasksurface.EventUserMessage) {
		out = append(out, messageOf(e).ID)
	}
	return out
}

func messageOf(e tasksurface.Event) tasksurface.UserMessage {
	var m tasksurface.UserMessage
	_ = json.Unmarshal(e.Data, &m)
	return m
}

// text renders a value for a failure message as JSON text, cut to 1,000
// bytes: json.RawMessage members (models, values, sources) read as JSON,
// not as bytes.
func text(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprintf("%+v", v)
	}
	raw := bytes.TrimSpace(buf.Bytes())
	const most = 1000
	if len(raw) > most {
		return fmt.Sprintf("%s... (%d bytes)", raw[:most], len(raw))
	}
	return string(raw)
}
