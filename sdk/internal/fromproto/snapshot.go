package fromproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Snapshot converts a session snapshot; an absent one is the zero
// snapshot.
func Snapshot(in *tsproto3.SessionSnapshot) tasksurface.Snapshot {
	out := tasksurface.Snapshot{
		Projection:  raw(in.GetProjectionJson()),
		LogSeq:      in.GetLogSeq(),
		OpeningMeta: raw(in.GetOpeningMetaJson()),
		StateToken:  in.GetStateToken(),
	}
	for _, d := range in.GetDismissals() {
		out.Dismissals = append(out.Dismissals, tasksurface.DismissalInFlight{
			SurfaceID: tasksurface.SurfaceID(d.GetSurfaceId()), DismissalID: tasksurface.DismissalID(d.GetDismissalId()),
		})
	}
	if q := in.GetQueue(); len(q) > 0 {
		out.Queue = make([]tasksurface.QueuedMessage, len(q))
		for i, m := range q {
			out.Queue[i] = tasksurface.QueuedMessage{
				MessageID:    tasksurface.MessageID(m.GetMessageId()),
				Phase:        tasksurface.Phase(m.GetPhase()),
				Source:       raw(m.GetSourceJson()),
				IsOrdinary:   m.GetOrdinary(),
				SurfaceID:    tasksurface.SurfaceID(m.GetSurfaceId()),
				SubmissionID: tasksurface.SubmissionID(m.GetSubmissionId()),
			}
		}
	}
	return out
}
