package coord

import (
	"context"
	"fmt"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Projection reads a session's projection view from the host, for a Show
// whose request carries none. ok is false when no host is configured yet
// (the call proceeds as in a session with no open surface) or the host
// does not know the session.
func (s *Service) Projection(ctx context.Context, sessionID tasksurface.SessionID) (view []byte, ok bool, err error) {
	s.mu.Lock()
	host := s.host
	s.mu.Unlock()
	if host == nil {
		return nil, false, nil
	}
	resp, err := host.ReadProjection(ctx, &tasksurface.ReadProjectionRequest{SessionID: sessionID})
	if err != nil {
		return nil, false, fmt.Errorf("read the projection of session %s for show_task_surface: %w", sessionID, err)
	}
	if resp == nil || !resp.Found {
		return nil, false, nil
	}
	return resp.View, true, nil
}
