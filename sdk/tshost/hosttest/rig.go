package hosttest

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// model is the surface the suite opens: a choice and a required text.
const model = `{"version":1,"title":"Release gate","sections":[{"id":"intro","blocks":[` +
	`{"kind":"markdown","text":"Pick **one** plan."}]}],` +
	`"fields":[{"kind":"choice","id":"plan","label":"Plan","options":[{"id":"a","label":"Online"},{"id":"b","label":"Offline"}]},` +
	`{"kind":"text","id":"notes","label":"Notes","required":true}],"submit":{"label":"Send"}}`

// values answer model.
const values = `{"plan":"b","notes":"ship after lunch"}`

// rig is one case's harness, session and open surface.
type rig struct {
	t       *testing.T
	ctx     context.Context
	dir     string
	start   Start
	h       Harness
	session tasksurface.SessionID
	surface tasksurface.SurfaceID
}

// newRig starts a harness in a fresh folder and opens a surface in a new
// session.
func newRig(t *testing.T, start Start) *rig {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	r := &rig{t: t, ctx: ctx, dir: t.TempDir(), start: start}
	r.h = start(t, r.dir)
	t.Cleanup(func() { _ = r.h.Close(context.Background()) })
	session, err := r.h.NewSession(ctx)
	if err != nil {
		t.Fatalf("NewSession: %v", err)
	}
	r.session = session
	args, _ := json.Marshal(map[string]json.RawMessage{"model": json.RawMessage(model)})
	resp, err := r.h.CallTool(ctx, session, "call_1", args)
	if err != nil || resp == nil || !resp.OK {
		t.Fatalf("CallTool = %+v, %v; want the surface open", resp, err)
	}
	a := r.active()
	if !a.Active {
		t.Fatalf("after the tool call getActive = %+v, want an open surface", a)
	}
	r.surface = a.SurfaceID
	return r
}

// restart stops the harness without committing anything and starts it
// again over the same folder.
func (r *rig) restart() {
	r.t.Helper()
	if err := r.h.Close(r.ctx); err != nil {
		r.t.Fatalf("Close: %v", err)
	}
	r.h = r.start(r.t, r.dir)
}

func (r *rig) active() *tasksurface.GetActiveResponse {
	r.t.Helper()
	a, err := r.h.Server().GetActive(r.ctx, &tasksurface.GetActiveRequest{SessionID: r.session})
	if err != nil {
		r.t.Fatalf("GetActive: %v", err)
	}
	return a
}

func (r *rig) submit(submissionID tasksurface.SubmissionID) *tasksurface.SubmitResponse {
	r.t.Helper()
	resp, err := r.h.Server().Submit(r.ctx, &tasksurface.SubmitRequest{
		SessionID: r.session, SurfaceID: r.surface, SubmissionID: submissionID, Values: json.RawMessage(values),
	})
	if err != nil {
		r.t.Fatalf("Submit: %v", err)
	}
	return resp
}

// accepted submits and fails unless the submission is accepted.
func (r *rig) accepted(submissionID tasksurface.SubmissionID) tasksurface.MessageID {
	r.t.Helper()
	resp := r.submit(submissionID)
	if !resp.Accepted || resp.MessageID == "" {
		r.t.Fatalf("submit %s = %+v, want accepted", submissionID, resp)
	}
	return resp.MessageID
}

func (r *rig) dismiss(dismissalID tasksurface.DismissalID) *tasksurface.DismissResponse {
	r.t.Helper()
	resp, err := r.h.Server().Dismiss(r.ctx, &tasksurface.DismissRequest{SessionID: r.session, SurfaceID: r.surface, DismissalID: dismissalID})
	if err != nil {
		r.t.Fatalf("Dismiss: %v", err)
	}
	return resp
}

func (r *rig) claim() tasksurface.MessageID {
	r.t.Helper()
	id, err := r.h.Claim(r.ctx, r.session)
	if err != nil {
		r.t.Fatalf("Claim: %v", err)
	}
	return id
}

func (r *rig) commit(messageID tasksurface.MessageID) {
	r.t.Helper()
	if err := r.h.Commit(r.ctx, r.session, messageID); err != nil {
		r.t.Fatalf("Commit %s: %v", messageID, err)
	}
}

// wantPending fails unless the open surface's pending submission is the
// message in phase, or none when messageID is "".
func (r *rig) wantPending(messageID tasksurface.MessageID, phase tasksurface.Phase) {
	r.t.Helper()
	a := r.active()
	switch {
	case !a.Active:
		r.t.Fatalf("getActive = %+v, want the surface open", a)
	case messageID == "" && a.Pending != nil:
		r.t.Fatalf("pending = %+v, want none", a.Pending)
	case messageID != "" && (a.Pending == nil || a.Pending.MessageID != messageID || a.Pending.Phase != phase):
		r.t.Fatalf("pending = %+v, want %s in phase %s", a.Pending, messageID, phase)
	}
}

// wantClosed fails unless no surface is open.
func (r *rig) wantClosed() {
	r.t.Helper()
	if a := r.active(); a.Active || a.Reason != tasksurface.ReasonNotOpen {
		r.t.Fatalf("getActive = %+v, want not-open", a)
	}
}

// count returns how many events of a type the log holds, and how many
// user messages with the id.
func (r *rig) count(typ string, messageID tasksurface.MessageID) int {
	r.t.Helper()
	events, err := r.h.Log(r.ctx, r.session)
	if err != nil {
		r.t.Fatalf("Log: %v", err)
	}
	n := 0
	for _, e := range events {
		if e.Type != typ {
			continue
		}
		var m tasksurface.UserMessage
		if messageID == "" || (json.Unmarshal(e.Data, &m) == nil && m.ID == messageID) {
			n++
		}
	}
	return n
}
