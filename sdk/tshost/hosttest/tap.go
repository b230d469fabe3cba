package hosttest

import (
	"context"
	"sync"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// tap records whether one case's host calls the plugin through the suite's
// Tap at all: a host wired past it would not be the host the suite judges.
type tap struct {
	mu    sync.Mutex
	calls int
}

// wrap is the case's Tap.
func (tp *tap) wrap(server tasksurface.Server) tasksurface.Server {
	return &tapped{Server: server, tap: tp}
}

// used reports whether the host called the plugin through the tap.
func (tp *tap) used() bool {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	return tp.calls > 0
}

func (tp *tap) count() {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	tp.calls++
}

// tapped is a server seen through the tap.
type tapped struct {
	tasksurface.Server
	tap *tap
}

func (s *tapped) Show(ctx context.Context, req *tasksurface.ShowRequest) (*tasksurface.ShowResponse, error) {
	s.tap.count()
	return s.Server.Show(ctx, req)
}

func (s *tapped) GetActive(ctx context.Context, req *tasksurface.GetActiveRequest) (*tasksurface.GetActiveResponse, error) {
	s.tap.count()
	return s.Server.GetActive(ctx, req)
}
