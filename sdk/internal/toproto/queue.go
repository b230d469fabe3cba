package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto1"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// QueueEvent converts a queue event.
func QueueEvent(in *tasksurface.QueueEvent) *tsproto1.QueueEvent {
	return &tsproto1.QueueEvent{
		SessionId:  string(in.SessionID),
		Kind:       string(in.Kind),
		MessageId:  string(in.MessageID),
		SourceJson: in.Source,
		EventSeq:   in.EventSeq,
		Text:       in.Text,
		MetaJson:   in.Meta,
	}
}

// QueueEventResponse converts the answer to a queue event.
func QueueEventResponse(in *tasksurface.QueueEventResponse) *tsproto1.QueueEventResponse {
	return &tsproto1.QueueEventResponse{Tracked: in.Tracked, RestoreText: in.RestoreText}
}

// QueueActionRequest converts a queue action check.
func QueueActionRequest(in *tasksurface.QueueActionRequest) *tsproto1.QueueActionRequest {
	return &tsproto1.QueueActionRequest{
		SessionId:  string(in.SessionID),
		MessageId:  string(in.MessageID),
		Action:     string(in.Action),
		SourceJson: in.Source,
	}
}

// QueueActionResponse converts the answer to a queue action check.
func QueueActionResponse(in *tasksurface.QueueActionResponse) *tsproto1.QueueActionResponse {
	return &tsproto1.QueueActionResponse{Allowed: in.Allowed, Reason: in.Reason}
}
