package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto2"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// CheckRequest converts a check request.
func CheckRequest(in *tasksurface.CheckRequest) *tsproto2.CheckRequest {
	return &tsproto2.CheckRequest{
		SessionId:  string(in.SessionID),
		SurfaceId:  string(in.SurfaceID),
		ValuesJson: in.Values,
		Note:       in.Note,
		Snapshot:   Snapshot(in.Snapshot),
		Locale:     in.Locale,
	}
}

// CheckResponse converts a check response.
func CheckResponse(in *tasksurface.CheckResponse) *tsproto2.CheckResponse {
	return &tsproto2.CheckResponse{
		Checked:    in.Checked,
		Problems:   Problems(in.Problems),
		Unanswered: in.Unanswered,
		Reason:     string(in.Reason),
		MetaNeeded: in.MetaNeeded,
	}
}
