package fromproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// CheckRequest converts a check request.
func CheckRequest(in *tsproto3.CheckRequest) *tasksurface.CheckRequest {
	return &tasksurface.CheckRequest{
		SessionID: tasksurface.SessionID(in.GetSessionId()),
		SurfaceID: tasksurface.SurfaceID(in.GetSurfaceId()),
		Values:    raw(in.GetValuesJson()),
		Note:      in.GetNote(),
		Snapshot:  Snapshot(in.GetSnapshot()),
		Locale:    in.GetLocale(),
	}
}

// CheckResponse converts a check response.
func CheckResponse(in *tsproto3.CheckResponse) *tasksurface.CheckResponse {
	return &tasksurface.CheckResponse{
		Checked:    in.GetChecked(),
		Problems:   Problems(in.GetProblems()),
		Unanswered: in.GetUnanswered(),
		Reason:     tasksurface.Reason(in.GetReason()),
		MetaNeeded: in.GetMetaNeeded(),
	}
}
