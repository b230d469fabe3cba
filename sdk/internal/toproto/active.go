package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto1"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// GetActiveRequest converts a get-active request.
func GetActiveRequest(in *tasksurface.GetActiveRequest) *tsproto1.GetActiveRequest {
	return &tsproto1.GetActiveRequest{SessionId: string(in.SessionID), SurfaceId: string(in.SurfaceID), ProjectionJson: in.Projection, ModelHeld: in.ModelHeld}
}

// GetActiveResponse converts a get-active response.
func GetActiveResponse(in *tasksurface.GetActiveResponse) *tsproto1.GetActiveResponse {
	out := &tsproto1.GetActiveResponse{
		Active:       in.Active,
		CallId:       string(in.CallID),
		SurfaceId:    string(in.SurfaceID),
		ModelJson:    in.Model,
		MarkdownJson: in.Markdown,
		Reason:       string(in.Reason),
	}
	if in.Pending != nil {
		out.Pending = &tsproto1.PendingSubmission{
			SubmissionId: string(in.Pending.SubmissionID),
			MessageId:    string(in.Pending.MessageID),
			Phase:        string(in.Pending.Phase),
		}
	}
	return out
}
