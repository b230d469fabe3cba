package coord

import (
	"context"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// GetActive returns the open surface of a session: its call and surface
// ids, the revalidated normalised model, the Markdown HTML rendered again
// from that model, and the pending submission, if any. When req.SurfaceID is
// set it must name the open surface (else stale). A surface whose model is
// over limits configured lower since it opened is stale too; one whose
// metadata does not hold up, or whose submission is already durable, is
// not-open.
// With req.ModelHeld the model is still loaded and checked, but the answer
// carries neither it nor its Markdown: the caller has them.
func (s *Service) GetActive(ctx context.Context, req *tasksurface.GetActiveRequest) (*tasksurface.GetActiveResponse, error) {
	host, limits, err := s.config()
	if err != nil {
		return nil, err
	}
	if req.SurfaceID != "" && !req.SurfaceID.Valid() {
		return &tasksurface.GetActiveResponse{Reason: tasksurface.ReasonNotOpen}, nil
	}
	ss := s.session(req.SessionID)
	defer ss.begin()()

	view, err := s.readView(ctx, host, req.SessionID, req.Projection)
	if err != nil {
		return nil, err
	}
	occ, reason := target(view, string(req.SurfaceID))
	if occ == nil {
		return &tasksurface.GetActiveResponse{Reason: reason}, nil
	}
	mc, why, err := s.loadModel(ctx, host, limits, ss, req.SessionID, *occ, nil)
	if err != nil {
		return nil, err
	}
	if mc == nil {
		return &tasksurface.GetActiveResponse{Reason: why}, nil
	}
	coveredBefore := ss.covers(*occ)
	pending, committed, err := s.pendingFor(ctx, host, ss, req.SessionID, *occ)
	if err != nil {
		return nil, err
	}
	if committed {
		// The submission is durable; the projection is about to close.
		return &tasksurface.GetActiveResponse{Reason: tasksurface.ReasonNotOpen}, nil
	}
	// pendingFor covers the occurrence when it has just read the host's
	// phases; otherwise a queued record is checked against the host.
	if coveredBefore || !ss.covers(*occ) {
		if pending, err = s.claimedMeanwhile(ctx, host, ss, req.SessionID, pending); err != nil {
			return nil, err
		}
	}
	resp := &tasksurface.GetActiveResponse{
		Active:    true,
		CallID:    occ.CallID,
		SurfaceID: tasksurface.SurfaceID(occ.SurfaceID),
	}
	if pending != nil {
		resp.Pending = &tasksurface.PendingSubmission{SubmissionID: tasksurface.SubmissionID(pending.submissionID), MessageID: pending.messageID, Phase: pending.phase}
	}
	// req.SurfaceID names the open surface here (target checked it), so a
	// caller that holds a model holds this one.
	if !req.ModelHeld || req.SurfaceID == "" {
		resp.Model, resp.Markdown = mc.normalized, mc.markdown()
	}
	return resp, nil
}
