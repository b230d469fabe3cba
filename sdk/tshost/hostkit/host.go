package hostkit

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
)

// ErrNotBound is returned by a Host's methods before Bind has handed it
// the plugin's server.
var ErrNotBound = errors.New("hostkit: the host is not bound to a plugin yet (call Bind with the Supervisor)")

// Config configures a Host.
type Config struct {
	// Storage keeps the session logs; required.
	Storage Storage
	// Logger receives the kit's logs: log lines that hold no event, events
	// the fold could not read, decisions it could not carry out, and
	// submissions that left the queue without reaching the log. Nil
	// discards them.
	Logger hclog.Logger
}

// Host is the harness's side of Task Surface: each session's log and
// queue, the snapshots the plugin decides from, and the decisions carried
// out. It is safe for concurrent use; the work of one session is done one
// call at a time, under the session's lock.
type Host struct {
	storage Storage
	logger  hclog.Logger

	// Set once by Bind.
	server  tasksurface.Server
	proj    *tshost.Projections
	results *tshost.ToolResults

	descMu sync.Mutex
	desc   *tasksurface.Description

	// ids numbers the messages, commands and sessions this Host mints.
	ids atomic.Uint64

	mu       sync.Mutex // guards sessions
	sessions map[tasksurface.SessionID]*session
}

// session is one session's log position and queue.
type session struct {
	// mu is the session's lock: it is held for the whole of every call
	// about the session, plugin calls included, so the snapshot the
	// plugin decides from is the state the decision is carried out in.
	mu      sync.Mutex
	events  []tasksurface.Event
	nextSeq int64
	queue   *queue
	// returned are the submissions Bind took out of the queue.
	returned []tasksurface.UserMessage
}

// New returns a Host over cfg.Storage. Bind it to the plugin before use.
func New(cfg Config) *Host {
	logger := cfg.Logger
	if logger == nil {
		logger = hclog.NewNullLogger()
	}
	return &Host{storage: cfg.Storage, logger: logger, sessions: map[tasksurface.SessionID]*session{}}
}

// Bind hands the Host the plugin it calls (a tshost.Supervisor, whose
// restarts it rides out) and reads every session back from the Storage:
// the logs, the queues (an ordinary message claimed and not committed when
// the harness stopped is queued again: its turn never happened; a Task
// Surface submission is taken out, see Returned), the
// projections (folded at the first read) and the index of tool results. A
// log entry that holds no event is logged at error with its session and
// line; a Storage error is returned.
func (h *Host) Bind(ctx context.Context, server tasksurface.Server) error {
	if h.storage == nil {
		return errors.New("hostkit: Config.Storage is nil")
	}
	if server == nil {
		return errors.New("hostkit: Bind needs the plugin's server")
	}
	if h.server != nil {
		return errors.New("hostkit: Bind called twice; a Host serves one plugin (a Supervisor rides out restarts)")
	}
	h.server = server
	h.proj = tshost.NewProjections(server, h.logger)
	h.results = tshost.NewToolResults()
	ids, err := h.storage.Sessions(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		events, problems, err := h.storage.Load(ctx, id)
		if err != nil {
			return err
		}
		for _, p := range problems {
			h.logger.Error("an entry of the session log holds no event; it is left out", "session", id, "problem", p.String())
		}
		s := h.session(id)
		s.mu.Lock()
		err = h.take(id, s, events)
		if err == nil {
			err = h.takeOutSubmissions(ctx, id, s)
		}
		s.mu.Unlock()
		if err != nil {
			return err
		}
	}
	return nil
}

