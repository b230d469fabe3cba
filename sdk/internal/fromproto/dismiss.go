package fromproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto1"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// DismissRequest converts a dismiss request.
func DismissRequest(in *tsproto1.DismissRequest) *tasksurface.DismissRequest {
	return &tasksurface.DismissRequest{SessionID: tasksurface.SessionID(in.GetSessionId()), SurfaceID: tasksurface.SurfaceID(in.GetSurfaceId()), DismissalID: tasksurface.DismissalID(in.GetDismissalId())}
}

// DismissResponse converts a dismiss response.
func DismissResponse(in *tsproto1.DismissResponse) *tasksurface.DismissResponse {
	return &tasksurface.DismissResponse{Dismissed: in.GetDismissed(), EventSeq: in.GetEventSeq(), Reason: tasksurface.Reason(in.GetReason())}
}
