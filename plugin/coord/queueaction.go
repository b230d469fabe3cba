package coord

import (
	"context"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// CheckQueueAction decides whether the host may apply a queue action to a
// message. For a Task Surface submission, edit and steer are refused (the
// text must keep matching the values it carries, and the submission answers
// the surface as the next turn); remove is allowed while the message is
// queued and refused once it is being claimed. Other messages are always
// allowed. The request says everything needed: no record is read.
func (s *Service) CheckQueueAction(_ context.Context, req *tasksurface.QueueActionRequest) (*tasksurface.QueueActionResponse, error) {
	if tasksurface.CorrelationOf(req.Source) == nil {
		return &tasksurface.QueueActionResponse{Allowed: true}, nil
	}
	switch req.Action {
	case tasksurface.ActionEdit:
		return &tasksurface.QueueActionResponse{Reason: tasksurface.QueueRefusalEdit}, nil
	case tasksurface.ActionSteer:
		return &tasksurface.QueueActionResponse{Reason: tasksurface.QueueRefusalSteer}, nil
	case tasksurface.ActionRemove:
		if req.Phase == tasksurface.PhaseClaiming {
			return &tasksurface.QueueActionResponse{Reason: tasksurface.QueueRefusalClaimed}, nil
		}
		return &tasksurface.QueueActionResponse{Allowed: true}, nil
	}
	return &tasksurface.QueueActionResponse{Reason: tasksurface.QueueRefusalUnsupported}, nil
}
