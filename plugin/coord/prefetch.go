package coord

import (
	"context"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// toolResultFetch is a ReadToolResult asked for at the same time as the
// projection, for the call of the surface this process opened and has not
// yet confirmed in the log. The projection decides whether it is used: only
// when it names that very call as the open one. It saves a serial round trip
// to the host on the first submit of a surface.
type toolResultFetch struct {
	callID tasksurface.CallID
	done   chan struct{}
	resp   *tasksurface.ReadToolResultResponse
	err    error
}

// prefetchToolResult starts reading the tool result of the call the session's
// cached, unconfirmed model belongs to, when that is the surface the request
// names; it returns nil when there is nothing to guess. The read ends with
// ctx.
func prefetchToolResult(ctx context.Context, host tasksurface.Host, ss *session, sessionID tasksurface.SessionID, surfaceID string) *toolResultFetch {
	ss.mu.Lock()
	cached := ss.model
	ss.mu.Unlock()
	if cached == nil || cached.value == nil || cached.occ.SurfaceID != surfaceID {
		return nil
	}
	f := &toolResultFetch{callID: cached.occ.CallID, done: make(chan struct{})}
	go func() {
		defer close(f.done)
		f.resp, f.err = host.ReadToolResult(ctx, &tasksurface.ReadToolResultRequest{SessionID: sessionID, CallID: f.callID})
	}()
	return f
}

// readToolResult answers ReadToolResult for callID from f when f read that
// call, else asks the host.
func (f *toolResultFetch) readToolResult(ctx context.Context, host tasksurface.Host, sessionID tasksurface.SessionID, callID tasksurface.CallID) (*tasksurface.ReadToolResultResponse, error) {
	if f == nil || f.callID != callID {
		return host.ReadToolResult(ctx, &tasksurface.ReadToolResultRequest{SessionID: sessionID, CallID: callID})
	}
	select {
	case <-f.done:
		return f.resp, f.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
