package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// DismissRequest converts a dismiss request.
func DismissRequest(in *tasksurface.DismissRequest) *tsproto3.DismissRequest {
	return &tsproto3.DismissRequest{
		SessionId:   string(in.SessionID),
		SurfaceId:   string(in.SurfaceID),
		DismissalId: string(in.DismissalID),
		Snapshot:    Snapshot(in.Snapshot),
		CommandId:   in.CommandID,
	}
}

// DismissResponse converts a dismiss response.
func DismissResponse(in *tasksurface.DismissResponse) *tsproto3.DismissResponse {
	out := &tsproto3.DismissResponse{Dismissed: in.Dismissed, EventSeq: in.EventSeq, Reason: string(in.Reason)}
	if r := in.Record; r != nil {
		out.Record = &tsproto3.DismissalRecord{
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
