package refhost

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ErrorTransport is the ErrorCode of a call the plugin never answered: the
// connection failed or the plugin died during it.
const ErrorTransport tasksurface.ShowErrorCode = "transport"

// ToolResult is what one call of the plugin's tool produced.
type ToolResult struct {
	// CallID is the call's id.
	CallID tasksurface.CallID
	// OK is true when the call succeeded.
	OK bool
	// Text is the model-facing text of the result.
	Text string
	// Meta is the presentation metadata persisted on the result.
	Meta json.RawMessage
	// Value is the canonical value.
	Value json.RawMessage
	// ErrorCode is the plugin's code for a failed call, or ErrorTransport.
	ErrorCode tasksurface.ShowErrorCode
	// Problems are the problems of a failed call.
	Problems []tasksurface.Problem
}

// CallOptions shape one tool call.
type CallOptions struct {
	// ParentCallID makes the call nested, as a call from code mode is.
	ParentCallID tasksurface.CallID
	// Mode is the presentation mode the call arrives in; "native" when
	// empty.
	Mode string
}

// CallTool is the scripted agent calling the plugin's tool once as the whole
// of a new turn: it writes turn/start and tool/call, executes the call
// through the plugin with the session's current projection view, writes
// tool/result (with the presentation metadata of a successful call) and,
// since the tool concludes the turn, turn/end.
func (h *Host) CallTool(ctx context.Context, sessionID tasksurface.SessionID, args json.RawMessage, opts CallOptions) (*ToolResult, error) {
	s, err := h.session(sessionID)
	if err != nil {
		return nil, err
	}
	p, desc, err := h.attached()
	if err != nil {
		return nil, err
	}
	view, err := s.view(ctx, h.projections)
	if err != nil {
		return nil, err
	}
	mode := tasksurface.Mode(opts.Mode)
	if mode == "" {
		mode = tasksurface.ModeNative
	}
	s.mu.Lock()
	s.calls++
	callID := tasksurface.CallID(fmt.Sprintf("call_%d", s.calls))
	turn := len(s.inputs) + 1
	s.inputs = append(s.inputs, nil)
	s.appendLocked("turn/start", map[string]any{"turn": turn})
	call := tasksurface.NewToolCall(callID, desc.Tool.Name, args, opts.ParentCallID)
	call.Turn, call.Step = turn, 1
	s.appendLocked(tasksurface.EventToolCall, call)
	s.mu.Unlock()

	resp, err := p.Show(ctx, &tasksurface.ShowRequest{
		SessionID: sessionID, CallID: callID, ParentCallID: opts.ParentCallID,
		Arguments: args, Projection: view, Mode: mode,
	})
	out := &ToolResult{CallID: callID}
	switch {
	case err != nil:
		out.Text = "The tool failed: " + err.Error()
		out.ErrorCode = ErrorTransport
	case resp.OK:
		out.OK, out.Text, out.Meta, out.Value = true, resp.Text, resp.Meta, resp.Value
	default:
		out.Text, out.ErrorCode, out.Problems = resp.ErrorText, resp.ErrorCode, resp.Problems
	}
	result := tasksurface.NewToolResult(callID, resp)
	if err != nil {
		result = tasksurface.NewFailedToolResult(callID, out.ErrorCode, out.Text)
	}
	result.Turn, result.Step = turn, 1
	if opts.ParentCallID != "" {
		result.Meta = nil // metadata persists for top-level calls only
	}
	s.mu.Lock()
	s.appendLocked("tool/result", result)
	s.appendLocked("turn/end", map[string]any{"turn": turn})
	s.mu.Unlock()
	h.foldNow(ctx, s)
	return out, err
}

// foldNow folds what a step of the host appended, so the projection is
// current when the step returns, as DeepSeek Harness keeps it. A failure
// leaves the events to the next read of the view, which folds them again.
func (h *Host) foldNow(ctx context.Context, s *session) {
	if _, err := s.view(ctx, h.projections); err != nil {
		h.logger.Warn("fold after appending failed; the next read of the view folds again", "session", s.id, "error", err)
	}
}

