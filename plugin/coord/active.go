package coord

import (
	"context"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// GetActive returns the open surface of a session: its call and surface
// ids, its normalised model, the Markdown HTML rendered from that model,
// and the submission of it the snapshot's queue holds, if any. The one reason it answers otherwise
// is not-open: nothing is open, or not the surface req.SurfaceID names (the
// note's union). A surface opened under limits lowered since reads as open:
// its metadata is revalidated under Config.MetaLimits.
// With req.ModelHeld the answer carries neither the model nor its Markdown:
// the caller has them.
func (s *Service) GetActive(_ context.Context, req *tasksurface.GetActiveRequest) (*tasksurface.GetActiveResponse, error) {
	notOpen := &tasksurface.GetActiveResponse{Reason: tasksurface.ReasonNotOpen}
	if req.SurfaceID != "" && !req.SurfaceID.Valid() {
		return notOpen, nil
	}
	st, err := readState(&req.Snapshot)
	if err != nil {
		return nil, err
	}
	occ, _ := target(st.view, req.SurfaceID)
	if occ == nil {
		return notOpen, nil
	}
	ss := s.session(req.SessionID)
	hm, needed := s.modelOf(ss, req.SessionID, *occ, &req.Snapshot)
	ss.mu.Unlock()
	switch {
	case needed:
		return &tasksurface.GetActiveResponse{MetaNeeded: true}, nil
	case hm == nil:
		return notOpen, nil
	}
	resp := &tasksurface.GetActiveResponse{Active: true, CallID: occ.CallID, SurfaceID: tasksurface.SurfaceID(occ.SurfaceID)}
	if m, ok := st.submissionOf(occ.SurfaceID); ok {
		resp.Pending = &tasksurface.PendingSubmission{SubmissionID: m.SubmissionID, MessageID: m.MessageID, Phase: phaseOf(m)}
	}
	// target checked that a named surface is the open one, so a caller
	// that holds a model holds this one.
	if !req.ModelHeld || req.SurfaceID == "" {
		resp.Model, resp.Markdown = hm.normalized, hm.markdown()
	}
	return resp, nil
}
