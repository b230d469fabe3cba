package coord_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/plugin/wire"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// testModel is the model the tests open: a Markdown block (with an image
// the policy turns into alt text), a choice and a required text field.
const testModel = `{"version":1,"title":"Release gate","sections":[{"id":"intro","blocks":[` +
	`{"kind":"markdown","text":"Pick **one** plan. ![logo](https://example.com/logo.png)"}]}],` +
	`"fields":[{"kind":"choice","id":"plan","label":"Plan","options":[{"id":"a","label":"Online"},{"id":"b","label":"Offline"}]},` +
	`{"kind":"text","id":"notes","label":"Notes","required":true}],"submit":{"label":"Send"}}`

// goodValues fit testModel.
const goodValues = `{"plan":"b","notes":"ship after lunch"}`

// memHost is a tasksurface.Host that behaves like a real harness: a session
// log folded through plugin/fold, a queue of admitted messages, admission
// idempotent per message id, dismissals written as the command pair.
type memHost struct {
	mu       sync.Mutex
	sessions map[tasksurface.SessionID]*memSession

	// Hooks and faults, set before use.
	admitHook   func(req *tasksurface.AdmitUserMessageRequest) // runs without the lock held
	admitErr    error
	admitRefuse string
	// admitFail, when set (setAdmitFail), makes AdmitUserMessage return
	// its error: after queuing the message when admitQueues is set, else
	// before. It runs without the lock held and may block.
	admitFail    func(ctx context.Context) error
	admitQueues  bool
	recordRefuse string
	recordLag    bool // answer recorded without the log showing it yet
	toolResult   func(resp *tasksurface.ReadToolResultResponse)
	// projectionHook and toolResultHook run first in ReadProjection and
	// ReadToolResult, without the lock held.
	projectionHook func()
	toolResultHook func()

	admits  int // AdmitUserMessage calls
	records int // RecordDismissal calls
	lists   int // ListInFlight calls
	reads   int // ReadToolResult calls
}

type memSession struct {
	log       []json.RawMessage
	state     fold.State
	queue     []*memMessage
	committed map[tasksurface.MessageID]bool
}

type memMessage struct {
	id     tasksurface.MessageID
	text   string
	source json.RawMessage
	phase  tasksurface.Phase
}

func newMemHost() *memHost { return &memHost{sessions: map[tasksurface.SessionID]*memSession{}} }

func (h *memHost) sess(id tasksurface.SessionID) *memSession {
	s, ok := h.sessions[id]
	if !ok {
		s = &memSession{state: fold.Init(), committed: map[tasksurface.MessageID]bool{}}
		h.sessions[id] = s
	}
	return s
}

// appendLocked writes an event to a session log and folds it; h.mu is held.
func (h *memHost) appendLocked(sessionID, typ string, data any) int64 {
	s := h.sess(tasksurface.SessionID(sessionID))
	seq := int64(len(s.log) + 1)
	raw, err := json.Marshal(map[string]any{"type": typ, "seq": seq, "data": data})
	if err != nil {
		panic(err)
	}
	s.log = append(s.log, raw)
	ev, err := fold.DecodeEvent(raw)
	if err != nil {
		panic(err)
	}
	s.state = fold.Apply(s.state, ev)
	return seq
}

// openWithMeta logs a show_task_surface call and its successful result
// with the given meta.
func (h *memHost) openWithMeta(sessionID tasksurface.SessionID, callID tasksurface.CallID, meta any) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.appendLocked(string(sessionID), wire.EventToolCall, map[string]any{"turn": 1, "step": 1, "callId": callID, "name": wire.ToolName, "arguments": "{}"})
	h.appendLocked(string(sessionID), wire.EventToolResult, map[string]any{
		"turn": 1, "step": 1,
		"message": map[string]any{
			"source": map[string]any{"kind": "tool", "callId": callID}, "role": "user", "id": "r-" + callID,
			"content": []any{map[string]any{"type": "tool-result", "toolCallId": callID, "content": []any{}, "isError": false}},
		},
		"meta": meta,
	})
}

// open opens a surface with testModel, normalised as the tool would, and
// returns its id.
func (h *memHost) open(t *testing.T, sessionID tasksurface.SessionID, callID tasksurface.CallID) string {
	t.Helper()
	m, problems := model.Parse([]byte(testModel), tasksurface.DefaultLimits)
	if len(problems) > 0 {
		t.Fatalf("test model: %v", problems)
	}
	normalized, err := m.Normalized()
	if err != nil {
		t.Fatal(err)
	}
	surfaceID := "tsf_" + callID
	h.openWithMeta(sessionID, callID, wire.Meta{
		Kind: wire.MetaKind, Version: wire.MetaVersion, SurfaceID: string(surfaceID), Model: normalized,
		// Whatever the meta says about Markdown, GetActive renders it again.
		Markdown: map[string]string{"/sections/0/blocks/0": `<script>alert(1)</script>`},
	})
	return string(surfaceID)
}

