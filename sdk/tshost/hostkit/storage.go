package hostkit

import (
	"context"
	"slices"
	"sync"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Storage keeps session logs: append-only, one tasksurface.Event per
// entry, in the order appended. Implementations must be safe for
// concurrent use; the Host appends to one session at a time.
type Storage interface {
	// Append writes events at the end of a session's log, durably, before
	// it returns; the session's log is created by its first append.
	Append(ctx context.Context, sessionID tasksurface.SessionID, events ...tasksurface.Event) error
	// Load returns a session's events in log order and a problem for every
	// entry that holds no event (a line cut short by a crash, say), with
	// its position. A session never appended to has no events.
	Load(ctx context.Context, sessionID tasksurface.SessionID) ([]tasksurface.Event, []tasksurface.LogProblem, error)
	// Sessions lists the sessions that have a log, sorted.
	Sessions(ctx context.Context) ([]tasksurface.SessionID, error)
}

// MemoryStorage is a Storage in memory, for tests and for harnesses whose
// sessions need not outlive the process. The zero value is not usable;
// call NewMemoryStorage.
type MemoryStorage struct {
	mu   sync.Mutex
	logs map[tasksurface.SessionID][]tasksurface.Event
}

var _ Storage = (*MemoryStorage)(nil)

// NewMemoryStorage returns an empty MemoryStorage.
func NewMemoryStorage() *MemoryStorage {
	return &MemoryStorage{logs: map[tasksurface.SessionID][]tasksurface.Event{}}
}

// Append appends events to a session's log in memory.
func (m *MemoryStorage) Append(_ context.Context, sessionID tasksurface.SessionID, events ...tasksurface.Event) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, e := range events {
		e.Data = slices.Clone(e.Data)
		m.logs[sessionID] = append(m.logs[sessionID], e)
	}
	return nil
}

// Load returns a copy of a session's log; it never has problems.
func (m *MemoryStorage) Load(_ context.Context, sessionID tasksurface.SessionID) ([]tasksurface.Event, []tasksurface.LogProblem, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.logs[sessionID]), nil, nil
}

// Sessions lists the sessions with a log.
func (m *MemoryStorage) Sessions(context.Context) ([]tasksurface.SessionID, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]tasksurface.SessionID, 0, len(m.logs))
	for id := range m.logs {
		out = append(out, id)
	}
	slices.Sort(out)
	return out, nil
}
