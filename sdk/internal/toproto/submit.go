package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto1"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// SubmitRequest converts a submit request.
func SubmitRequest(in *tasksurface.SubmitRequest) *tsproto1.SubmitRequest {
	return &tsproto1.SubmitRequest{
		SessionId:      string(in.SessionID),
		SurfaceId:      string(in.SurfaceID),
		SubmissionId:   string(in.SubmissionID),
		ValuesJson:     in.Values,
		Note:           in.Note,
		ProjectionJson: in.Projection,
	}
}

// SubmitResponse converts a submit response.
func SubmitResponse(in *tasksurface.SubmitResponse) *tsproto1.SubmitResponse {
	return &tsproto1.SubmitResponse{
		Accepted:  in.Accepted,
		MessageId: string(in.MessageID),
		Phase:     string(in.Phase),
		Reason:    string(in.Reason),
		Problems:  Problems(in.Problems),
	}
}
