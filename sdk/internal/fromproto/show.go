package fromproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ShowRequest converts a show request.
func ShowRequest(in *tsproto3.ShowRequest) *tasksurface.ShowRequest {
	return &tasksurface.ShowRequest{
		SessionID:    tasksurface.SessionID(in.GetSessionId()),
		CallID:       tasksurface.CallID(in.GetCallId()),
		ParentCallID: tasksurface.CallID(in.GetParentCallId()),
		Arguments:    raw(in.GetArgumentsJson()),
		Projection:   raw(in.GetProjectionJson()),
		Mode:         tasksurface.Mode(in.GetMode()),
		OmitMeta:     in.GetOmitMeta(),
	}
}

// ShowResponse converts a show response.
func ShowResponse(in *tsproto3.ShowResponse) *tasksurface.ShowResponse {
	return (&tasksurface.ShowResponse{
		SurfaceID: tasksurface.SurfaceID(in.GetSurfaceId()),
		OK:        in.GetOk(),
		Value:     raw(in.GetValueJson()),
		ErrorCode: tasksurface.ShowErrorCode(in.GetErrorCode()),
		ErrorText: in.GetErrorText(),
		Problems:  Problems(in.GetProblems()),
		Text:      in.GetText(),
		Meta:      raw(in.GetMetaJson()),
	}).WithSurfaceID()
}
