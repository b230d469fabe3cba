package coord_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/dsh-community/task-surface/plugin/coord"
	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// A model with one required text field and one optional toggle.
const modelJSON = `{"version":1,"title":"Pick","sections":[{"id":"s","blocks":[{"kind":"markdown","text":"Read <this>"}]}],` +
	`"fields":[{"kind":"text","id":"why","label":"Why","required":true},{"kind":"toggle","id":"ok","label":"OK"}],"submit":{"label":"Go"}}`

const (
	session = tasksurface.SessionID("session-1")
	callID  = tasksurface.CallID("call-1")
	surface = "tsf_1"
)

var occ = fold.Occurrence{CallID: callID, SurfaceID: surface}

// clock is a settable clock.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// host plays the host's part by hand: it keeps the view and the queue
// that snapshots carry, and carries out decisions as the contract says.
type host struct {
	t      *testing.T
	svc    *coord.Service
	clock  *clock
	view   fold.View
	queue  []tasksurface.QueuedMessage
	logSeq int64
	meta   json.RawMessage // the open surface's logged metadata
}

// newHost returns a host with surface open, opened by this process's
// service when opened is true (the service then holds its model).
func newHost(t *testing.T, opened bool) *host {
	t.Helper()
	h := &host{t: t, clock: &clock{t: time.Unix(1000, 0)}}
	h.restart()
	h.view = fold.View{Active: &fold.Occurrence{CallID: callID, SurfaceID: surface}, Outcomes: []fold.Outcome{}}
	h.logSeq = 5
	m, problems := model.Parse([]byte(modelJSON), tasksurface.DefaultLimits)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	normalized, err := m.Normalized()
	if err != nil {
		t.Fatal(err)
	}
	h.meta, err = json.Marshal(tasksurface.Meta{Kind: tasksurface.MetaKind, Version: tasksurface.MetaVersion, SurfaceID: surface, Model: normalized})
	if err != nil {
		t.Fatal(err)
	}
	if opened {
		h.svc.Opened(coord.Opened{SessionID: session, CallID: callID, SurfaceID: surface, Model: m})
	}
	return h
}

// restart replaces the service, as a plugin restart does.
func (h *host) restart() {
	h.svc = coord.New(coord.Config{Limits: tasksurface.DefaultLimits, Now: h.clock.now})
}

func (h *host) snapshot(withMeta bool) tasksurface.Snapshot {
	v, err := json.Marshal(h.view)
	if err != nil {
		h.t.Fatal(err)
	}
	s := tasksurface.Snapshot{Projection: v, Queue: append([]tasksurface.QueuedMessage(nil), h.queue...), LogSeq: h.logSeq}
	if withMeta {
		s.OpeningMeta = h.meta
	}
	return s
}

// submit asks the plugin, sending the metadata when it asks for it, and
// returns its decision without carrying it out.
func (h *host) submit(submissionID, values string) *tasksurface.SubmitResponse {
	h.t.Helper()
	req := &tasksurface.SubmitRequest{SessionID: session, SurfaceID: surface, SubmissionID: tasksurface.SubmissionID(submissionID),
		Values: json.RawMessage(values), Snapshot: h.snapshot(false)}
	resp, err := h.svc.Submit(h.t.Context(), req)
	if err == nil && resp.MetaNeeded {
		req.Snapshot = h.snapshot(true)
		resp, err = h.svc.Submit(h.t.Context(), req)
	}
	if err != nil {
		h.t.Fatalf("Submit: %v", err)
	}
	return resp
}

// admit carries out an admission: the message joins the queue, and the
// host reports it.
func (h *host) admit(resp *tasksurface.SubmitResponse) tasksurface.MessageID {
	h.t.Helper()
	if resp.Admit == nil {
		h.t.Fatalf("submit = %+v, want an admission", resp)
	}
	h.logSeq++
	h.queue = append(h.queue, tasksurface.QueuedMessage{MessageID: resp.Admit.MessageID, Phase: tasksurface.PhaseQueued, Source: resp.Admit.Source})
	h.report(tasksurface.QueueAdmitted, resp.Admit.MessageID, resp.Admit.Source)
	return resp.Admit.MessageID
}

// claim has the agent take the oldest queued message.
func (h *host) claim() {
	h.t.Helper()
	h.logSeq++
	h.queue[0].Phase = tasksurface.PhaseClaiming
	h.report(tasksurface.QueueClaimed, h.queue[0].MessageID, h.queue[0].Source)
}

// commit writes the first queued message to the log: a submission closes
// the surface as submitted, an ordinary message as bypassed.
func (h *host) commit(report bool) {
	h.t.Helper()
	m := h.queue[0]
	h.queue = h.queue[1:]
	h.logSeq++
	o := fold.Outcome{CallID: h.view.Active.CallID, SurfaceID: h.view.Active.SurfaceID, Outcome: fold.OutcomeBypassed, Seq: h.logSeq, MessageID: m.MessageID}
	if c := tasksurface.CorrelationOf(m.Source); c != nil {
		o.Outcome, o.SubmissionID = fold.OutcomeSubmitted, string(c.SubmissionID)
	}
	h.view.Active = nil
	h.view.Outcomes = append(h.view.Outcomes, o)
	if report {
		h.report(tasksurface.QueueCommitted, m.MessageID, m.Source)
	}
}

