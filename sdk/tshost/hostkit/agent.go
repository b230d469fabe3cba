package hostkit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ErrQueueEmpty is returned by Claim when no message waits unclaimed.
var ErrQueueEmpty = errors.New("hostkit: no message waits in the queue")

// ErrNotQueued is returned when a message named is not in the queue.
var ErrNotQueued = errors.New("hostkit: the message is not in the queue")

// RefusedError is a queue action the plugin refused (CheckQueueAction).
type RefusedError struct {
	// Action is the refused action.
	Action tasksurface.QueueAction
	// Reason is the plugin's sentence for a person.
	Reason string
}

// Error says which action was refused and why.
func (e *RefusedError) Error() string {
	return fmt.Sprintf("hostkit: the plugin refused to %s the message: %s", e.Action, e.Reason)
}

func nowNano() int64 { return time.Now().UnixNano() }

// NewSession returns the id of a new, empty session. Nothing is written
// until its first event.
func (h *Host) NewSession() tasksurface.SessionID {
	return tasksurface.SessionID(fmt.Sprintf("session-%d-%d", nowNano(), h.sessionIDs.Add(1)))
}

// Append writes the harness's own events (an assistant message, a user
// message typed into the composer) to a session's log with the next seqs,
// and returns them.
func (h *Host) Append(ctx context.Context, sessionID tasksurface.SessionID, data ...tasksurface.EventData) ([]tasksurface.Event, error) {
	return h.write(ctx, sessionID, data...)
}

// AppendEvents writes events as they are, seqs included, for a log being
// imported or replayed; each seq must be above the session's last.
func (h *Host) AppendEvents(ctx context.Context, sessionID tasksurface.SessionID, events ...tasksurface.Event) error {
	if h.server == nil {
		return ErrNotBound
	}
	s := h.session(sessionID)
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, e := range events {
		if e.Seq < s.nextSeq {
			return fmt.Errorf("hostkit: event seq %d is not above the last of session %s (%d)", e.Seq, sessionID, s.nextSeq-1)
		}
	}
	return h.keep(ctx, sessionID, s, events)
}

// CallTool is the model calling the plugin's tool: the call, the plugin's
// answer and its result go to the log, in that order. A call that fails
// (the plugin is restarting) is logged as a failed result and returned.
func (h *Host) CallTool(ctx context.Context, sessionID tasksurface.SessionID, callID tasksurface.CallID, args json.RawMessage) (*tasksurface.ShowResponse, error) {
	desc, err := h.description(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := h.write(ctx, sessionID, tasksurface.NewToolCall(callID, desc.Tool.Name, args, "")); err != nil {
		return nil, err
	}
	resp, err := h.server.Show(ctx, &tasksurface.ShowRequest{SessionID: sessionID, CallID: callID, Arguments: args})
	result := tasksurface.NewToolResult(callID, resp)
	if err != nil {
		result = tasksurface.NewFailedToolResult(callID, "unavailable", "The tool failed: "+err.Error())
	}
	if _, werr := h.write(ctx, sessionID, result); werr != nil {
		return nil, errors.Join(err, werr)
	}
	return resp, err
}

// Claim is the agent taking the oldest unclaimed message for its next
// turn; the plugin hears of it (QueueClaimed) before Claim returns.
func (h *Host) Claim(ctx context.Context, sessionID tasksurface.SessionID) (tasksurface.UserMessage, error) {
	s := h.session(sessionID)
	s.report.Lock()
	defer s.report.Unlock()
	s.mu.Lock()
	i, ok := s.queue.next()
	if !ok {
		s.mu.Unlock()
		return tasksurface.UserMessage{}, ErrQueueEmpty
	}
	s.queue.messages[i].Claimed = true
	m := s.queue.messages[i].Message
	s.mu.Unlock()
	h.report(ctx, sessionID, tasksurface.QueueClaimed, m, 0)
	return m, nil
}

// Commit writes a claimed (or queued) message to the log as a user message
// and reports it committed with its seq, which it returns.
func (h *Host) Commit(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID) (int64, error) {
	s := h.session(sessionID)
	s.report.Lock()
	defer s.report.Unlock()
	m, err := h.queued(s, messageID)
	if err != nil {
		return 0, err
	}
	events, err := h.write(ctx, sessionID, m)
	if err != nil {
		return 0, err
	}
	h.report(ctx, sessionID, tasksurface.QueueCommitted, m, events[0].Seq)
	return events[0].Seq, nil
}

// Discard drops a claimed message whose turn will not commit it; the
// plugin hears QueueDiscarded and its surface is editable again.
func (h *Host) Discard(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID) error {
	return h.unqueue(ctx, sessionID, messageID, tasksurface.QueueDiscarded)
}

// Remove takes a queued message out of the queue, as a person removing it
// in the UI, if the plugin allows it (CheckQueueAction): a submission being
// claimed is refused with a *RefusedError carrying the plugin's reason. A
// plugin that cannot be asked refuses too. The question and the removal
// are one step for the session's queue: no claim lands between them.
func (h *Host) Remove(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID) error {
	if h.server == nil {
		return ErrNotBound
	}
	s := h.session(sessionID)
	s.report.Lock()
	defer s.report.Unlock()
	m, err := h.queued(s, messageID)
	if err != nil {
		return fmt.Errorf("%w in session %s", err, sessionID)
	}
	resp, err := h.server.CheckQueueAction(ctx, &tasksurface.QueueActionRequest{
		SessionID: sessionID, MessageID: messageID, Action: tasksurface.ActionRemove, Source: m.Source,
	})
	if err != nil {
		return fmt.Errorf("hostkit: ask the plugin about removing %s: %w", messageID, err)
	}
	if !resp.Allowed {
		return &RefusedError{Action: tasksurface.ActionRemove, Reason: resp.Reason}
	}
	return h.unqueueLocked(ctx, sessionID, m, tasksurface.QueueRemoved)
}

// Step is the agent's next turn taking one message: Claim, then Commit.
func (h *Host) Step(ctx context.Context, sessionID tasksurface.SessionID) (tasksurface.UserMessage, error) {
	m, err := h.Claim(ctx, sessionID)
	if err != nil {
		return m, err
	}
	_, err = h.Commit(ctx, sessionID, m.ID)
	return m, err
}

// Log returns a copy of a session's log.
func (h *Host) Log(sessionID tasksurface.SessionID) []tasksurface.Event {
	s := h.session(sessionID)
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.events)
}

