package fromproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto2"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// QueueEvent converts a queue event.
func QueueEvent(in *tsproto2.QueueEvent) *tasksurface.QueueEvent {
	return &tasksurface.QueueEvent{
		SessionID:   tasksurface.SessionID(in.GetSessionId()),
		Kind:        tasksurface.QueueEventKind(in.GetKind()),
		MessageID:   tasksurface.MessageID(in.GetMessageId()),
		Source:      raw(in.GetSourceJson()),
		EventSeq:    in.GetEventSeq(),
		Text:        in.GetText(),
		Reason:      tasksurface.QueueReason(in.GetReason()),
		SurfaceID:   tasksurface.SurfaceID(in.GetSurfaceId()),
		DismissalID: tasksurface.DismissalID(in.GetDismissalId()),
	}
}

// QueueEventResponse converts the answer to a queue event.
func QueueEventResponse(in *tsproto2.QueueEventResponse) *tasksurface.QueueEventResponse {
	return &tasksurface.QueueEventResponse{}
}

// QueueActionRequest converts a queue action check.
func QueueActionRequest(in *tsproto2.QueueActionRequest) *tasksurface.QueueActionRequest {
	return &tasksurface.QueueActionRequest{
		SessionID: tasksurface.SessionID(in.GetSessionId()),
		MessageID: tasksurface.MessageID(in.GetMessageId()),
		Action:    tasksurface.QueueAction(in.GetAction()),
		Source:    raw(in.GetSourceJson()),
		Phase:     tasksurface.Phase(in.GetPhase()),
	}
}

// QueueActionResponse converts the answer to a queue action check.
func QueueActionResponse(in *tsproto2.QueueActionResponse) *tasksurface.QueueActionResponse {
	return &tasksurface.QueueActionResponse{Allowed: in.GetAllowed(), Reason: tasksurface.QueueRefusal(in.GetReason())}
}
