package refhost

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// session is one conversation: its log, its queue and its folded
// projection.
type session struct {
	id string

	mu      sync.Mutex
	events  []Event
	queue   []Message         // next-turn items, oldest first
	claimed *Message          // the item the agent took for its turn
	status  map[string]string // message id -> queued, claiming, committed
	inputs  [][]string        // per turn: the user texts the model received
	calls   int
	cmds    int

	foldMu    sync.Mutex
	foldState json.RawMessage
	foldView  json.RawMessage
	folded    int
}

func newSession(id string) *session {
	return &session{id: id, status: map[string]string{}}
}

func (s *session) snapshot() []Event {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Event(nil), s.events...)
}

// appendLocked adds an event; s.mu is held.
func (s *session) appendLocked(typ string, data any) int64 {
	seq := int64(len(s.events))
	s.events = append(s.events, Event{Type: typ, Seq: seq, Time: nowMillis(), Data: mustJSON(data)})
	return seq
}

func (s *session) append(typ string, data any) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.appendLocked(typ, data)
}

// view folds the events not folded yet and returns the view. The fold is
// the plugin's, so the host knows nothing of its rules.
func (s *session) view(ctx context.Context, p tasksurface.Server) (json.RawMessage, error) {
	s.foldMu.Lock()
	defer s.foldMu.Unlock()
	events := s.snapshot()
	if s.folded == len(events) && s.foldView != nil {
		return s.foldView, nil
	}
	batch := make([]json.RawMessage, 0, len(events)-s.folded)
	for _, e := range events[s.folded:] {
		batch = append(batch, mustJSON(e))
	}
	out, err := p.Fold(ctx, &tasksurface.FoldRequest{State: s.foldState, Events: batch})
	if err != nil {
		return nil, fmt.Errorf("refhost: fold session %s: %w", s.id, err)
	}
	s.foldState, s.foldView, s.folded = out.State, out.View, len(events)
	return s.foldView, nil
}

func (s *session) toolResult(callID string) *tasksurface.ReadToolResultResponse {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := &tasksurface.ReadToolResultResponse{}
	for _, e := range s.events {
		switch e.Type {
		case "tool/call":
			var d toolCallData
			if json.Unmarshal(e.Data, &d) == nil && d.CallID == callID {
				out.ToolName = d.Name
				out.ParentCallID = d.ParentCallID
			}
		case "tool/result":
			var d toolResultData
			if json.Unmarshal(e.Data, &d) == nil && d.Message.Source.CallID == callID {
				out.Found = true
				out.Meta = d.Meta
				out.IsError = d.Error != nil
			}
		}
	}
	return out
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
	add := func(m Message, phase string) {
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

// command writes a slash command's record and returns the seq of its
// command/done.
func (s *session) command(name, args string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cmds++
	id := fmt.Sprintf("cmd-%d", s.cmds)
	s.appendLocked("command/run", map[string]any{"commandId": id, "name": name, "args": args})
	return s.appendLocked("command/done", map[string]any{"commandId": id, "kind": "success"})
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

// toolCallData is the payload of tool/call.
type toolCallData struct {
	Turn         int    `json:"turn"`
	Step         int    `json:"step"`
	CallID       string `json:"callId"`
	Name         string `json:"name"`
	Arguments    string `json:"arguments"`
	ParentCallID string `json:"parentCallId,omitempty"`
}

// toolResultData is the payload of tool/result.
type toolResultData struct {
	Turn    int `json:"turn"`
	Step    int `json:"step"`
	Message struct {
		Source struct {
			Kind   string `json:"kind"`
			CallID string `json:"callId"`
		} `json:"source"`
		Content []toolResultContent `json:"content"`
		Role    string              `json:"role"`
		ID      string              `json:"id"`
	} `json:"message"`
	Error *struct {
		Name string `json:"name"`
		Code string `json:"code"`
	} `json:"error,omitempty"`
	Meta json.RawMessage `json:"meta,omitempty"`
}

type toolResultContent struct {
	Type       string    `json:"type"`
	ToolCallID string    `json:"toolCallId"`
	Content    []Content `json:"content"`
	IsError    bool      `json:"isError"`
}
