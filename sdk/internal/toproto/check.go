package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// CheckRequest converts a check request.
func CheckRequest(in *tasksurface.CheckRequest) *tsproto3.CheckRequest {
	return &tsproto3.CheckRequest{
		SessionId:  string(in.SessionID),
		SurfaceId:  string(in.SurfaceID),
		ValuesJson: in.Values,
		Note:       in.Note,
		Snapshot:   Snapshot(in.Snapshot),
		Locale:     in.Locale,
	}
}

// CheckResponse converts a check response.
func CheckResponse(in *tasksurface.CheckResponse) *tsproto3.CheckResponse {
	return &tsproto3.CheckResponse{
		Checked:    in.Checked,
		Problems:   Problems(in.Problems),
		Unanswered: in.Unanswered,
		Reason:     string(in.Reason),
		MetaNeeded: in.MetaNeeded,
	}
}
