package coord

import (
	"context"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Dismiss decides a dismissal of the open surface from the request alone
// and answers the record the host must write to close it
// (DismissResponse.Record): the dismissal command's pair, or, for a request
// from a running command (req.CommandID), that command's success, with the
// snapshot's state token. The host writes it only while its state still has
// that token. req.SurfaceID "" means the open surface (a person typing the
// command leaves the id out).
//
// It is idempotent per dismissal id, read from the snapshot: a retry
// answers dismissed with the seq of the record's command/done once the log
// holds it (0 while the snapshot lists it being written) and nothing to
// write. The same id for another surface is refused with
// dismissal-id-reused. Otherwise it is refused with submission-pending
// while a submission of the surface is in the queue, not-open while another
// dismissal of it is being written, submitted once a submission closed it,
// not-open or stale when the surface is not the open one. Unlike Submit it does not need the model: a
// surface whose metadata does not hold up must still be closable, or it
// would block every later show_task_surface call.
func (s *Service) Dismiss(_ context.Context, req *tasksurface.DismissRequest) (*tasksurface.DismissResponse, error) {
	switch {
	case !req.DismissalID.Valid():
		return &tasksurface.DismissResponse{Reason: tasksurface.ReasonInvalidDismissalID}, nil
	case req.SurfaceID != "" && !req.SurfaceID.Valid():
		return &tasksurface.DismissResponse{Reason: tasksurface.ReasonInvalidSurfaceID}, nil
	}
	st, err := readState(&req.Snapshot)
	if err != nil {
		return nil, err
	}
	if resp, ok := dismissedBefore(st, req); ok {
		return resp, nil
	}
	occ, reason := target(st.view, req.SurfaceID)
	if occ == nil {
		if o, ok := st.view.OutcomeOf(req.SurfaceID); ok && o.Outcome == fold.OutcomeSubmitted {
			reason = tasksurface.ReasonSubmitted
		}
		return &tasksurface.DismissResponse{Reason: reason}, nil
	}
	if _, ok := st.submissionOf(occ.SurfaceID); ok {
		return &tasksurface.DismissResponse{Reason: tasksurface.ReasonSubmissionPending}, nil
	}
	if _, ok := st.dismissing(occ.SurfaceID); ok {
		return &tasksurface.DismissResponse{Reason: tasksurface.ReasonNotOpen}, nil
	}
	s.logger.Debug("dismissal decided; the host records it", "session", req.SessionID, "surface", occ.SurfaceID,
		"dismissal", req.DismissalID, "command", req.CommandID)
	surfaceID := occ.SurfaceID
	return &tasksurface.DismissResponse{Dismissed: true, Record: &tasksurface.DismissalRecord{
		SurfaceID: surfaceID, DismissalID: req.DismissalID, CallID: occ.CallID,
		CommandName: tasksurface.CommandName, CommandArgs: tasksurface.DismissArgs(surfaceID, req.DismissalID),
		StateToken: st.token,
	}}, nil
}

// dismissedBefore answers a dismissal id the snapshot holds: being
// written, or in the log (the projection's outcomes).
func dismissedBefore(st state, req *tasksurface.DismissRequest) (*tasksurface.DismissResponse, bool) {
	same := func(surfaceID tasksurface.SurfaceID) bool { return req.SurfaceID == "" || req.SurfaceID == surfaceID }
	for _, d := range st.dismissals {
		if d.DismissalID != req.DismissalID {
			continue
		}
		if !same(d.SurfaceID) {
			return &tasksurface.DismissResponse{Reason: tasksurface.ReasonDismissalIDReused}, true
		}
		return &tasksurface.DismissResponse{Dismissed: true}, true
	}
	for i := len(st.view.Outcomes) - 1; i >= 0; i-- {
		o := st.view.Outcomes[i]
		if o.Outcome != fold.OutcomeDismissed || o.DismissalID != req.DismissalID {
			continue
		}
		if !same(o.SurfaceID) {
			return &tasksurface.DismissResponse{Reason: tasksurface.ReasonDismissalIDReused}, true
		}
		return &tasksurface.DismissResponse{Dismissed: true, EventSeq: o.Seq}, true
	}
	return nil, false
}
