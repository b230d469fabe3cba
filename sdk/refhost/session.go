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

	mu     sync.Mutex
	events []Event
	// encoded holds each event of events as JSON, written once, for the
	// fold (nil for an imported event that does not encode).
	encoded []json.RawMessage
	// results indexes the tool calls and results of events by call id, as
	// ReadToolResult answers them.
	results map[string]*tasksurface.ReadToolResultResponse
	queue   []Message                    // next-turn items, oldest first
	claimed *Message                     // the item the agent took for its turn
	status  map[string]tasksurface.Phase // message id -> queued, claiming, "committed"
	inputs  [][]string                   // per turn: the user texts the model received
	calls   int
	cmds    int

	foldMu    sync.Mutex
	foldState json.RawMessage
	foldView  json.RawMessage
	folded    int
}

func newSession(id string) *session {
	return &session{id: id, status: map[string]tasksurface.Phase{}, results: map[string]*tasksurface.ReadToolResultResponse{}}
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

// addLocked adds an event to the log, its encoding and the index of tool
// results; s.mu is held.
func (s *session) addLocked(e Event) {
	s.events = append(s.events, e)
	// An imported event whose data is not JSON stays unencoded here, and
	// view meets it as before.
	raw, _ := json.Marshal(e)
	s.encoded = append(s.encoded, raw)
	switch e.Type {
	case "tool/call":
		var d toolCallData
		if json.Unmarshal(e.Data, &d) == nil {
			r := s.resultLocked(d.CallID)
			r.ToolName = d.Name
			r.ParentCallID = d.ParentCallID
		}
	case "tool/result":
		var d toolResultData
		if json.Unmarshal(e.Data, &d) == nil {
			r := s.resultLocked(d.Message.Source.CallID)
			r.Found = true
			r.Meta = d.Meta
			r.IsError = d.Error != nil
		}
	}
}

// resultLocked returns the indexed answer for a call id, creating it; s.mu
// is held.
func (s *session) resultLocked(callID string) *tasksurface.ReadToolResultResponse {
	r, ok := s.results[callID]
	if !ok {
		r = &tasksurface.ReadToolResultResponse{}
		s.results[callID] = r
	}
	return r
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
	s.mu.Lock()
	batch := make([]json.RawMessage, 0, len(s.encoded)-min(s.folded, len(s.encoded)))
	for i := min(s.folded, len(s.encoded)); i < len(s.encoded); i++ {
		raw := s.encoded[i]
		if raw == nil {
			raw = mustJSON(s.events[i])
		}
		batch = append(batch, raw)
	}
	n := len(s.encoded)
	s.mu.Unlock()
	if len(batch) == 0 && s.foldView != nil {
		return s.foldView, nil
	}
	out, err := p.Fold(ctx, &tasksurface.FoldRequest{State: s.foldState, Events: batch})
	if err != nil {
		return nil, fmt.Errorf("refhost: fold session %s: %w", s.id, err)
	}
	s.foldState, s.foldView, s.folded = out.State, out.View, n
	return s.foldView, nil
}

// toolResult answers ReadToolResult from the index: the last tool/call and
// tool/result events of the call.
func (s *session) toolResult(callID string) *tasksurface.ReadToolResultResponse {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := &tasksurface.ReadToolResultResponse{}
	if r, ok := s.results[callID]; ok {
		*out = *r
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