// bypass logs an ordinary user message.
func (h *memHost) bypass(sessionID tasksurface.SessionID) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.appendLocked(string(sessionID), wire.EventUserMessage, map[string]any{"id": "u-typed", "role": "user", "content": []any{}, "source": map[string]any{"kind": "user"}})
}

// claim marks a queued message as taken for a turn and returns the report.
func (h *memHost) claim(sessionID tasksurface.SessionID, messageID tasksurface.MessageID) *tasksurface.QueueEvent {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, m := range h.sess(sessionID).queue {
		if m.id == messageID {
			m.phase = tasksurface.PhaseClaiming
			return &tasksurface.QueueEvent{SessionID: sessionID, Kind: tasksurface.QueueClaimed, MessageID: m.id, Source: m.source}
		}
	}
	panic("claim of a message not in the queue: " + messageID)
}

// commit makes a queued or claimed message a durable user message, folded
// into the projection, and returns the report.
func (h *memHost) commit(sessionID tasksurface.SessionID, messageID tasksurface.MessageID) *tasksurface.QueueEvent {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := h.sess(sessionID)
	i := slices.IndexFunc(s.queue, func(m *memMessage) bool { return m.id == messageID })
	if i < 0 {
		panic("commit of a message not in the queue: " + messageID)
	}
	m := s.queue[i]
	s.queue = slices.Delete(s.queue, i, i+1)
	s.committed[m.id] = true
	seq := h.appendLocked(string(sessionID), wire.EventUserMessage, map[string]any{
		"id": m.id, "role": "user", "content": []any{map[string]any{"type": "text", "text": m.text}}, "source": m.source,
	})
	return &tasksurface.QueueEvent{SessionID: sessionID, Kind: tasksurface.QueueCommitted, MessageID: m.id, Source: m.source, EventSeq: seq}
}

// drop removes a message from the queue (a discard or a removal) and
// returns the report of the given kind.
func (h *memHost) drop(sessionID tasksurface.SessionID, messageID tasksurface.MessageID, kind tasksurface.QueueEventKind) *tasksurface.QueueEvent {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := h.sess(sessionID)
	i := slices.IndexFunc(s.queue, func(m *memMessage) bool { return m.id == messageID })
	if i < 0 {
		panic("drop of a message not in the queue: " + messageID)
	}
	m := s.queue[i]
	s.queue = slices.Delete(s.queue, i, i+1)
	return &tasksurface.QueueEvent{SessionID: sessionID, Kind: kind, MessageID: m.id, Source: m.source}
}

// queued returns the messages in a session's queue.
func (h *memHost) queued(sessionID tasksurface.SessionID) []memMessage {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []memMessage
	for _, m := range h.sess(sessionID).queue {
		out = append(out, *m)
	}
	return out
}

// userMessages counts the durable user messages of a session.
func (h *memHost) userMessages(sessionID tasksurface.SessionID) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.sess(sessionID).committed)
}

// logTypes counts a session's log events by type.
func (h *memHost) logTypes(sessionID tasksurface.SessionID) map[string]int {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := map[string]int{}
	for _, raw := range h.sess(sessionID).log {
		ev, _ := fold.DecodeEvent(raw)
		out[ev.Type]++
	}
	return out
}

func (h *memHost) counts() (admits, records int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.admits, h.records
}

// reads counts the calls that read the host: ReadToolResult and
// ListInFlight.
func (h *memHost) readCounts() (toolResults, inFlight int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.reads, h.lists
}

// ReadToolResult finds a call and its result in the log.
func (h *memHost) ReadToolResult(_ context.Context, req *tasksurface.ReadToolResultRequest) (*tasksurface.ReadToolResultResponse, error) {
	if h.toolResultHook != nil {
		h.toolResultHook()
	}
	h.mu.Lock()
	h.reads++
	resp := &tasksurface.ReadToolResultResponse{}
	for _, raw := range h.sess(req.SessionID).log {
		var ev struct {
			Type string `json:"type"`
			Data struct {
				CallID  string `json:"callId"`
				Name    string `json:"name"`
				Message struct {
					Source struct {
						CallID string `json:"callId"`
					} `json:"source"`
					Content []struct {
						IsError bool `json:"isError"`
					} `json:"content"`
				} `json:"message"`
				Error json.RawMessage `json:"error"`
				Meta  json.RawMessage `json:"meta"`
			} `json:"data"`
		}
		if json.Unmarshal(raw, &ev) != nil {
			continue
		}
		switch {
		case ev.Type == wire.EventToolCall && tasksurface.CallID(ev.Data.CallID) == req.CallID:
			resp.ToolName = ev.Data.Name
		case ev.Type == wire.EventToolResult && tasksurface.CallID(ev.Data.Message.Source.CallID) == req.CallID:
			resp.Found, resp.Meta = true, ev.Data.Meta
			resp.IsError = len(ev.Data.Error) > 0 && string(ev.Data.Error) != "null"
			for _, c := range ev.Data.Message.Content {
				resp.IsError = resp.IsError || c.IsError
			}
		}
	}
	hook := h.toolResult
	h.mu.Unlock()
	if hook != nil {
		hook(resp)
	}
	return resp, nil
}

