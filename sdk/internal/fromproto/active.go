package fromproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// GetActiveRequest converts a get-active request.
func GetActiveRequest(in *tsproto3.GetActiveRequest) *tasksurface.GetActiveRequest {
	return &tasksurface.GetActiveRequest{
		SessionID: tasksurface.SessionID(in.GetSessionId()),
		SurfaceID: tasksurface.SurfaceID(in.GetSurfaceId()),
		ModelHeld: in.GetModelHeld(),
		Snapshot:  Snapshot(in.GetSnapshot()),
	}
}

// GetActiveResponse converts a get-active response.
func GetActiveResponse(in *tsproto3.GetActiveResponse) *tasksurface.GetActiveResponse {
	out := &tasksurface.GetActiveResponse{
		Active:     in.GetActive(),
		CallID:     tasksurface.CallID(in.GetCallId()),
		SurfaceID:  tasksurface.SurfaceID(in.GetSurfaceId()),
		Model:      raw(in.GetModelJson()),
		Markdown:   raw(in.GetMarkdownJson()),
		Reason:     tasksurface.Reason(in.GetReason()),
		MetaNeeded: in.GetMetaNeeded(),
	}
	if p := in.GetPending(); p != nil {
		out.Pending = &tasksurface.PendingSubmission{
			SubmissionID: tasksurface.SubmissionID(p.GetSubmissionId()),
			MessageID:    tasksurface.MessageID(p.GetMessageId()),
			Phase:        tasksurface.Phase(p.GetPhase()),
		}
	}
	return out
}