// drop takes the first queued message out of the queue, reporting kind
// unless it is "".
func (h *host) drop(kind tasksurface.QueueEventKind) {
	h.t.Helper()
	m := h.queue[0]
	h.queue = h.queue[1:]
	h.logSeq++
	if kind != "" {
		h.report(kind, m.MessageID, m.Source)
	}
}

// ordinary queues an ordinary user message.
func (h *host) ordinary(id string) {
	h.logSeq++
	h.queue = append(h.queue, tasksurface.QueuedMessage{MessageID: tasksurface.MessageID(id), Phase: tasksurface.PhaseQueued, Source: json.RawMessage(`{"kind":"user","rpcId":"r9"}`)})
}

func (h *host) report(kind tasksurface.QueueEventKind, id tasksurface.MessageID, source json.RawMessage) *tasksurface.QueueEventResponse {
	h.t.Helper()
	resp, err := h.svc.ObserveQueue(h.t.Context(), &tasksurface.QueueEvent{SessionID: session, Kind: kind, MessageID: id, Source: source, EventSeq: h.logSeq})
	if err != nil {
		h.t.Fatalf("ObserveQueue: %v", err)
	}
	return resp
}

func (h *host) dismiss(dismissalID string) *tasksurface.DismissResponse {
	h.t.Helper()
	resp, err := h.svc.Dismiss(h.t.Context(), &tasksurface.DismissRequest{SessionID: session, SurfaceID: surface,
		DismissalID: tasksurface.DismissalID(dismissalID), Snapshot: h.snapshot(false)})
	if err != nil {
		h.t.Fatalf("Dismiss: %v", err)
	}
	return resp
}

// record writes a decided dismissal and reports it.
func (h *host) record(resp *tasksurface.DismissResponse) int64 {
	h.t.Helper()
	if resp.Record == nil {
		h.t.Fatalf("dismiss = %+v, want a record to write", resp)
	}
	h.logSeq += 2
	h.view.Outcomes = append(h.view.Outcomes, fold.Outcome{CallID: h.view.Active.CallID, SurfaceID: h.view.Active.SurfaceID,
		Outcome: fold.OutcomeDismissed, Seq: h.logSeq, DismissalID: string(resp.Record.DismissalID)})
	h.view.Active = nil
	r, err := h.svc.ObserveQueue(h.t.Context(), &tasksurface.QueueEvent{SessionID: session, Kind: tasksurface.QueueRecorded,
		SurfaceID: resp.Record.SurfaceID, DismissalID: resp.Record.DismissalID, EventSeq: h.logSeq})
	if err != nil || !r.Tracked {
		h.t.Fatalf("report recorded = %+v, %v", r, err)
	}
	return h.logSeq
}

func (h *host) active() *tasksurface.GetActiveResponse {
	h.t.Helper()
	req := &tasksurface.GetActiveRequest{SessionID: session, SurfaceID: surface, Snapshot: h.snapshot(false)}
	resp, err := h.svc.GetActive(h.t.Context(), req)
	if err == nil && resp.MetaNeeded {
		req.Snapshot = h.snapshot(true)
		resp, err = h.svc.GetActive(h.t.Context(), req)
	}
	if err != nil {
		h.t.Fatalf("GetActive: %v", err)
	}
	return resp
}

// wantPending fails unless the open surface reports the pending phase ("" for none).
func (h *host) wantPending(phase tasksurface.Phase) {
	h.t.Helper()
	a := h.active()
	switch {
	case !a.Active:
		h.t.Fatalf("getActive = %+v, want the surface open", a)
	case phase == "" && a.Pending != nil:
		h.t.Fatalf("pending = %+v, want none", a.Pending)
	case phase != "" && (a.Pending == nil || a.Pending.Phase != phase):
		h.t.Fatalf("pending = %+v, want phase %s", a.Pending, phase)
	}
}

// wantRefused fails unless resp refused the submission for reason.
func wantRefused(t *testing.T, resp *tasksurface.SubmitResponse, reason tasksurface.Reason) {
	t.Helper()
	if resp.Accepted || resp.Reason != reason || resp.Admit != nil {
		t.Fatalf("submit = %+v, want refused with %s", resp, reason)
	}
}

// wantAccepted fails unless resp accepted as messageID in phase, with
// nothing to admit.
func wantAccepted(t *testing.T, resp *tasksurface.SubmitResponse, messageID tasksurface.MessageID, phase tasksurface.Phase) {
	t.Helper()
	if !resp.Accepted || resp.MessageID != messageID || resp.Phase != phase || resp.Admit != nil {
		t.Fatalf("submit = %+v, want accepted as %s in phase %s with nothing to admit", resp, messageID, phase)
	}
}
