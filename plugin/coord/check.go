package coord

import (
	"context"

	"github.com/dsh-community/task-surface/plugin/submission"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Check judges the answers of the open surface as they stand, by the rules
// Submit applies, and sends nothing: the problems a submission of them
// would be refused with, each at its field's pointer, and the fields whose
// value counts as no answer. A client calls it while the user types, so
// that a limit is shown before Submit and progress counts what was
// answered.
func (s *Service) Check(_ context.Context, req *tasksurface.CheckRequest) (*tasksurface.CheckResponse, error) {
	if !req.SurfaceID.Valid() {
		return &tasksurface.CheckResponse{Reason: tasksurface.ReasonNotOpen}, nil
	}
	st, err := readState(&req.Snapshot)
	if err != nil {
		return nil, err
	}
	occ, reason := target(st.view, req.SurfaceID)
	if occ == nil {
		return &tasksurface.CheckResponse{Reason: reason}, nil
	}
	ss := s.session(req.SessionID)
	hm, needed := s.modelOf(ss, req.SessionID, *occ, &req.Snapshot)
	ss.mu.Unlock()
	switch {
	case needed:
		return &tasksurface.CheckResponse{MetaNeeded: true}, nil
	case hm == nil:
		return &tasksurface.CheckResponse{Reason: tasksurface.ReasonNotOpen}, nil
	}
	limits, _ := s.currentLimits()
	problems, unanswered := submission.Check(hm.model, req.Values, req.Note, limits)
	return &tasksurface.CheckResponse{Checked: true, Problems: problems, Unanswered: unanswered}, nil
}
