package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// SubmitRequest converts a submit request.
func SubmitRequest(in *tasksurface.SubmitRequest) *tsproto3.SubmitRequest {
	return &tsproto3.SubmitRequest{
		SessionId:    string(in.SessionID),
		SurfaceId:    string(in.SurfaceID),
		SubmissionId: string(in.SubmissionID),
		ValuesJson:   in.Values,
		Note:         in.Note,
		Snapshot:     Snapshot(in.Snapshot),
		Locale:       in.Locale,
	}
}

// SubmitResponse converts a submit response.
func SubmitResponse(in *tasksurface.SubmitResponse) *tsproto3.SubmitResponse {
	out := &tsproto3.SubmitResponse{
		Accepted:   in.Accepted,
		MessageId:  string(in.MessageID),
		Phase:      string(in.Phase),
		Reason:     string(in.Reason),
		Problems:   Problems(in.Problems),
		MetaNeeded: in.MetaNeeded,
	}
	if a := in.Admit; a != nil {
		out.Admit = &tsproto3.Admission{
			MessageId:  string(a.MessageID),
			Text:       validUTF8(a.Text),
			SourceJson: a.Source,
			SurfaceId:  string(a.SurfaceID),
			CallId:     string(a.CallID),
			StateToken: a.StateToken,
		}
	}
	return out
}
