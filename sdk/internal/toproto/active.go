package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// GetActiveRequest converts a get-active request.
func GetActiveRequest(in *tasksurface.GetActiveRequest) *tsproto3.GetActiveRequest {
	return &tsproto3.GetActiveRequest{SessionId: string(in.SessionID), SurfaceId: string(in.SurfaceID), ModelHeld: in.ModelHeld, Snapshot: Snapshot(in.Snapshot)}
}

// GetActiveResponse converts a get-active response.
func GetActiveResponse(in *tasksurface.GetActiveResponse) *tsproto3.GetActiveResponse {
	out := &tsproto3.GetActiveResponse{
		Active:       in.Active,
		CallId:       string(in.CallID),
		SurfaceId:    string(in.SurfaceID),
		ModelJson:    in.Model,
		MarkdownJson: in.Markdown,
		Reason:       string(in.Reason),
		MetaNeeded:   in.MetaNeeded,
	}
	if in.Pending != nil {
		out.Pending = &tsproto3.PendingSubmission{
			SubmissionId: string(in.Pending.SubmissionID),
			MessageId:    string(in.Pending.MessageID),
			Phase:        string(in.Pending.Phase),
		}
	}
	return out
}
