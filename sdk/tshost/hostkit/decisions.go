package hostkit

import (
	"context"
	"time"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
)

// GetActive answers a client reading the open surface of a session: the
// plugin's answer to req with the session's snapshot. req.Snapshot is
// ignored; the kit sends its own.
func (h *Host) GetActive(ctx context.Context, req *tasksurface.GetActiveRequest) (*tasksurface.GetActiveResponse, error) {
	s, err := h.lock(req.SessionID)
	if err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	resp, _, err := decide(ctx, h, req.SessionID, s, func(ctx context.Context, snap tasksurface.Snapshot) (*tasksurface.GetActiveResponse, error) {
		r := *req
		r.Snapshot = snap
		return h.server.GetActive(ctx, &r)
	}, func(r *tasksurface.GetActiveResponse) bool { return r.MetaNeeded })
	return resp, err
}

// Check answers a client checking the answers of the open surface as they
// stand; nothing is sent. req.Snapshot is ignored.
func (h *Host) Check(ctx context.Context, req *tasksurface.CheckRequest) (*tasksurface.CheckResponse, error) {
	s, err := h.lock(req.SessionID)
	if err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	resp, _, err := decide(ctx, h, req.SessionID, s, func(ctx context.Context, snap tasksurface.Snapshot) (*tasksurface.CheckResponse, error) {
		r := *req
		r.Snapshot = snap
		return h.server.Check(ctx, &r)
	}, func(r *tasksurface.CheckResponse) bool { return r.MetaNeeded })
	return resp, err
}

// DecisionTimeout bounds a Submit or a Dismiss from the moment it asks the
// plugin. The caller's cancellation does not end one (see decisionContext).
const DecisionTimeout = 60 * time.Second

// decisionContext is ctx without its cancellation, bounded by
// DecisionTimeout: a decision the plugin made must be carried out and
// reported, or the plugin would answer a retry of the same id "accepted"
// for a message nobody queued. A caller that gave up learns the outcome
// from its retry or from GetActive.
func decisionContext(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), DecisionTimeout)
}

// Submit is a person submitting the open surface: the plugin decides from
// the session's snapshot, and the kit carries the decision out before it
// answers, under the session's lock. It admits the plugin's message to the
// queue (an EventQueued in the log) only if, at that moment, its surface is
// still the open one and no ordinary user message is queued or claimed;
// otherwise it refuses with ReasonMovedOn (an ordinary message is ahead, or
// closed the surface) or ReasonNotOpen (the surface closed otherwise), and a
// message the Storage could not
// write is refused with ReasonAdmissionRefused and the error as its
// problem. Either way the plugin hears what was done (QueueAdmitted or
// QueueRefused). The answer is the caller's: accepted with the message id
// and its phase, or the refusal; its Admit is always nil, as the kit has
// done it. req.Snapshot is ignored.
func (h *Host) Submit(ctx context.Context, req *tasksurface.SubmitRequest) (*tasksurface.SubmitResponse, error) {
	s, err := h.lock(req.SessionID)
	if err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	ctx, cancel := decisionContext(ctx)
	defer cancel()
	resp, snap, err := decide(ctx, h, req.SessionID, s, func(ctx context.Context, snap tasksurface.Snapshot) (*tasksurface.SubmitResponse, error) {
		r := *req
		r.Snapshot = snap
		return h.server.Submit(ctx, &r)
	}, func(r *tasksurface.SubmitResponse) bool { return r.MetaNeeded })
	if err != nil || resp.Admit == nil {
		return resp, err
	}
	return h.admit(ctx, req.SessionID, s, snap, resp), nil
}

