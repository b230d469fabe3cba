package coord_test

import (
	"encoding/json"
	"strconv"
	"sync"
	"testing"

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

// host plays the host's part by hand: it keeps the view, the queue and the
// dismissals being written that snapshots carry, with a state token that
// changes with each of them, and carries out a decision only while its
// token is the decision's (the compare-and-set every host does).
type host struct {
	t          *testing.T
	svc        *coord.Service
	mu         sync.Mutex // guards the state below for act
	view       fold.View
	queue      []tasksurface.QueuedMessage
	dismissals []tasksurface.DismissalInFlight
	logSeq     int64
	gen        int             // the state token
	meta       json.RawMessage // the open surface's logged metadata
}

// newHost returns a host with surface open, opened by this process's
// service when opened is true (the service then holds its model).
func newHost(t *testing.T, opened bool) *host {
	t.Helper()
	h := &host{t: t}
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
	h.svc = coord.New(coord.Config{Limits: tasksurface.DefaultLimits})
}

// changed records a change of the host's state: a new token.
func (h *host) changed() {
	h.gen++
	h.logSeq++
}

func (h *host) token() string { return strconv.Itoa(h.gen) }

func (h *host) snapshot(withMeta bool) tasksurface.Snapshot {
	v, err := json.Marshal(h.view)
	if err != nil {
		h.t.Fatal(err)
	}
	s := tasksurface.Snapshot{Projection: v, Queue: append([]tasksurface.QueuedMessage(nil), h.queue...), LogSeq: h.logSeq,
		StateToken: h.token(), Dismissals: append([]tasksurface.DismissalInFlight(nil), h.dismissals...)}
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

// admit carries out an admission: the message joins the queue by its ids.
// It reports false, and does nothing, when the host's token is no longer
// the admission's.
func (h *host) admit(resp *tasksurface.SubmitResponse) bool {
	h.t.Helper()
	if resp.Admit == nil {
		h.t.Fatalf("submit = %+v, want an admission", resp)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if resp.Admit.StateToken != h.token() {
		return false
	}
	h.changed()
	h.queue = append(h.queue, tasksurface.QueuedFrom(resp.Admit.MessageID, tasksurface.PhaseQueued, resp.Admit.Source))
	return true
}

// mustAdmit admits and fails when the token changed.
func (h *host) mustAdmit(resp *tasksurface.SubmitResponse) tasksurface.MessageID {
	h.t.Helper()
	if !h.admit(resp) {
		h.t.Fatalf("admission %+v: the host's token changed", resp.Admit)
	}
	return resp.Admit.MessageID
}

// claim has the agent take the oldest queued message.
func (h *host) claim() {
	h.changed()
	h.queue[0].Phase = tasksurface.PhaseClaiming
}

// commit writes the first queued message to the log: a submission closes
// the surface as submitted, an ordinary message as bypassed.
func (h *host) commit() {
	m := h.queue[0]
	h.queue = h.queue[1:]
	h.changed()
	o := fold.Outcome{CallID: h.view.Active.CallID, SurfaceID: h.view.Active.SurfaceID, Outcome: fold.OutcomeBypassed, Seq: h.logSeq, MessageID: m.MessageID}
	if m.SubmissionID != "" {
		o.Outcome, o.SubmissionID = fold.OutcomeSubmitted, m.SubmissionID
	}
	h.view.Active = nil
	h.view.Outcomes = append(h.view.Outcomes, o)
}

// drop takes the first queued message out of the queue (discarded,
// removed, lost in a restart).
func (h *host) drop() {
	h.queue = h.queue[1:]
	h.changed()
}

// ordinary queues an ordinary user message.
func (h *host) ordinary(id string) {
	h.changed()
	h.queue = append(h.queue, tasksurface.QueuedFrom(tasksurface.MessageID(id), tasksurface.PhaseQueued, json.RawMessage(`{"kind":"user","rpcId":"r9"}`)))
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

// begin starts writing a decided dismissal: it is in flight. It reports
// false, and does nothing, when the host's token is no longer the record's.
func (h *host) begin(resp *tasksurface.DismissResponse) bool {
	h.t.Helper()
	if resp.Record == nil {
		h.t.Fatalf("dismiss = %+v, want a record to write", resp)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if resp.Record.StateToken != h.token() {
		return false
	}
	h.gen++
	h.dismissals = append(h.dismissals, tasksurface.DismissalInFlight{SurfaceID: resp.Record.SurfaceID, DismissalID: resp.Record.DismissalID})
	return true
}

// written ends the dismissal in flight: its record is in the log.
func (h *host) written() int64 {
	d := h.dismissals[0]
	h.dismissals = h.dismissals[1:]
	h.changed()
	h.logSeq++
	h.view.Outcomes = append(h.view.Outcomes, fold.Outcome{CallID: h.view.Active.CallID, SurfaceID: h.view.Active.SurfaceID,
		Outcome: fold.OutcomeDismissed, Seq: h.logSeq, DismissalID: d.DismissalID})
	h.view.Active = nil
	return h.logSeq
}

// record writes a decided dismissal.
func (h *host) record(resp *tasksurface.DismissResponse) int64 {
	h.t.Helper()
	if !h.begin(resp) {
		h.t.Fatalf("record %+v: the host's token changed", resp.Record)
	}
	return h.written()
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
