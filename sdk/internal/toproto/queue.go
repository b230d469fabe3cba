package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto2"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// QueueEvent converts a queue event.
func QueueEvent(in *tasksurface.QueueEvent) *tsproto2.QueueEvent {
	return &tsproto2.QueueEvent{
		SessionId:   string(in.SessionID),
		Kind:        string(in.Kind),
		MessageId:   string(in.MessageID),
		SourceJson:  in.Source,
		EventSeq:    in.EventSeq,
		Text:        in.Text,
		Reason:      string(in.Reason),
		SurfaceId:   string(in.SurfaceID),
		DismissalId: string(in.DismissalID),
	}
}

// QueueEventResponse converts the answer to a queue event.
func QueueEventResponse(in *tasksurface.QueueEventResponse) *tsproto2.QueueEventResponse {
	return &tsproto2.QueueEventResponse{}
}

// QueueActionRequest converts a queue action check.
func QueueActionRequest(in *tasksurface.QueueActionRequest) *tsproto2.QueueActionRequest {
	return &tsproto2.QueueActionRequest{
		SessionId:  string(in.SessionID),
		MessageId:  string(in.MessageID),
		Action:     string(in.Action),
		SourceJson: in.Source,
		Phase:      string(in.Phase),
	}
}

// QueueActionResponse converts the answer to a queue action check.
func QueueActionResponse(in *tasksurface.QueueActionResponse) *tsproto2.QueueActionResponse {
	return &tsproto2.QueueActionResponse{Allowed: in.Allowed, Reason: string(in.Reason)}
}
