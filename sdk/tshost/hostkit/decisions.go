package hostkit

import (
	"context"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// GetActive answers a client reading the open surface of a session: the
// plugin's answer to req with the session's snapshot. req.Snapshot is
// ignored; the kit sends its own.
func (h *Host) GetActive(ctx context.Context, req *tasksurface.GetActiveRequest) (*tasksurface.GetActiveResponse, error) {
	s, err := h.lock(ctx, req.SessionID)
	if err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	return ask(ctx, sessionActs{h: h, id: req.SessionID, s: s}, func(ctx context.Context, snap tasksurface.Snapshot) (*tasksurface.GetActiveResponse, error) {
		r := *req
		r.Snapshot = snap
		return h.server.GetActive(ctx, &r)
	}, func(r *tasksurface.GetActiveResponse) bool { return r.MetaNeeded })
}

// Check answers a client checking the answers of the open surface as they
// stand; nothing is sent. req.Snapshot is ignored.
func (h *Host) Check(ctx context.Context, req *tasksurface.CheckRequest) (*tasksurface.CheckResponse, error) {
	s, err := h.lock(ctx, req.SessionID)
	if err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	return ask(ctx, sessionActs{h: h, id: req.SessionID, s: s}, func(ctx context.Context, snap tasksurface.Snapshot) (*tasksurface.CheckResponse, error) {
		r := *req
		r.Snapshot = snap
		return h.server.Check(ctx, &r)
	}, func(r *tasksurface.CheckResponse) bool { return r.MetaNeeded })
}

// Submit is a person submitting the open surface: SubmitStep over the
// session, under its lock from the snapshot to the answer. The plugin
// decides from the session's snapshot; the kit admits its message to the
// queue (an EventQueued in the log) only while the session's state token is
// the admission's (the kit holds no rule of when to admit), and otherwise
// asks again, at most MaxAsks times. A message the Storage could not write
// is refused with ReasonAdmissionRefused and the error as its problem. The
// answer is the caller's; its Admit is always nil, as the kit has done it.
// req.Snapshot is ignored.
//
// A caller that gives up while the plugin decides loses nothing: nothing
// was written, and its retry is decided again.
func (h *Host) Submit(ctx context.Context, req *tasksurface.SubmitRequest) (*tasksurface.SubmitResponse, error) {
	s, err := h.lock(ctx, req.SessionID)
	if err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	return SubmitStep(ctx, h.server, sessionActs{h: h, id: req.SessionID, s: s}, req)
}

// Dismiss is a person dismissing the open surface: DismissStep over the
// session, under its lock. The kit writes the dismissal's records
// (tasksurface.NewDismissal, or, for a request that names a running
// command with req.CommandID, that command's successful command/done) only
// while the session's state token is the record's, asking again otherwise,
// at most MaxAsks times, then ReasonNotRecorded, as for a Storage error.
// The answer is the caller's: dismissed with the seq of the record's
// command/done, or the refusal; its Record is always nil. req.Snapshot is
// ignored.
func (h *Host) Dismiss(ctx context.Context, req *tasksurface.DismissRequest) (*tasksurface.DismissResponse, error) {
	s, err := h.lock(ctx, req.SessionID)
	if err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	return DismissStep(ctx, h.server, sessionActs{h: h, id: req.SessionID, s: s}, req)
}