// Queue returns a copy of a session's queue, oldest first.
func (h *Host) Queue(sessionID tasksurface.SessionID) []QueuedMessage {
	s := h.session(sessionID)
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.queue.messages)
}

// queued returns a message in the queue.
func (h *Host) queued(s *session, messageID tasksurface.MessageID) (tasksurface.UserMessage, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := s.queue.index(messageID)
	if i < 0 {
		return tasksurface.UserMessage{}, fmt.Errorf("%w: %s", ErrNotQueued, messageID)
	}
	return s.queue.messages[i].Message, nil
}

// unqueue takes a message out of the queue for good and reports kind.
func (h *Host) unqueue(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID, kind tasksurface.QueueEventKind) error {
	s := h.session(sessionID)
	s.report.Lock()
	defer s.report.Unlock()
	m, err := h.queued(s, messageID)
	if err != nil {
		return err
	}
	return h.unqueueLocked(ctx, sessionID, m, kind)
}

// unqueueLocked records that m left the queue and reports kind; the
// session's report lock is held.
func (h *Host) unqueueLocked(ctx context.Context, sessionID tasksurface.SessionID, m tasksurface.UserMessage, kind tasksurface.QueueEventKind) error {
	if _, err := h.write(ctx, sessionID, Unqueued{MessageID: m.ID, Kind: kind}); err != nil {
		return err
	}
	h.report(ctx, sessionID, kind, m, 0)
	return nil
}

// report tells the plugin what happened to a message. A plugin that is
// restarting learns it from the log and ListInFlight instead, so a failed
// report is logged, not returned.
func (h *Host) report(ctx context.Context, sessionID tasksurface.SessionID, kind tasksurface.QueueEventKind, m tasksurface.UserMessage, seq int64) {
	_, err := h.server.ObserveQueue(ctx, &tasksurface.QueueEvent{
		SessionID: sessionID, Kind: kind, MessageID: m.ID, Source: m.Source, EventSeq: seq, Text: m.Text(),
	})
	if err != nil {
		h.logger.Warn("the plugin did not take a queue report; it recovers it from the log", "session", sessionID,
			"message", m.ID, "kind", kind, "error", err)
	}
}
