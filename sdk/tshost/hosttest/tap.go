package hosttest

import (
	"context"
	"slices"
	"sync"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// tap records what one case's host sends the plugin through the suite's
// Tap: every queue report, and whether the host calls through it at all.
type tap struct {
	mu      sync.Mutex
	reports []tasksurface.QueueEvent
	calls   int
	drop    bool
}

// wrap is the case's Tap.
func (tp *tap) wrap(server tasksurface.Server) tasksurface.Server {
	return &tapped{Server: server, tap: tp}
}

// dropReports makes the tap lose every later report: the host believes
// it reported, and the plugin hears nothing.
func (tp *tap) dropReports() {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	tp.drop = true
}

// seen returns the reports about a session, in the order sent.
func (tp *tap) seen(sessionID tasksurface.SessionID) []tasksurface.QueueEvent {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	return slices.DeleteFunc(slices.Clone(tp.reports), func(ev tasksurface.QueueEvent) bool { return ev.SessionID != sessionID })
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

func (s *tapped) ObserveQueue(ctx context.Context, ev *tasksurface.QueueEvent) (*tasksurface.QueueEventResponse, error) {
	s.tap.mu.Lock()
	s.tap.reports = append(s.tap.reports, *ev)
	drop := s.tap.drop
	s.tap.mu.Unlock()
	if drop {
		return &tasksurface.QueueEventResponse{}, nil
	}
	return s.Server.ObserveQueue(ctx, ev)
}

func (s *tapped) Show(ctx context.Context, req *tasksurface.ShowRequest) (*tasksurface.ShowResponse, error) {
	s.tap.count()
	return s.Server.Show(ctx, req)
}

func (s *tapped) GetActive(ctx context.Context, req *tasksurface.GetActiveRequest) (*tasksurface.GetActiveResponse, error) {
	s.tap.count()
	return s.Server.GetActive(ctx, req)
}