// takeOutSubmissions takes the Task Surface submissions a restarted
// harness finds in a session's queue out of it (an EventUnqueued each,
// UnqueuedDiscarded), as the dsh host does: an answer that did not reach the
// log is never sent by itself, since the person who sent it may have left.
// Its surface is open again, and Returned hands the answers back; s.mu is
// held.
func (h *Host) takeOutSubmissions(ctx context.Context, id tasksurface.SessionID, s *session) error {
	for _, m := range slices.Clone(s.queue.messages) {
		if tasksurface.CorrelationOf(m.Message.Source) == nil {
			continue
		}
		if _, err := h.write(ctx, id, s, Unqueued{MessageID: m.Message.ID, Kind: UnqueuedDiscarded}); err != nil {
			return err
		}
		s.returned = append(s.returned, m.Message)
		h.logger.Info("a submission queued before the restart was taken out: it is not sent without the person", "session", id, "message", m.Message.ID)
	}
	return nil
}

// Returned lists the Task Surface submissions that Bind took out of a
// session's queue: queued or claimed, not in the log, when the harness
// stopped. None is sent by itself; their surface is open again, and a UI
// gives the person their answers back from each message's correlation
// (tasksurface.CorrelationOf(m.Source).Values), with a notice that they
// did not reach the conversation.
func (h *Host) Returned(sessionID tasksurface.SessionID) []tasksurface.UserMessage {
	s := h.session(sessionID)
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.returned)
}

// NewSession returns the id of a new, empty session. Nothing is written
// until its first event.
func (h *Host) NewSession() tasksurface.SessionID {
	return tasksurface.SessionID(h.newID("session"))
}

// newID mints an id unique to this Host and, by its time, to its
// predecessors over the same Storage.
func (h *Host) newID(prefix string) string {
	return fmt.Sprintf("%s-%d-%d", prefix, time.Now().UnixNano(), h.ids.Add(1))
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

// lock returns a bound Host's session, locked; the caller unlocks it. A
// ctx already done is its error, and nothing is done.
func (h *Host) lock(ctx context.Context, id tasksurface.SessionID) (*session, error) {
	if h.server == nil {
		return nil, ErrNotBound
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s := h.session(id)
	s.mu.Lock()
	return s, nil
}

// write appends events with the next seqs to a session's log, durably, and
// takes them in; s.mu is held. It returns them.
func (h *Host) write(ctx context.Context, id tasksurface.SessionID, s *session, data ...tasksurface.EventData) ([]tasksurface.Event, error) {
	events := make([]tasksurface.Event, len(data))
	for i, d := range data {
		e, err := tasksurface.NewEvent(s.nextSeq+int64(i), d)
		if err != nil {
			return nil, err
		}
		events[i] = e
	}
	if err := h.keep(ctx, id, s, events); err != nil {
		return nil, err
	}
	return events, nil
}

// keep stores events and takes them in; s.mu is held.
func (h *Host) keep(ctx context.Context, id tasksurface.SessionID, s *session, events []tasksurface.Event) error {
	if err := h.storage.Append(ctx, id, events...); err != nil {
		return fmt.Errorf("hostkit: write %d events to session %s: %w", len(events), id, err)
	}
	return h.take(id, s, events)
}

// take adds events of the log to the session, its queue, the tool-result
// index and the projection (folded when next read); s.mu is held.
func (h *Host) take(id tasksurface.SessionID, s *session, events []tasksurface.Event) error {
	for _, e := range events {
		s.events = append(s.events, e)
		if e.Seq >= s.nextSeq {
			s.nextSeq = e.Seq + 1
		}
		s.queue.replay(e)
	}
	h.results.Add(id, events...)
	// Only the types the fold reads cross to the plugin.
	return h.proj.AppendLater(id, slices.DeleteFunc(slices.Clone(events), func(e tasksurface.Event) bool {
		return !slices.Contains(tasksurface.LogEventTypes(), e.Type)
	})...)
}

// description returns what the plugin declared, asked once.
func (h *Host) description(ctx context.Context) (*tasksurface.Description, error) {
	h.descMu.Lock()
	defer h.descMu.Unlock()
	if h.desc != nil {
		return h.desc, nil
	}
	d, err := h.server.Describe(ctx)
	if err != nil {
		return nil, fmt.Errorf("hostkit: describe the plugin: %w", err)
	}
	h.desc = d
	return d, nil
}
