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
	// submitted maps the message ids of the submissions the rig saw
	// accepted to their submission ids.
	submitted map[tasksurface.MessageID]tasksurface.SubmissionID
}

// newRig starts a harness in a fresh folder and opens a surface in a new
// session.
func newRig(t *testing.T, start Start) *rig {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	r := &rig{t: t, ctx: ctx, dir: t.TempDir(), start: start, tap: &tap{}, submitted: map[tasksurface.MessageID]tasksurface.SubmissionID{}}
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
	if resp.Accepted {
		r.submitted[resp.MessageID] = submissionID
	}
	return resp
}

// accepted submits and fails unless the submission is accepted and its
// message is in the host's queue: the open surface's pending submission,
// queued.
func (r *rig) accepted(submissionID tasksurface.SubmissionID) tasksurface.MessageID {
	r.t.Helper()
	resp := r.submit(submissionID, values)
	if !resp.Accepted || resp.MessageID == "" || resp.Phase != tasksurface.PhaseQueued {
		r.t.Fatalf("host Submit %s answered %s; want accepted and queued", submissionID, text(resp))
	}
	r.wantPending(resp.MessageID, tasksurface.PhaseQueued)
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

// dismissed dismisses and fails unless the dismissal is recorded: the
// answer's seq is the log's last command/done, the success of a run of the
// plugin's command that names the rig's surface and dismissalID.
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
	var last tasksurface.CommandDone
	_ = json.Unmarshal(done[len(done)-1].Data, &last)
	if last.Kind != tasksurface.CommandSucceeded {
		r.t.Fatalf("the dismissal's command/done is %s; want kind %s", text(done[len(done)-1]), tasksurface.CommandSucceeded)
	}
	var run *tasksurface.CommandRun
	for _, e := range r.events(tasksurface.EventCommandRun) {
		var c tasksurface.CommandRun
		if json.Unmarshal(e.Data, &c) == nil && c.CommandID == last.CommandID {
			run = &c
		}
	}
	if run == nil {
		r.t.Fatalf("the log holds no command/run of the dismissal's command %q", last.CommandID)
	}
	if surface, dismissal, ok := tasksurface.ParseDismissArgs(run.Args); run.Name != tasksurface.CommandName || !ok ||
		surface != r.surface || dismissal != dismissalID {
		r.t.Fatalf("the dismissal's command/run is %s; want /%s %s", text(run), tasksurface.CommandName, tasksurface.DismissArgs(r.surface, dismissalID))
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

// claim takes the next message and fails unless, when the message is the
// open surface's pending submission, the host's queue has it claiming.
func (r *rig) claim() tasksurface.MessageID {
	r.t.Helper()
	id, err := r.h.Claim(r.ctx, r.session)
	if err != nil {
		r.t.Fatalf("host Claim: %v", err)
	}
	if a := r.active(); a.Pending != nil && a.Pending.MessageID == id && a.Pending.Phase != tasksurface.PhaseClaiming {
		r.t.Fatalf("after host Claim took %s, host GetActive answered pending %s; want it claiming", id, text(a.Pending))
	}
	return id
}

// commit commits a message and fails unless it is in the log once; a
// submission's message carries its correlation (the rig's submission id,
// for one the rig saw accepted), and its surface is no longer open with
// it pending.
func (r *rig) commit(messageID tasksurface.MessageID) {
	r.t.Helper()
	if err := r.h.Commit(r.ctx, r.session, messageID); err != nil {
		r.t.Fatalf("host Commit %s: %v", messageID, err)
	}
	var at []tasksurface.UserMessage
	for _, e := range r.events(tasksurface.EventUserMessage) {
		if m := messageOf(e); m.ID == messageID {
			at = append(at, m)
		}
	}
	if len(at) != 1 {
		r.t.Fatalf("after host Commit the log holds user message %s %d times; want once", messageID, len(at))
	}
	c := tasksurface.CorrelationOf(at[0].Source)
	if sub, ok := r.submitted[messageID]; ok && (c == nil || c.SubmissionID != sub) {
		r.t.Fatalf("the log holds the accepted submission %s's message %s with source %s; want its correlation", sub, messageID, text(at[0].Source))
	}
	if c == nil {
		return
	}
	if a := r.active(); a.Active && (a.SurfaceID == c.SurfaceID || (a.Pending != nil && a.Pending.MessageID == messageID)) {
		r.t.Fatalf("after host Commit of the submission %s, host GetActive answered %s; want its surface %s closed", messageID, text(a), c.SurfaceID)
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
