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

// decide asks the plugin with a snapshot of the session, and once more with
// the open surface's metadata when the answer says the plugin needs it;
// s.mu is held. It returns the answer and the snapshot it was given.
func decide[Resp any](ctx context.Context, h *Host, id tasksurface.SessionID, s *session,
	ask func(context.Context, tasksurface.Snapshot) (Resp, error), metaNeeded func(Resp) bool,
) (Resp, tasksurface.Snapshot, error) {
	var zero Resp
	snap, err := h.snapshot(ctx, id, s)
	if err != nil {
		return zero, snap, err
	}
	resp, err := ask(ctx, snap)
	if err != nil || !metaNeeded(resp) {
		return resp, snap, err
	}
	snap.OpeningMeta = h.results.OpeningMeta(id, snap.Projection)
	if snap.OpeningMeta == nil {
		return zero, snap, fmt.Errorf("hostkit: the plugin needs the open surface's metadata, and the log of session %s holds no tool result with it", id)
	}
	resp, err = ask(ctx, snap)
	return resp, snap, err
}
