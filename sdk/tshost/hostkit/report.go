package hostkit

import (
	"context"
	"time"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// reportTimeout bounds one report to the plugin.
const reportTimeout = 5 * time.Second

// report tells the plugin what the kit did with a decision, or what
// happened to a queued message since, by ids: the plugin logs it, and no
// decision reads it. A report that fails (the plugin restarts) is logged,
// not returned.
func (h *Host) report(ctx context.Context, ev tasksurface.QueueEvent) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), reportTimeout)
	defer cancel()
	if _, err := h.server.ObserveQueue(ctx, &ev); err != nil {
		h.logger.Warn("the plugin did not take a queue report; the next snapshot tells it", "session", ev.SessionID,
			"kind", ev.Kind, "message", ev.MessageID, "dismissal", ev.DismissalID, "error", err)
	}
}

// reportMessage reports what happened to a queued message, when it is a
// Task Surface submission: the plugin follows no other message.
func (h *Host) reportMessage(ctx context.Context, sessionID tasksurface.SessionID, kind tasksurface.QueueEventKind, m tasksurface.UserMessage, seq int64) {
	src, ok := tasksurface.ParseMessageSource(m.Source)
	if !ok || src.TaskSurface == nil {
		return
	}
	h.report(ctx, tasksurface.QueueEvent{SessionID: sessionID, Kind: kind, MessageID: m.ID, SurfaceID: src.TaskSurface.SurfaceID, EventSeq: seq})
}
