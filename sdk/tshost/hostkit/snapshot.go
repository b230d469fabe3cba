package hostkit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// snapshot reads what the session holds now, as the plugin decides from it:
// the projection view, the queue in order by its ids, the log's last seq,
// and the state token, a digest of the view and the queue; s.mu is held.
func (h *Host) snapshot(ctx context.Context, id tasksurface.SessionID, s *session) (tasksurface.Snapshot, error) {
	view, err := h.proj.View(ctx, id)
	if err != nil {
		return tasksurface.Snapshot{}, fmt.Errorf("hostkit: the projection of session %s: %w", id, err)
	}
	snap := tasksurface.Snapshot{Projection: view, Queue: s.queue.snapshot(), LogSeq: s.nextSeq - 1}
	d := sha256.New()
	d.Write(view)
	for _, m := range snap.Queue {
		fmt.Fprintf(d, "\x00%s\x00%s", m.MessageID, m.Phase)
	}
	snap.StateToken = hex.EncodeToString(d.Sum(nil)[:12])
	return snap, nil
}

// fold folds what a step of the kit wrote, so the next snapshot costs no
// fold; s.mu is held. A fold that fails (the plugin restarts) leaves the
// events to the next read.
func (h *Host) fold(ctx context.Context, id tasksurface.SessionID) {
	if _, err := h.proj.View(ctx, id); err != nil {
		h.logger.Debug("the fold after a write failed; the next read folds again", "session", id, "error", err)
	}
}
