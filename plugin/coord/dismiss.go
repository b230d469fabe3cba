package coord

import (
	"context"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Dismiss decides a dismissal of the open surface and answers the record
// the host must write to close it (DismissResponse.Record): the dismissal
// command's pair, or, for a request from a running command
// (req.CommandID), that command's success. The host writes it only if the
// surface is still the open one when it acts, and reports QueueRecorded or
// QueueNotRecorded. req.SurfaceID "" means the open surface (a person
// typing the command leaves the id out).
//
// It is idempotent per dismissal id: a retry answers dismissed with the
// record's seq once it is written (0 while it is being written) and nothing
// to write, also after a plugin restart when the log names the id. The same
// id for another surface is refused with dismissal-id-reused. Otherwise it
// is refused with submission-pending while a submission of the surface is
// in flight, submitted once one closed it, not-open or stale when the
// surface is not the open one. Unlike Submit it does not need the model: a
// surface whose metadata does not hold up must still be closable, or it
// would block every later show_task_surface call.
func (s *Service) Dismiss(_ context.Context, req *tasksurface.DismissRequest) (*tasksurface.DismissResponse, error) {
	switch {
	case !req.DismissalID.Valid():
		return &tasksurface.DismissResponse{Reason: tasksurface.ReasonInvalidDismissalID}, nil
	case req.SurfaceID != "" && !req.SurfaceID.Valid():
		return &tasksurface.DismissResponse{Reason: tasksurface.ReasonInvalidSurfaceID}, nil
	}
	view, err := readView(&req.Snapshot)
	if err != nil {
		return nil, err
	}
	ss := s.session(req.SessionID)
	defer ss.mu.Unlock()
	s.reconcile(ss, req.SessionID, &req.Snapshot, view)

	if resp, ok := dismissedBefore(ss, view, req); ok {
		return resp, nil
	}
	occ, reason := target(view, string(req.SurfaceID))
	if occ == nil {
		if o, ok := view.OutcomeOf(string(req.SurfaceID)); ok && o.Outcome == fold.OutcomeSubmitted {
			reason = tasksurface.ReasonSubmitted
		}
		return &tasksurface.DismissResponse{Reason: reason}, nil
	}
	if ss.submittedHere(occ.SurfaceID) {
		// A submission of it reached the log first; the snapshot, read before, does not show it.
		return &tasksurface.DismissResponse{Reason: tasksurface.ReasonSubmitted}, nil
	}
	if p := ss.pending; p != nil {
		if p.submission() {
			return &tasksurface.DismissResponse{Reason: tasksurface.ReasonSubmissionPending}, nil
		}
		// Another dismissal of this surface is being written.
		return &tasksurface.DismissResponse{Reason: tasksurface.ReasonNotOpen}, nil
	}
	ss.pending = &pending{occ: *occ, dismissalID: req.DismissalID, decidedAt: s.now(), seq: req.Snapshot.LogSeq}
	ss.addDismissal(dismissalRecord{surfaceID: occ.SurfaceID, dismissalID: req.DismissalID})
	s.logger.Debug("dismissal decided; the host records it", "session", req.SessionID, "surface", occ.SurfaceID,
		"dismissal", req.DismissalID, "command", req.CommandID)
	surfaceID := tasksurface.SurfaceID(occ.SurfaceID)
	return &tasksurface.DismissResponse{Dismissed: true, Record: &tasksurface.DismissalRecord{
		SurfaceID: surfaceID, DismissalID: req.DismissalID, CallID: occ.CallID,
		CommandName: tasksurface.CommandName, CommandArgs: tasksurface.DismissArgs(surfaceID, req.DismissalID),
	}}, nil
}

// dismissedBefore answers a dismissal id seen before: from the records of
// this process, or from the projection's outcomes after a restart.
func dismissedBefore(ss *session, v fold.View, req *tasksurface.DismissRequest) (*tasksurface.DismissResponse, bool) {
	same := func(surfaceID string) bool { return req.SurfaceID == "" || string(req.SurfaceID) == surfaceID }
	if r, ok := ss.dismissal(req.DismissalID); ok {
		if !same(r.surfaceID) {
			return &tasksurface.DismissResponse{Reason: tasksurface.ReasonDismissalIDReused}, true
		}
		return &tasksurface.DismissResponse{Dismissed: true, EventSeq: r.seq}, true
	}
	for i := len(v.Outcomes) - 1; i >= 0; i-- {
		o := v.Outcomes[i]
		if o.Outcome != fold.OutcomeDismissed || o.DismissalID != string(req.DismissalID) {
			continue
		}
		if !same(o.SurfaceID) {
			return &tasksurface.DismissResponse{Reason: tasksurface.ReasonDismissalIDReused}, true
		}
		return &tasksurface.DismissResponse{Dismissed: true, EventSeq: o.Seq}, true
	}
	return nil, false
}
