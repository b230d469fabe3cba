package hostkit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

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
	Reason tasksurface.QueueRefusal
}

// Error says which action was refused and why.
func (e *RefusedError) Error() string {
	return fmt.Sprintf("hostkit: the plugin refused to %s the message: %s", e.Action, e.Reason)
}

// Append writes the harness's own events (an assistant message, a turn's
// start and end) to a session's log with the next seqs, and returns them.
// A message a person types goes through Send instead, so it waits its turn
// in the queue where a submission's admission sees it.
func (h *Host) Append(ctx context.Context, sessionID tasksurface.SessionID, data ...tasksurface.EventData) ([]tasksurface.Event, error) {
	s, err := h.lock(ctx, sessionID)
	if err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	return h.write(ctx, sessionID, s, data...)
}

// AppendEvents writes events as they are, seqs included, for a log being
// imported or replayed; each seq must be above the session's last.
func (h *Host) AppendEvents(ctx context.Context, sessionID tasksurface.SessionID, events ...tasksurface.Event) error {
	s, err := h.lock(ctx, sessionID)
	if err != nil {
		return err
	}
	defer s.mu.Unlock()
	for _, e := range events {
		if e.Seq < s.nextSeq {
			return fmt.Errorf("hostkit: event seq %d is not above the last of session %s (%d)", e.Seq, sessionID, s.nextSeq-1)
		}
	}
	return h.keep(ctx, sessionID, s, events)
}

// View returns a session's projection view, what a ShowRequest carries.
func (h *Host) View(ctx context.Context, sessionID tasksurface.SessionID) (json.RawMessage, error) {
	s, err := h.lock(ctx, sessionID)
	if err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	return h.proj.View(ctx, sessionID)
}

// CallTool is the model calling the plugin's tool: the plugin's answer
// (asked with the session's view), then the call and its result in the
// log, folded before CallTool returns, so the UI's first read of the
// surface costs no fold. A call that fails (the plugin is restarting) is
// logged as a failed result and returned.
func (h *Host) CallTool(ctx context.Context, sessionID tasksurface.SessionID, callID tasksurface.CallID, args json.RawMessage) (*tasksurface.ShowResponse, error) {
	s, err := h.lock(ctx, sessionID)
	if err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	desc, err := h.description(ctx)
	if err != nil {
		return nil, err
	}
	view, err := h.proj.View(ctx, sessionID)
	var resp *tasksurface.ShowResponse
	if err == nil {
		resp, err = h.server.Show(ctx, &tasksurface.ShowRequest{SessionID: sessionID, CallID: callID, Arguments: args, Projection: view})
	}
	result := tasksurface.NewToolResult(callID, resp)
	if err != nil {
		result = tasksurface.NewFailedToolResult(callID, "unavailable", "The tool failed: "+err.Error())
	}
	if _, werr := h.write(ctx, sessionID, s, tasksurface.NewToolCall(callID, desc.Tool.Name, args, ""), result); werr != nil {
		return nil, errors.Join(err, werr)
	}
	h.fold(ctx, sessionID)
	return resp, err
}

// Send is a person sending an ordinary message from the composer: it is
// queued (source {kind: "user"}) behind what is queued already, and from
// then on a submission of the open surface is refused as moved-on; the
// agent's turn commits it like any queued message, which closes the open
// surface as bypassed.
func (h *Host) Send(ctx context.Context, sessionID tasksurface.SessionID, text string) (tasksurface.UserMessage, error) {
	s, err := h.lock(ctx, sessionID)
	if err != nil {
		return tasksurface.UserMessage{}, err
	}
	defer s.mu.Unlock()
	m := tasksurface.NewUserMessage(tasksurface.MessageID(h.newID("msg")), text, json.RawMessage(`{"kind":"user"}`))
	if _, err := h.write(ctx, sessionID, s, Queued{Message: m}); err != nil {
		return tasksurface.UserMessage{}, err
	}
	return m, nil
}

