package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto1"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ReadToolResultRequest converts a tool result read.
func ReadToolResultRequest(in *tasksurface.ReadToolResultRequest) *tsproto1.ReadToolResultRequest {
	return &tsproto1.ReadToolResultRequest{SessionId: string(in.SessionID), CallId: string(in.CallID)}
}

// ReadToolResultResponse converts a tool result.
func ReadToolResultResponse(in *tasksurface.ReadToolResultResponse) *tsproto1.ReadToolResultResponse {
	return &tsproto1.ReadToolResultResponse{
		Found:        in.Found,
		ToolName:     in.ToolName,
		MetaJson:     in.Meta,
		IsError:      in.IsError,
		ParentCallId: string(in.ParentCallID),
	}
}

// ReadProjectionRequest converts a projection read.
func ReadProjectionRequest(in *tasksurface.ReadProjectionRequest) *tsproto1.ReadProjectionRequest {
	return &tsproto1.ReadProjectionRequest{SessionId: string(in.SessionID)}
}

// ReadProjectionResponse converts a projection view.
func ReadProjectionResponse(in *tasksurface.ReadProjectionResponse) *tsproto1.ReadProjectionResponse {
	return &tsproto1.ReadProjectionResponse{Found: in.Found, ViewJson: in.View}
}

// AdmitUserMessageRequest converts an admission.
func AdmitUserMessageRequest(in *tasksurface.AdmitUserMessageRequest) *tsproto1.AdmitUserMessageRequest {
	return &tsproto1.AdmitUserMessageRequest{
		SessionId:  string(in.SessionID),
		MessageId:  string(in.MessageID),
		Text:       in.Text,
		SourceJson: in.Source,
	}
}

// AdmitUserMessageResponse converts an admission's outcome.
func AdmitUserMessageResponse(in *tasksurface.AdmitUserMessageResponse) *tsproto1.AdmitUserMessageResponse {
	return &tsproto1.AdmitUserMessageResponse{
		Admitted:  in.Admitted,
		MessageId: string(in.MessageID),
		Duplicate: in.Duplicate,
		Reason:    in.Reason,
	}
}

// RecordDismissalRequest converts a dismissal record.
func RecordDismissalRequest(in *tasksurface.RecordDismissalRequest) *tsproto1.RecordDismissalRequest {
	return &tsproto1.RecordDismissalRequest{
		SessionId:   string(in.SessionID),
		SurfaceId:   string(in.SurfaceID),
		DismissalId: string(in.DismissalID),
		CallId:      string(in.CallID),
	}
}

// RecordDismissalResponse converts a dismissal record's outcome.
func RecordDismissalResponse(in *tasksurface.RecordDismissalResponse) *tsproto1.RecordDismissalResponse {
	return &tsproto1.RecordDismissalResponse{Recorded: in.Recorded, EventSeq: in.EventSeq, Reason: in.Reason}
}

// ListInFlightRequest converts an in-flight listing request.
func ListInFlightRequest(in *tasksurface.ListInFlightRequest) *tsproto1.ListInFlightRequest {
	return &tsproto1.ListInFlightRequest{SessionId: string(in.SessionID)}
}

// ListInFlightResponse converts an in-flight listing.
func ListInFlightResponse(in *tasksurface.ListInFlightResponse) *tsproto1.ListInFlightResponse {
	out := &tsproto1.ListInFlightResponse{Messages: make([]*tsproto1.InFlightMessage, len(in.Messages))}
	for i, m := range in.Messages {
		out.Messages[i] = &tsproto1.InFlightMessage{MessageId: string(m.MessageID), Phase: string(m.Phase), SourceJson: m.Source}
	}
	return out
}
