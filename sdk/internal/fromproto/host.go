package fromproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto1"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ReadToolResultRequest converts a tool result read.
func ReadToolResultRequest(in *tsproto1.ReadToolResultRequest) *tasksurface.ReadToolResultRequest {
	return &tasksurface.ReadToolResultRequest{SessionID: tasksurface.SessionID(in.GetSessionId()), CallID: tasksurface.CallID(in.GetCallId())}
}

// ReadToolResultResponse converts a tool result.
func ReadToolResultResponse(in *tsproto1.ReadToolResultResponse) *tasksurface.ReadToolResultResponse {
	return &tasksurface.ReadToolResultResponse{
		Found:        in.GetFound(),
		ToolName:     in.GetToolName(),
		Meta:         raw(in.GetMetaJson()),
		IsError:      in.GetIsError(),
		ParentCallID: tasksurface.CallID(in.GetParentCallId()),
	}
}

// ReadProjectionRequest converts a projection read.
func ReadProjectionRequest(in *tsproto1.ReadProjectionRequest) *tasksurface.ReadProjectionRequest {
	return &tasksurface.ReadProjectionRequest{SessionID: tasksurface.SessionID(in.GetSessionId())}
}

// ReadProjectionResponse converts a projection view.
func ReadProjectionResponse(in *tsproto1.ReadProjectionResponse) *tasksurface.ReadProjectionResponse {
	return &tasksurface.ReadProjectionResponse{Found: in.GetFound(), View: raw(in.GetViewJson())}
}

// AdmitUserMessageRequest converts an admission.
func AdmitUserMessageRequest(in *tsproto1.AdmitUserMessageRequest) *tasksurface.AdmitUserMessageRequest {
	return &tasksurface.AdmitUserMessageRequest{
		SessionID: tasksurface.SessionID(in.GetSessionId()),
		MessageID: tasksurface.MessageID(in.GetMessageId()),
		Text:      in.GetText(),
		Source:    raw(in.GetSourceJson()),
	}
}

// AdmitUserMessageResponse converts an admission's outcome.
func AdmitUserMessageResponse(in *tsproto1.AdmitUserMessageResponse) *tasksurface.AdmitUserMessageResponse {
	return &tasksurface.AdmitUserMessageResponse{
		Admitted:  in.GetAdmitted(),
		MessageID: tasksurface.MessageID(in.GetMessageId()),
		Duplicate: in.GetDuplicate(),
		Reason:    in.GetReason(),
	}
}

// RecordDismissalRequest converts a dismissal record.
func RecordDismissalRequest(in *tsproto1.RecordDismissalRequest) *tasksurface.RecordDismissalRequest {
	return &tasksurface.RecordDismissalRequest{
		SessionID:   tasksurface.SessionID(in.GetSessionId()),
		SurfaceID:   tasksurface.SurfaceID(in.GetSurfaceId()),
		DismissalID: tasksurface.DismissalID(in.GetDismissalId()),
		CallID:      tasksurface.CallID(in.GetCallId()),
	}
}

// RecordDismissalResponse converts a dismissal record's outcome.
func RecordDismissalResponse(in *tsproto1.RecordDismissalResponse) *tasksurface.RecordDismissalResponse {
	return &tasksurface.RecordDismissalResponse{Recorded: in.GetRecorded(), EventSeq: in.GetEventSeq(), Reason: in.GetReason()}
}

// ListInFlightRequest converts an in-flight listing request.
func ListInFlightRequest(in *tsproto1.ListInFlightRequest) *tasksurface.ListInFlightRequest {
	return &tasksurface.ListInFlightRequest{SessionID: tasksurface.SessionID(in.GetSessionId())}
}

// ListInFlightResponse converts an in-flight listing.
func ListInFlightResponse(in *tsproto1.ListInFlightResponse) *tasksurface.ListInFlightResponse {
	out := &tasksurface.ListInFlightResponse{Messages: make([]tasksurface.InFlightMessage, len(in.GetMessages()))}
	for i, m := range in.GetMessages() {
		out.Messages[i] = tasksurface.InFlightMessage{MessageID: tasksurface.MessageID(m.GetMessageId()), Phase: tasksurface.Phase(m.GetPhase()), Source: raw(m.GetSourceJson())}
	}
	return out
}
