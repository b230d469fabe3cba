package refhost

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
)

// session is one conversation: its log and its queue. Its projection and
// its index of tool results live in the host's tshost.Projections and
// tshost.ToolResults.
type session struct {
	id      tasksurface.SessionID
	results *tshost.ToolResults

	mu      sync.Mutex
	events  []Event
	handed  int                                         // events handed to the projection so far
	queue   []Message                                   // next-turn items, oldest first
	claimed *Message                                    // the item the agent took for its turn
	status  map[tasksurface.MessageID]tasksurface.Phase // message id -> queued, claiming, "committed"
	inputs  [][]string                                  // per turn: the user texts the model received
	calls   int
	cmds    int

	foldMu sync.Mutex // one fold of the session at a time, in log order
}

func newSession(id tasksurface.SessionID, results *tshost.ToolResults) *session {
	return &session{id: id, results: results, status: map[tasksurface.MessageID]tasksurface.Phase{}}
}

func (s *session) snapshot() []Event {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Event(nil), s.events...)
}

// appendLocked adds an event; s.mu is held.
func (s *session) appendLocked(typ string, data any) int64 {
	seq := int64(len(s.events))
	s.addLocked(Event{Type: typ, Seq: seq, Time: nowMillis(), Data: mustJSON(data)})
	return seq
}

// addLocked adds an event to the log and the index of tool results; s.mu
// is held.
func (s *session) addLocked(e Event) {
	s.events = append(s.events, e)
	s.results.Add(s.id, e)
}

func (s *session) append(typ string, data any) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.appendLocked(typ, data)
}

// view hands the events not handed yet to the projection, which folds
// them through the plugin, and returns the view.
func (s *session) view(ctx context.Context, p *tshost.Projections) (json.RawMessage, error) {
	s.foldMu.Lock()
	defer s.foldMu.Unlock()
	s.mu.Lock()
	batch := append([]Event(nil), s.events[s.handed:]...)
	s.handed = len(s.events)
	s.mu.Unlock()
	view, _, err := p.Append(ctx, s.id, batch...)
	if err != nil {
		return nil, fmt.Errorf("refhost: %w", err)
	}
	return view, nil
}

// admit queues a message once per id; it reports whether the id was known.
func (s *session) admit(m Message) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, known := s.status[m.ID]; known {
		return true
	}
	s.status[m.ID] = tasksurface.PhaseQueued
	s.queue = append(s.queue, m)
	return false
}

func (s *session) inFlight(sourceKey string) []tasksurface.InFlightMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []tasksurface.InFlightMessage
	add := func(m Message, phase tasksurface.Phase) {
		if hasSourceKey(m.Source, sourceKey) {
			out = append(out, tasksurface.InFlightMessage{MessageID: m.ID, Phase: phase, Source: m.Source})
		}
	}
	if s.claimed != nil {
		add(*s.claimed, tasksurface.PhaseClaiming)
	}
	for _, m := range s.queue {
		add(m, tasksurface.PhaseQueued)
	}
	return out
}

// dismissal writes the records of a dismissal, as DeepSeek Harness writes
// a slash command (command/run, then command/done), and returns the seq of
// the command/done.
func (s *session) dismissal(commandName string, req *tasksurface.RecordDismissalRequest) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cmds++
	run, done := tasksurface.NewDismissal(commandName, fmt.Sprintf("cmd-%d", s.cmds), req)
	s.appendLocked(tasksurface.EventCommandRun, run)
	return s.appendLocked(tasksurface.EventCommandDone, done)
}

func hasSourceKey(source json.RawMessage, key string) bool {
	if key == "" || len(source) == 0 {
		return false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(source, &m) != nil {
		return false
	}
	_, ok := m[key]
	return ok
}
