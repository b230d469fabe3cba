package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto1"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// DismissRequest converts a dismiss request.
func DismissRequest(in *tasksurface.DismissRequest) *tsproto1.DismissRequest {
	return &tsproto1.DismissRequest{SessionId: string(in.SessionID), SurfaceId: string(in.SurfaceID), DismissalId: string(in.DismissalID)}
}

// DismissResponse converts a dismiss response.
func DismissResponse(in *tasksurface.DismissResponse) *tsproto1.DismissResponse {
	return &tsproto1.DismissResponse{Dismissed: in.Dismissed, EventSeq: in.EventSeq, Reason: string(in.Reason)}
}
