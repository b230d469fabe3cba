package fromproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// QueueActionRequest converts a queue action check.
func QueueActionRequest(in *tsproto3.QueueActionRequest) *tasksurface.QueueActionRequest {
	return &tasksurface.QueueActionRequest{
		SessionID: tasksurface.SessionID(in.GetSessionId()),
		MessageID: tasksurface.MessageID(in.GetMessageId()),
		Action:    tasksurface.QueueAction(in.GetAction()),
		Source:    raw(in.GetSourceJson()),
		Phase:     tasksurface.Phase(in.GetPhase()),
	}
}

// QueueActionResponse converts the answer to a queue action check.
func QueueActionResponse(in *tsproto3.QueueActionResponse) *tasksurface.QueueActionResponse {
	return &tasksurface.QueueActionResponse{Allowed: in.GetAllowed(), Reason: tasksurface.QueueRefusal(in.GetReason())}
}
