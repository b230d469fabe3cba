package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Snapshot converts a session snapshot.
func Snapshot(in tasksurface.Snapshot) *tsproto3.SessionSnapshot {
	out := &tsproto3.SessionSnapshot{
		ProjectionJson:  in.Projection,
		LogSeq:          in.LogSeq,
		OpeningMetaJson: in.OpeningMeta,
		StateToken:      in.StateToken,
	}
	for _, d := range in.Dismissals {
		out.Dismissals = append(out.Dismissals, &tsproto3.DismissalInFlight{SurfaceId: string(d.SurfaceID), DismissalId: string(d.DismissalID)})
	}
	if len(in.Queue) > 0 {
		out.Queue = make([]*tsproto3.QueuedMessage, len(in.Queue))
		for i, m := range in.Queue {
			out.Queue[i] = &tsproto3.QueuedMessage{
				MessageId: string(m.MessageID), Phase: string(m.Phase), SourceJson: m.Source,
				Ordinary: m.IsOrdinary, SurfaceId: string(m.SurfaceID), SubmissionId: string(m.SubmissionID),
			}
		}
	}
	return out
}
