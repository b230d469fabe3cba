package coord

import (
	"context"
	"fmt"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Dismiss closes the open surface without submitting it, by asking the host
// to record the dismissal in the log. req.SurfaceID "" means the open
// surface (a person typing the command leaves the id out).
//
// It is idempotent per dismissal id: a retry answers with the original
// event sequence and writes nothing, also after a plugin restart when the
// dismissal named its id in the log. It is refused with
// submission-pending while a submission of the surface is queued or
// claiming, and with submitted once a submission of it is durable: the
// first outcome recorded wins (outcome.go). Unlike Submit it does not need
// the surface's model to hold up: a surface with broken metadata must still
// be closable, or it would block every later show_task_surface call.
func (s *Service) Dismiss(ctx context.Context, req *tasksurface.DismissRequest) (*tasksurface.DismissResponse, error) {
	host, _, err := s.config()
	if err != nil {
		return nil, err
	}
	switch {
	case !req.DismissalID.Valid():
		return &tasksurface.DismissResponse{Reason: tasksurface.ReasonInvalidDismissalID}, nil
	case req.SurfaceID != "" && !req.SurfaceID.Valid():
		return &tasksurface.DismissResponse{Reason: tasksurface.ReasonInvalidSurfaceID}, nil
	}
	ss := s.session(req.SessionID)
	defer ss.begin()()

	if d, ok := ss.dismissal(string(req.DismissalID)); ok {
		return &tasksurface.DismissResponse{Dismissed: true, EventSeq: d.eventSeq}, nil
	}
	view, err := s.readView(ctx, host, req.SessionID, nil)
	if err != nil {
		return nil, err
	}
	if seq, ok := dismissedBefore(view, req); ok {
		return &tasksurface.DismissResponse{Dismissed: true, EventSeq: seq}, nil
	}
	occ, reason := target(view, string(req.SurfaceID))
	if occ == nil {
		return &tasksurface.DismissResponse{Reason: closedBy(view, string(req.SurfaceID), fold.OutcomeSubmitted, tasksurface.ReasonSubmitted, reason)}, nil
	}
	pending, committed, err := s.pendingFor(ctx, host, ss, req.SessionID, *occ)
	if err != nil {
		return nil, err
	}
	switch {
	case committed:
		return &tasksurface.DismissResponse{Reason: tasksurface.ReasonSubmitted}, nil
	case pending != nil:
		return &tasksurface.DismissResponse{Reason: tasksurface.ReasonSubmissionPending}, nil
	}
	resp, err := host.RecordDismissal(ctx, &tasksurface.RecordDismissalRequest{
		SessionID: req.SessionID, SurfaceID: tasksurface.SurfaceID(occ.SurfaceID), DismissalID: req.DismissalID, CallID: occ.CallID,
	})
	if err != nil {
		return nil, fmt.Errorf("record dismissal %s of surface %s in session %s: %w", string(req.DismissalID), occ.SurfaceID, req.SessionID, err)
	}
	if resp == nil || !resp.Recorded {
		why := tasksurface.ReasonNotRecorded
		if resp != nil && resp.Reason != "" {
			why = tasksurface.Reason(resp.Reason) // the host's own word
		}
		s.logger.Warn("dismissal not recorded", "session", req.SessionID, "surface", occ.SurfaceID,
			"dismissal", string(req.DismissalID), "reason", why)
		return &tasksurface.DismissResponse{Reason: why}, nil
	}
	ss.addDismissal(dismissalRecord{dismissalID: string(req.DismissalID), surfaceID: occ.SurfaceID, eventSeq: resp.EventSeq})
	s.logger.Info("surface dismissed", "session", req.SessionID, "surface", occ.SurfaceID,
		"dismissal", string(req.DismissalID), "seq", resp.EventSeq)
	return &tasksurface.DismissResponse{Dismissed: true, EventSeq: resp.EventSeq}, nil
}

// dismissedBefore answers a retry of a dismissal that already closed its
// surface, from the projection's outcomes.
func dismissedBefore(v fold.View, req *tasksurface.DismissRequest) (int64, bool) {
	for i := len(v.Outcomes) - 1; i >= 0; i-- {
		o := v.Outcomes[i]
		if o.Outcome == fold.OutcomeDismissed && o.DismissalID == string(req.DismissalID) &&
			(string(req.SurfaceID) == "" || string(req.SurfaceID) == o.SurfaceID) {
			return o.Seq, true
		}
	}
	return 0, false
}
