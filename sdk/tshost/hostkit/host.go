package hostkit

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
)

// ErrNotBound is returned by a Host's methods before Bind has handed it
// the plugin's server.
var ErrNotBound = errors.New("hostkit: the host is not bound to a plugin yet (pass Bind as tshost.Config.NewHost)")

// Config configures a Host.
type Config struct {
	// Storage keeps the session logs; required.
	Storage Storage
	// Logger receives the kit's logs: log lines that hold no event, events
	// the fold could not read, reports the plugin did not take. Nil
	// discards them.
	Logger hclog.Logger
}

// Host is a tasksurface.Host over a Storage, and the harness's side of the
// queue. It is safe for concurrent use.
type Host struct {
	storage Storage
	logger  hclog.Logger

	// Set once by Bind.
	server  tasksurface.Server
	proj    *tshost.Projections
	results *tshost.ToolResults

	descMu sync.Mutex
	desc   *tasksurface.Description

	// commands and sessionIDs number the dismissal commands and the
	// sessions this Host makes.
	commands, sessionIDs atomic.Uint64

	mu       sync.Mutex // guards sessions
	sessions map[tasksurface.SessionID]*session
}

var _ tasksurface.Host = (*Host)(nil)

// session is one session's log position and queue.
type session struct {
	// report orders a session's queue changes and their reports to the
	// plugin: it is held from a change to the end of its report.
	report sync.Mutex
	// mu guards the fields below; never held across a plugin call.
	mu      sync.Mutex
	events  []tasksurface.Event
	nextSeq int64
	queue   *queue
}

// New returns a Host over cfg.Storage. Pass its Bind to
// tshost.Config.NewHost.
func New(cfg Config) *Host {
	logger := cfg.Logger
	if logger == nil {
		logger = hclog.NewNullLogger()
	}
	return &Host{storage: cfg.Storage, logger: logger, sessions: map[tasksurface.SessionID]*session{}}
}

// Bind is tshost.Config.NewHost: it keeps the server the host folds
// through and reports to, reads every session back from the Storage
// (rebuilding the queues, the projections and the tool-result index), and
// returns the host. A problem with a log entry is logged at error with its
// session and line; a Storage error fails the launch.
func (h *Host) Bind(server tasksurface.Server) (tasksurface.Host, error) {
	if h.storage == nil {
		return nil, errors.New("hostkit: Config.Storage is nil")
	}
	if h.server != nil {
		return nil, errors.New("hostkit: Bind called twice; a Host serves one Supervisor")
	}
	h.server = server
	h.proj = tshost.NewProjections(server, h.logger)
	h.results = tshost.NewToolResults()
	ctx := context.Background()
	ids, err := h.storage.Sessions(ctx)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		events, problems, err := h.storage.Load(ctx, id)
		if err != nil {
			return nil, err
		}
		for _, p := range problems {
			h.logger.Error("an entry of the session log holds no event; it is left out", "session", id, "problem", p.String())
		}
		s := h.session(id)
		s.mu.Lock()
		for _, e := range events {
			s.add(e)
		}
		s.mu.Unlock()
		h.results.Add(id, events...)
		// The plugin is not running yet: the projection folds at the
		// first read.
		if err := h.proj.AppendLater(id, events...); err != nil {
			return nil, err
		}
	}
	return h, nil
}

// session returns a session's state, creating it.
func (h *Host) session(id tasksurface.SessionID) *session {
	h.mu.Lock()
	defer h.mu.Unlock()
	s, ok := h.sessions[id]
	if !ok {
		s = &session{queue: newQueue()}
		h.sessions[id] = s
	}
	return s
}

// add takes an event written to the log into the session; s.mu is held.
func (s *session) add(e tasksurface.Event) {
	s.events = append(s.events, e)
	if e.Seq >= s.nextSeq {
		s.nextSeq = e.Seq + 1
	}
	s.queue.replay(e)
}

// write appends events with the next seqs to a session's log, durably,
// then to its queue, projection and tool-result index. It returns them.
func (h *Host) write(ctx context.Context, id tasksurface.SessionID, data ...tasksurface.EventData) ([]tasksurface.Event, error) {
	if h.server == nil {
		return nil, ErrNotBound
	}
	s := h.session(id)
	s.mu.Lock()
	events := make([]tasksurface.Event, len(data))
	for i, d := range data {
		e, err := tasksurface.NewEvent(s.nextSeq+int64(i), d)
		if err != nil {
			s.mu.Unlock()
			return nil, err
		}
		events[i] = e
	}
	err := h.keep(ctx, id, s, events)
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return events, nil
}

// keep stores events and takes them in; s.mu is held.
func (h *Host) keep(ctx context.Context, id tasksurface.SessionID, s *session, events []tasksurface.Event) error {
	if err := h.storage.Append(ctx, id, events...); err != nil {
		return fmt.Errorf("hostkit: write %d events to session %s: %w", len(events), id, err)
	}
	for _, e := range events {
		s.add(e)
	}
	h.results.Add(id, events...)
	// A fold that fails (the plugin is restarting) keeps the events for
	// the next read; events it cannot read are logged by Projections.
	_, _, _ = h.proj.Append(ctx, id, events...)
	return nil
}

// description returns what the plugin declared, asked once.
func (h *Host) description(ctx context.Context) (*tasksurface.Description, error) {
	h.descMu.Lock()
	defer h.descMu.Unlock()
	if h.desc != nil {
		return h.desc, nil
	}
	if h.server == nil {
		return nil, ErrNotBound
	}
	d, err := h.server.Describe(ctx)
	if err != nil {
		return nil, fmt.Errorf("hostkit: describe the plugin: %w", err)
	}
	h.desc = d
	return d, nil
}