// Prompt is the user typing an ordinary message: it is committed at once
// and the scripted model receives it in a new turn that ends without a
// tool call.
func (h *Host) Prompt(sessionID tasksurface.SessionID, text string) (int64, error) {
	s, err := h.session(sessionID)
	if err != nil {
		return 0, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	m := textMessage(tasksurface.MessageID(fmt.Sprintf("user-%d", s.calls)), text, json.RawMessage(`{"kind":"user"}`))
	seq := s.appendLocked("user/message", m)
	s.inputs = append(s.inputs, []string{text})
	turn := len(s.inputs)
	s.appendLocked("turn/start", map[string]any{"turn": turn})
	s.appendLocked("turn/end", map[string]any{"turn": turn})
	return seq, nil
}

// Claim is the agent taking the oldest queued message for its next turn.
// The plugin hears of it before Claim returns, as the note requires (the
// claim is reported before the queue snapshot loses the row).
func (h *Host) Claim(ctx context.Context, sessionID tasksurface.SessionID) (*Message, error) {
	s, err := h.session(sessionID)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	if s.claimed != nil {
		s.mu.Unlock()
		return nil, errors.New("refhost: a message is already claimed")
	}
	if len(s.queue) == 0 {
		s.mu.Unlock()
		return nil, errors.New("refhost: the queue is empty")
	}
	m := s.queue[0]
	s.queue = s.queue[1:]
	s.claimed = &m
	s.status[m.ID] = tasksurface.PhaseClaiming
	s.mu.Unlock()
	h.report(ctx, sessionID, tasksurface.QueueClaimed, m, 0)
	return &m, nil
}

// Commit makes the claimed message durable: a user/message event, a new
// turn whose model input is the message's text, and a report to the plugin.
func (h *Host) Commit(ctx context.Context, sessionID tasksurface.SessionID) (int64, error) {
	s, err := h.session(sessionID)
	if err != nil {
		return 0, err
	}
	s.mu.Lock()
	if s.claimed == nil {
		s.mu.Unlock()
		return 0, errors.New("refhost: nothing is claimed")
	}
	m := *s.claimed
	s.claimed = nil
	s.status[m.ID] = "committed"
	seq := s.appendLocked("user/message", m)
	s.inputs = append(s.inputs, []string{m.Text()})
	turn := len(s.inputs)
	s.appendLocked("turn/start", map[string]any{"turn": turn})
	s.appendLocked("turn/end", map[string]any{"turn": turn})
	s.mu.Unlock()
	h.report(ctx, sessionID, tasksurface.QueueCommitted, m, seq)
	if _, _, err := h.attached(); err == nil {
		h.foldNow(ctx, s)
	}
	return seq, nil
}

// Discard is the agent dropping the claimed message before it became
// durable (a cancelled or failed admission).
func (h *Host) Discard(ctx context.Context, sessionID tasksurface.SessionID) error {
	s, err := h.session(sessionID)
	if err != nil {
		return err
	}
	s.mu.Lock()
	if s.claimed == nil {
		s.mu.Unlock()
		return errors.New("refhost: nothing is claimed")
	}
	m := *s.claimed
	s.claimed = nil
	delete(s.status, m.ID)
	s.mu.Unlock()
	h.report(ctx, sessionID, tasksurface.QueueDiscarded, m, 0)
	return nil
}

// Step claims the oldest queued message and commits it.
func (h *Host) Step(ctx context.Context, sessionID tasksurface.SessionID) (int64, error) {
	if _, err := h.Claim(ctx, sessionID); err != nil {
		return 0, err
	}
	return h.Commit(ctx, sessionID)
}

// Queue returns the session's queued messages, oldest first.
func (h *Host) Queue(sessionID tasksurface.SessionID) []Message {
	s, err := h.session(sessionID)
	if err != nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.queue...)
}

// ModelInputs returns, per turn, the user texts the scripted model
// received.
func (h *Host) ModelInputs(sessionID tasksurface.SessionID) [][]string {
	s, err := h.session(sessionID)
	if err != nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([][]string, len(s.inputs))
	for i, in := range s.inputs {
		out[i] = append([]string(nil), in...)
	}
	return out
}

// report tells the plugin what happened to a message. A plugin that is
// away does not stop the host: the outcome is in the log, and the plugin
// recovers it from there.
func (h *Host) report(ctx context.Context, sessionID tasksurface.SessionID, kind tasksurface.QueueEventKind, m Message, seq int64) {
	p, _, err := h.attached()
	if err != nil {
		return
	}
	if _, err := p.ObserveQueue(ctx, &tasksurface.QueueEvent{SessionID: sessionID, Kind: kind, MessageID: m.ID, Source: m.Source, EventSeq: seq, Text: m.Text()}); err != nil {
		h.logger.Warn("plugin did not hear a queue outcome", "session", sessionID, "kind", kind, "message", m.ID, "error", err)
	}
}
