package coord

import (
	"context"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ObserveQueue takes a host's report of what it did with a decision, or
// of what happened to a queued message since, and logs it. No decision
// reads it: the plugin decides from each request's snapshot alone, so a
// report that is lost, late or never sent changes nothing.
func (s *Service) ObserveQueue(_ context.Context, ev *tasksurface.QueueEvent) (*tasksurface.QueueEventResponse, error) {
	log := s.logger.With("session", ev.SessionID, "event", ev.Kind, "message_id", ev.MessageID,
		"surface", ev.SurfaceID, "dismissal", ev.DismissalID, "seq", ev.EventSeq)
	switch ev.Kind {
	case tasksurface.QueueSteered:
		log.Warn("submission steered into the running turn; this cannot be undone")
	case tasksurface.QueueRefused, tasksurface.QueueDiscarded, tasksurface.QueueRemoved, tasksurface.QueueNotRecorded:
		log.Info("the host reports a decision that did not reach the log", "reason", ev.Reason)
	default:
		log.Debug("the host reports")
	}
	return &tasksurface.QueueEventResponse{}, nil
}

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
