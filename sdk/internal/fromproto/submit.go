package fromproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto1"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// SubmitRequest converts a submit request.
func SubmitRequest(in *tsproto1.SubmitRequest) *tasksurface.SubmitRequest {
	return &tasksurface.SubmitRequest{
		SessionID:    tasksurface.SessionID(in.GetSessionId()),
		SurfaceID:    tasksurface.SurfaceID(in.GetSurfaceId()),
		SubmissionID: tasksurface.SubmissionID(in.GetSubmissionId()),
		Values:       raw(in.GetValuesJson()),
		Note:         in.GetNote(),
		Projection:   raw(in.GetProjectionJson()),
	}
}

// SubmitResponse converts a submit response.
func SubmitResponse(in *tsproto1.SubmitResponse) *tasksurface.SubmitResponse {
	return &tasksurface.SubmitResponse{
		Accepted:  in.GetAccepted(),
		MessageID: tasksurface.MessageID(in.GetMessageId()),
		Phase:     tasksurface.Phase(in.GetPhase()),
		Reason:    tasksurface.Reason(in.GetReason()),
		Problems:  Problems(in.GetProblems()),
	}
}
