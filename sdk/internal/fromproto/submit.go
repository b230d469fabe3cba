package fromproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// SubmitRequest converts a submit request.
func SubmitRequest(in *tsproto3.SubmitRequest) *tasksurface.SubmitRequest {
	return &tasksurface.SubmitRequest{
		SessionID:    tasksurface.SessionID(in.GetSessionId()),
		SurfaceID:    tasksurface.SurfaceID(in.GetSurfaceId()),
		SubmissionID: tasksurface.SubmissionID(in.GetSubmissionId()),
		Values:       raw(in.GetValuesJson()),
		Note:         in.GetNote(),
		Snapshot:     Snapshot(in.GetSnapshot()),
		Locale:       in.GetLocale(),
	}
}

// SubmitResponse converts a submit response.
func SubmitResponse(in *tsproto3.SubmitResponse) *tasksurface.SubmitResponse {
	out := &tasksurface.SubmitResponse{
		Accepted:   in.GetAccepted(),
		MessageID:  tasksurface.MessageID(in.GetMessageId()),
		Phase:      tasksurface.Phase(in.GetPhase()),
		Reason:     tasksurface.Reason(in.GetReason()),
		Problems:   Problems(in.GetProblems()),
		MetaNeeded: in.GetMetaNeeded(),
	}
	if a := in.GetAdmit(); a != nil {
		out.Admit = &tasksurface.Admission{
			MessageID:  tasksurface.MessageID(a.GetMessageId()),
			Text:       a.GetText(),
			Source:     raw(a.GetSourceJson()),
			SurfaceID:  tasksurface.SurfaceID(a.GetSurfaceId()),
			CallID:     tasksurface.CallID(a.GetCallId()),
			StateToken: a.GetStateToken(),
		}
	}
	return out
}
