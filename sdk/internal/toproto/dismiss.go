package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto2"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// DismissRequest converts a dismiss request.
func DismissRequest(in *tasksurface.DismissRequest) *tsproto2.DismissRequest {
	return &tsproto2.DismissRequest{
		SessionId:   string(in.SessionID),
		SurfaceId:   string(in.SurfaceID),
		DismissalId: string(in.DismissalID),
		Snapshot:    Snapshot(in.Snapshot),
		CommandId:   in.CommandID,
	}
}

// DismissResponse converts a dismiss response.
func DismissResponse(in *tasksurface.DismissResponse) *tsproto2.DismissResponse {
	out := &tsproto2.DismissResponse{Dismissed: in.Dismissed, EventSeq: in.EventSeq, Reason: string(in.Reason)}
	if r := in.Record; r != nil {
		out.Record = &tsproto2.DismissalRecord{
			SurfaceId:   string(r.SurfaceID),
			DismissalId: string(r.DismissalID),
			CallId:      string(r.CallID),
			CommandName: r.CommandName,
			CommandArgs: r.CommandArgs,
			StateToken:  r.StateToken,
		}
	}
	return out
}
