package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// QueueActionRequest converts a queue action check.
func QueueActionRequest(in *tasksurface.QueueActionRequest) *tsproto3.QueueActionRequest {
	return &tsproto3.QueueActionRequest{
		SessionId:  string(in.SessionID),
		MessageId:  string(in.MessageID),
		Action:     string(in.Action),
		SourceJson: in.Source,
		Phase:      string(in.Phase),
	}
}

// QueueActionResponse converts the answer to a queue action check.
func QueueActionResponse(in *tasksurface.QueueActionResponse) *tsproto3.QueueActionResponse {
	return &tsproto3.QueueActionResponse{Allowed: in.Allowed, Reason: string(in.Reason)}
}
