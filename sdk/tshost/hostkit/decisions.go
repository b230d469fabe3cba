package hostkit

import (
	"context"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// GetActive answers a client reading the open surface of a session: the
// plugin's answer to req with the session's snapshot. req.Snapshot is
// ignored; the kit sends its own.
func (h *Host) GetActive(ctx context.Context, req *tasksurface.GetActiveRequest) (*tasksurface.GetActiveResponse, error) {
	s, err := h.lock(ctx, req.SessionID)
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
	s, err := h.lock(ctx, req.SessionID)
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

// MaxAsks bounds how many times a Submit or a Dismiss asks the plugin when
// each decision comes back on a state token that is no longer the
// session's.
const MaxAsks = 3

// Submit is a person submitting the open surface: the plugin decides from
// the session's snapshot, and the kit carries the decision out before it
// answers, under the session's lock. It admits the plugin's message to the
// queue (an EventQueued in the log) only while the session's state token is
// the admission's (a compare-and-set: the kit holds no rule of when to
// admit); with another token it asks again, at most MaxAsks times, and
// then refuses with ReasonAdmissionRefused. A message the Storage could
// not write is refused with ReasonAdmissionRefused and the error as its
// problem. The answer is the caller's: accepted with the message id and
// its phase, or the refusal; its Admit is always nil, as the kit has done
// it. req.Snapshot is ignored.
//
// A caller that gives up while the plugin decides loses nothing: nothing
// was written, and its retry is decided again.
func (h *Host) Submit(ctx context.Context, req *tasksurface.SubmitRequest) (*tasksurface.SubmitResponse, error) {
	s, err := h.lock(ctx, req.SessionID)
	if err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	for range MaxAsks {
		resp, snap, err := decide(ctx, h, req.SessionID, s, func(ctx context.Context, snap tasksurface.Snapshot) (*tasksurface.SubmitResponse, error) {
			r := *req
			r.Snapshot = snap
			return h.server.Submit(ctx, &r)
		}, func(r *tasksurface.SubmitResponse) bool { return r.MetaNeeded })
		if err != nil || resp.Admit == nil {
			return resp, err
		}
		if resp.Admit.StateToken != snap.StateToken {
			h.logger.Debug("the admission was decided on another state; asking again", "session", req.SessionID)
			continue
		}
		return h.admit(ctx, req.SessionID, s, resp), nil
	}
	return &tasksurface.SubmitResponse{Reason: tasksurface.ReasonAdmissionRefused, Problems: []tasksurface.Problem{{
		Code: tasksurface.CodeAdmissionRefused, Message: "The session kept changing while the plugin decided; submit again.",
	}}}, nil
}

// admit writes an Admission whose token is the session's; s.mu is held
// since the snapshot was read.
func (h *Host) admit(ctx context.Context, id tasksurface.SessionID, s *session, resp *tasksurface.SubmitResponse) *tasksurface.SubmitResponse {
	a := resp.Admit
	resp.Admit = nil
	report := tasksurface.QueueEvent{SessionID: id, MessageID: a.MessageID, SurfaceID: a.SurfaceID}
	events, err := h.write(ctx, id, s, Queued{Message: a.Message()})
	if err != nil {
		h.logger.Error("the submission's message could not be queued", "session", id, "message", a.MessageID, "error", err)
		report.Kind, report.Reason = tasksurface.QueueRefused, err.Error()
		h.report(ctx, report)
		return &tasksurface.SubmitResponse{Reason: tasksurface.ReasonAdmissionRefused, Problems: []tasksurface.Problem{
			{Code: tasksurface.CodeAdmissionRefused, Message: err.Error()},
		}}
	}
	report.Kind, report.EventSeq = tasksurface.QueueAdmitted, events[0].Seq
	h.report(ctx, report)
	return resp
}

// Dismiss is a person dismissing the open surface: the plugin decides from
// the session's snapshot, and the kit writes the dismissal's records
// (tasksurface.NewDismissal, or, for a request that names a running
// command with req.CommandID, that command's successful command/done) only
// while the session's state token is the record's; with another token it
// asks again, at most MaxAsks times, and then refuses with
// ReasonNotRecorded, as it does for a Storage error. The answer is the
// caller's: dismissed with the seq of the record's command/done, or the
// refusal; its Record is always nil. req.Snapshot is ignored.
func (h *Host) Dismiss(ctx context.Context, req *tasksurface.DismissRequest) (*tasksurface.DismissResponse, error) {
	s, err := h.lock(ctx, req.SessionID)
	if err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	for range MaxAsks {
		resp, snap, err := decide(ctx, h, req.SessionID, s, func(ctx context.Context, snap tasksurface.Snapshot) (*tasksurface.DismissResponse, error) {
			r := *req
			r.Snapshot = snap
			return h.server.Dismiss(ctx, &r)
		}, func(*tasksurface.DismissResponse) bool { return false })
		if err != nil || resp.Record == nil {
			return resp, err
		}
		if resp.Record.StateToken != snap.StateToken {
			h.logger.Debug("the dismissal was decided on another state; asking again", "session", req.SessionID)
			continue
		}
		return h.record(ctx, req, s, resp.Record), nil
	}
	return &tasksurface.DismissResponse{Reason: tasksurface.ReasonNotRecorded}, nil
}

// record writes a DismissalRecord whose token is the session's; s.mu is
// held since the snapshot was read.
func (h *Host) record(ctx context.Context, req *tasksurface.DismissRequest, s *session, rec *tasksurface.DismissalRecord) *tasksurface.DismissResponse {
	report := tasksurface.QueueEvent{SessionID: req.SessionID, SurfaceID: rec.SurfaceID, DismissalID: rec.DismissalID}
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
		report.Kind, report.Reason = tasksurface.QueueNotRecorded, err.Error()
		h.report(ctx, report)
		return &tasksurface.DismissResponse{Reason: tasksurface.ReasonNotRecorded}
	}
	report.Kind, report.EventSeq = tasksurface.QueueRecorded, events[len(events)-1].Seq
	h.report(ctx, report)
	return &tasksurface.DismissResponse{Dismissed: true, EventSeq: report.EventSeq}
}