// Claim is the agent taking the oldest unclaimed message for its next
// turn: from now on every snapshot lists it as PhaseClaiming.
func (h *Host) Claim(ctx context.Context, sessionID tasksurface.SessionID) (tasksurface.UserMessage, error) {
	s, err := h.lock(ctx, sessionID)
	if err != nil {
		return tasksurface.UserMessage{}, err
	}
	defer s.mu.Unlock()
	i, ok := s.queue.next()
	if !ok {
		return tasksurface.UserMessage{}, ErrQueueEmpty
	}
	s.queue.messages[i].Claimed = true
	return s.queue.messages[i].Message, nil
}

// Commit writes a claimed (or queued) message to the log as a user message,
// returns its seq, and folds it.
func (h *Host) Commit(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID) (int64, error) {
	s, err := h.lock(ctx, sessionID)
	if err != nil {
		return 0, err
	}
	defer s.mu.Unlock()
	i := s.queue.index(messageID)
	if i < 0 {
		return 0, fmt.Errorf("%w in session %s: %s", ErrNotQueued, sessionID, messageID)
	}
	m := s.queue.messages[i].Message
	events, err := h.write(ctx, sessionID, s, m)
	if err != nil {
		return 0, err
	}
	h.fold(ctx, sessionID)
	return events[0].Seq, nil
}

// Discard drops a claimed message whose turn will not commit it (an
// EventUnqueued, UnqueuedDiscarded): it leaves the queue, so the next
// snapshot shows its surface editable again.
func (h *Host) Discard(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID) error {
	s, err := h.lock(ctx, sessionID)
	if err != nil {
		return err
	}
	defer s.mu.Unlock()
	return h.unqueue(ctx, sessionID, s, messageID, UnqueuedDiscarded)
}

// Remove takes a message out of the queue, as a person removing it in the
// UI, if the plugin allows it (CheckQueueAction, with the message's
// phase): a submission being claimed is refused with a *RefusedError
// carrying the plugin's reason. A plugin that cannot be asked refuses too.
// The question and the removal are one step for the session: no claim
// lands between them.
func (h *Host) Remove(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID) error {
	s, err := h.lock(ctx, sessionID)
	if err != nil {
		return err
	}
	defer s.mu.Unlock()
	i := s.queue.index(messageID)
	if i < 0 {
		return fmt.Errorf("%w in session %s: %s", ErrNotQueued, sessionID, messageID)
	}
	q := s.queue.messages[i]
	resp, err := h.server.CheckQueueAction(ctx, &tasksurface.QueueActionRequest{
		SessionID: sessionID, MessageID: messageID, Action: tasksurface.ActionRemove, Source: q.Message.Source, Phase: q.phase(),
	})
	if err != nil {
		return fmt.Errorf("hostkit: ask the plugin about removing %s: %w", messageID, err)
	}
	if !resp.Allowed {
		return &RefusedError{Action: tasksurface.ActionRemove, Reason: resp.Reason}
	}
	return h.unqueue(ctx, sessionID, s, messageID, UnqueuedRemoved)
}

// unqueue writes that a message left the queue without reaching the log,
// and logs it when it is a Task Surface submission (an answer that did not
// reach the log); s.mu is held.
func (h *Host) unqueue(ctx context.Context, sessionID tasksurface.SessionID, s *session, messageID tasksurface.MessageID, kind UnqueuedKind) error {
	i := s.queue.index(messageID)
	if i < 0 {
		return fmt.Errorf("%w in session %s: %s", ErrNotQueued, sessionID, messageID)
	}
	m := s.queue.messages[i].Message
	events, err := h.write(ctx, sessionID, s, Unqueued{MessageID: m.ID, Kind: kind})
	if err != nil {
		return err
	}
	if c := tasksurface.CorrelationOf(m.Source); c != nil {
		h.logger.Info("a submission left the queue without reaching the log; its surface is editable again", "session", sessionID,
			"message", m.ID, "surface", c.SurfaceID, "how", kind, "seq", events[0].Seq)
	}
	return nil
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

// Queue returns a copy of a session's queue, in the order the agent takes
// it.
func (h *Host) Queue(sessionID tasksurface.SessionID) []QueueItem {
	s := h.session(sessionID)
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.queue.messages)
}
