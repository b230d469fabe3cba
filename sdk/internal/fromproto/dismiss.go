package fromproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// DismissRequest converts a dismiss request.
func DismissRequest(in *tsproto3.DismissRequest) *tasksurface.DismissRequest {
	return &tasksurface.DismissRequest{
		SessionID:   tasksurface.SessionID(in.GetSessionId()),
		SurfaceID:   tasksurface.SurfaceID(in.GetSurfaceId()),
		DismissalID: tasksurface.DismissalID(in.GetDismissalId()),
		Snapshot:    Snapshot(in.GetSnapshot()),
		CommandID:   in.GetCommandId(),
	}
}

// DismissResponse converts a dismiss response.
func DismissResponse(in *tsproto3.DismissResponse) *tasksurface.DismissResponse {
	out := &tasksurface.DismissResponse{Dismissed: in.GetDismissed(), EventSeq: in.GetEventSeq(), Reason: tasksurface.Reason(in.GetReason())}
	if r := in.GetRecord(); r != nil {
		out.Record = &tasksurface.DismissalRecord{
			SurfaceID:   tasksurface.SurfaceID(r.GetSurfaceId()),
			DismissalID: tasksurface.DismissalID(r.GetDismissalId()),
			CallID:      tasksurface.CallID(r.GetCallId()),
			CommandName: r.GetCommandName(),
			CommandArgs: r.GetCommandArgs(),
			StateToken:  r.GetStateToken(),
		}
	}
	return out
}