// ReadProjection returns the folded view.
func (h *memHost) ReadProjection(_ context.Context, req *tasksurface.ReadProjectionRequest) (*tasksurface.ReadProjectionResponse, error) {
	if h.projectionHook != nil {
		h.projectionHook()
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	s, ok := h.sessions[req.SessionID]
	if !ok {
		return &tasksurface.ReadProjectionResponse{Found: false}, nil
	}
	view, err := json.Marshal(s.state.View())
	if err != nil {
		return nil, err
	}
	return &tasksurface.ReadProjectionResponse{Found: true, View: view}, nil
}

// setAdmitFail sets admitFail and admitQueues; nil fail ends the fault.
func (h *memHost) setAdmitFail(fail func(ctx context.Context) error, queues bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.admitFail, h.admitQueues = fail, queues
}

// AdmitUserMessage queues a message once per message id.
func (h *memHost) AdmitUserMessage(ctx context.Context, req *tasksurface.AdmitUserMessageRequest) (*tasksurface.AdmitUserMessageResponse, error) {
	h.mu.Lock()
	h.admits++
	err, refuse, hook := h.admitErr, h.admitRefuse, h.admitHook
	fail, queues := h.admitFail, h.admitQueues
	h.mu.Unlock()
	if err != nil {
		return nil, err
	}
	if fail != nil {
		if queues {
			h.mu.Lock()
			s := h.sess(req.SessionID)
			if !slices.ContainsFunc(s.queue, func(m *memMessage) bool { return m.id == req.MessageID }) {
				s.queue = append(s.queue, &memMessage{id: req.MessageID, text: req.Text, source: req.Source, phase: tasksurface.PhaseQueued})
			}
			h.mu.Unlock()
		}
		return nil, fail(ctx)
	}
	if refuse != "" {
		return &tasksurface.AdmitUserMessageResponse{MessageID: req.MessageID, Reason: refuse}, nil
	}
	h.mu.Lock()
	s := h.sess(req.SessionID)
	dup := s.committed[req.MessageID] || slices.ContainsFunc(s.queue, func(m *memMessage) bool { return m.id == req.MessageID })
	if !dup {
		s.queue = append(s.queue, &memMessage{id: req.MessageID, text: req.Text, source: req.Source, phase: tasksurface.PhaseQueued})
	}
	h.mu.Unlock()
	if hook != nil && !dup {
		hook(req)
	}
	return &tasksurface.AdmitUserMessageResponse{Admitted: true, MessageID: req.MessageID, Duplicate: dup}, nil
}

// RecordDismissal writes the dismissal command pair, every time it is
// asked: idempotency is the plugin's job, and the tests count the writes.
func (h *memHost) RecordDismissal(_ context.Context, req *tasksurface.RecordDismissalRequest) (*tasksurface.RecordDismissalResponse, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.records++
	if h.recordRefuse != "" {
		return &tasksurface.RecordDismissalResponse{Reason: h.recordRefuse}, nil
	}
	if h.recordLag {
		return &tasksurface.RecordDismissalResponse{Recorded: true, EventSeq: 1000 + int64(h.records)}, nil
	}
	commandID := fmt.Sprintf("cmd-%d", h.records)
	h.appendLocked(string(req.SessionID), wire.EventCommandRun, map[string]any{"commandId": commandID, "name": wire.CommandName, "args": tasksurface.DismissArgs(req.SurfaceID, req.DismissalID)})
	seq := h.appendLocked(string(req.SessionID), wire.EventCommandDone, map[string]any{"commandId": commandID, "kind": "success", "text": "Dismissed."})
	return &tasksurface.RecordDismissalResponse{Recorded: true, EventSeq: seq}, nil
}

// ListInFlight lists queued and claimed messages.
func (h *memHost) ListInFlight(_ context.Context, req *tasksurface.ListInFlightRequest) (*tasksurface.ListInFlightResponse, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.lists++
	resp := &tasksurface.ListInFlightResponse{}
	for _, m := range h.sess(req.SessionID).queue {
		resp.Messages = append(resp.Messages, tasksurface.InFlightMessage{MessageID: m.id, Phase: m.phase, Source: m.source})
	}
	return resp, nil
}

var _ tasksurface.Host = (*memHost)(nil)

// errTransport stands for a broken connection to the host.
var errTransport = errors.New("transport: connection reset")