// admit carries out an Admission; s.mu is held since snap was read.
func (h *Host) admit(ctx context.Context, id tasksurface.SessionID, s *session, snap tasksurface.Snapshot, resp *tasksurface.SubmitResponse) *tasksurface.SubmitResponse {
	a := resp.Admit
	resp.Admit = nil
	report := tasksurface.QueueEvent{SessionID: id, MessageID: a.MessageID, Source: a.Source}
	refuse := func(reason tasksurface.Reason, problems ...tasksurface.Problem) *tasksurface.SubmitResponse {
		report.Kind, report.Reason = tasksurface.QueueRefused, string(reason)
		if len(problems) > 0 {
			report.Reason = problems[0].Message
		}
		h.report(ctx, report)
		return &tasksurface.SubmitResponse{Reason: reason, Problems: problems}
	}
	if open, ok := tshost.ActiveSurface(snap.Projection); !ok || open.SurfaceID != a.SurfaceID || open.CallID != a.CallID {
		if tshost.ClosedAs(snap.Projection, a.SurfaceID) == "bypassed" {
			return refuse(tasksurface.ReasonMovedOn) // an ordinary message closed it
		}
		return refuse(tasksurface.ReasonNotOpen)
	}
	if s.queue.ordinary() {
		return refuse(tasksurface.ReasonMovedOn)
	}
	if seq, ok := s.queue.committed[a.MessageID]; ok {
		// A plugin that lost its records decided again for a message
		// already in the log.
		report.Kind, report.EventSeq = tasksurface.QueueCommitted, seq
		h.report(ctx, report)
		resp.Phase = tasksurface.PhaseCommitted
		return resp
	}
	report.Kind = tasksurface.QueueAdmitted
	if i := s.queue.index(a.MessageID); i >= 0 {
		// Admitted before: the queue holds it once.
		resp.Phase = s.queue.messages[i].phase()
		h.report(ctx, report)
		return resp
	}
	events, err := h.write(ctx, id, s, Queued{Message: a.Message()})
	if err != nil {
		h.logger.Error("the submission's message could not be queued", "session", id, "message", a.MessageID, "error", err)
		return refuse(tasksurface.ReasonAdmissionRefused, tasksurface.Problem{Code: tasksurface.CodeAdmissionRefused, Message: err.Error()})
	}
	report.EventSeq = events[0].Seq
	h.report(ctx, report)
	return resp
}

// Dismiss is a person dismissing the open surface: the plugin decides from
// the session's snapshot, and the kit writes the dismissal's records
// (tasksurface.NewDismissal, or, for a request that names a running
// command with req.CommandID, that command's successful command/done) only
// if, at that moment, the surface is still the open one; otherwise it
// refuses with ReasonNotOpen, and a Storage error with ReasonNotRecorded.
// Either way the plugin hears what was done (QueueRecorded with the seq of
// the record, or QueueNotRecorded). The answer is the caller's: dismissed
// with the record's seq, or the refusal; its Record is always nil.
// req.Snapshot is ignored.
func (h *Host) Dismiss(ctx context.Context, req *tasksurface.DismissRequest) (*tasksurface.DismissResponse, error) {
	s, err := h.lock(req.SessionID)
	if err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	ctx, cancel := decisionContext(ctx)
	defer cancel()
	resp, snap, err := decide(ctx, h, req.SessionID, s, func(ctx context.Context, snap tasksurface.Snapshot) (*tasksurface.DismissResponse, error) {
		r := *req
		r.Snapshot = snap
		return h.server.Dismiss(ctx, &r)
	}, func(*tasksurface.DismissResponse) bool { return false })
	if err != nil || resp.Record == nil {
		return resp, err
	}
	rec := resp.Record
	report := tasksurface.QueueEvent{SessionID: req.SessionID, SurfaceID: rec.SurfaceID, DismissalID: rec.DismissalID}
	refuse := func(reason tasksurface.Reason, why string) *tasksurface.DismissResponse {
		report.Kind, report.Reason = tasksurface.QueueNotRecorded, why
		h.report(ctx, report)
		return &tasksurface.DismissResponse{Reason: reason}
	}
	if open, ok := tshost.ActiveSurface(snap.Projection); !ok || open.SurfaceID != rec.SurfaceID || open.CallID != rec.CallID {
		return refuse(tasksurface.ReasonNotOpen, string(tasksurface.ReasonNotOpen)), nil
	}
	var records []tasksurface.EventData
	if req.CommandID != "" {
		records = []tasksurface.EventData{tasksurface.CommandDone{CommandID: req.CommandID, Kind: tasksurface.CommandSucceeded}}
	} else {
		run, done := tasksurface.NewDismissal(h.newID("cmd"), rec)
		records = []tasksurface.EventData{run, done}
	}
	events, err := h.write(ctx, req.SessionID, s, records...)
	if err != nil {
		h.logger.Error("the dismissal could not be recorded", "session", req.SessionID, "surface", rec.SurfaceID, "error", err)
		return refuse(tasksurface.ReasonNotRecorded, err.Error()), nil
	}
	report.Kind, report.EventSeq = tasksurface.QueueRecorded, events[len(events)-1].Seq
	h.report(ctx, report)
	return &tasksurface.DismissResponse{Dismissed: true, EventSeq: report.EventSeq}, nil
}
