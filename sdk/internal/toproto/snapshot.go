package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto2"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Snapshot converts a session snapshot.
func Snapshot(in tasksurface.Snapshot) *tsproto2.SessionSnapshot {
	out := &tsproto2.SessionSnapshot{
		ProjectionJson:  in.Projection,
		LogSeq:          in.LogSeq,
		OpeningMetaJson: in.OpeningMeta,
	}
	if len(in.Queue) > 0 {
		out.Queue = make([]*tsproto2.QueuedMessage, len(in.Queue))
		for i, m := range in.Queue {
			out.Queue[i] = &tsproto2.QueuedMessage{MessageId: string(m.MessageID), Phase: string(m.Phase), SourceJson: m.Source}
		}
	}
	return out
}
