package refhost

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ErrVetoed is returned (wrapped) when the plugin refuses a queue action.
var ErrVetoed = errors.New("queue action refused")

// ErrNotQueued is returned when a queue action names a message that is not
// in the queue (it was claimed, committed or never queued).
var ErrNotQueued = errors.New("queue-item-not-found")

// UpdateQueue applies a user's queue action ("edit", "steer", "remove") to
// a queued message. Before acting it asks the plugin whenever the plugin
// declared a veto for the action and the message carries its source key;
// a refusal leaves the queue unchanged.
func (h *Host) UpdateQueue(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID, action tasksurface.QueueAction, text string) error {
	s, err := h.session(sessionID)
	if err != nil {
		return err
	}
	p, desc, err := h.attached()
	if err != nil {
		return err
	}
	s.mu.Lock()
	i := slices.IndexFunc(s.queue, func(m Message) bool { return m.ID == messageID })
	if i < 0 {
		s.mu.Unlock()
		return ErrNotQueued
	}
	m := s.queue[i]
	s.mu.Unlock()

	if hasSourceKey(m.Source, desc.QueueHooks.SourceKey) {
		resp, err := p.CheckQueueAction(ctx, &tasksurface.QueueActionRequest{SessionID: sessionID, MessageID: messageID, Action: action, Source: m.Source})
		if err != nil {
			// No answer is no permission: a plugin that cannot be asked
			// cannot be overruled.
			return fmt.Errorf("%w: the plugin could not be asked: %v", ErrVetoed, err)
		}
		if !resp.Allowed {
			return fmt.Errorf("%w: %s", ErrVetoed, resp.Reason)
		}
	}

	s.mu.Lock()
	i = slices.IndexFunc(s.queue, func(m Message) bool { return m.ID == messageID })
	if i < 0 {
		s.mu.Unlock()
		return ErrNotQueued
	}
	var kind tasksurface.QueueEventKind
	switch action {
	case tasksurface.ActionEdit:
		s.queue[i] = textMessage(m.ID, text, m.Source)
		kind = tasksurface.QueueEdited
	case tasksurface.ActionRemove:
		s.queue = slices.Delete(s.queue, i, i+1)
		delete(s.status, m.ID)
		kind = tasksurface.QueueRemoved
	case tasksurface.ActionSteer:
		s.queue = slices.Delete(s.queue, i, i+1)
		s.status[m.ID] = "committed"
		s.appendLocked("steering/message", m)
		kind = tasksurface.QueueSteered
	default:
		s.mu.Unlock()
		return fmt.Errorf("refhost: unknown queue action %q", action)
	}
	s.mu.Unlock()
	h.report(ctx, sessionID, kind, m, 0)
	return nil
}

// RunCommand is a person typing a slash command of the plugin's, such as
// "/task-surface dismiss": the host hands it to the plugin's Dismiss, which
// records the command through RecordDismissal when it accepts it.
func (h *Host) RunCommand(ctx context.Context, sessionID tasksurface.SessionID, line string) (*tasksurface.DismissResponse, error) {
	p, desc, err := h.attached()
	if err != nil {
		return nil, err
	}
	var surfaceID, dismissalID string
	var verb string
	n, _ := fmt.Sscanf(line, "/"+desc.Command.Name+" %s %s %s", &verb, &surfaceID, &dismissalID)
	if n < 1 || verb != "dismiss" {
		return nil, fmt.Errorf("refhost: not a command of the plugin: %q", line)
	}
	if surfaceID == "" {
		view, err := h.View(ctx, sessionID)
		if err != nil {
			return nil, err
		}
		surfaceID = activeSurface(view)
	}
	if dismissalID == "" {
		dismissalID = fmt.Sprintf("typed-%d", len(h.Events(sessionID)))
	}
	return p.Dismiss(ctx, &tasksurface.DismissRequest{SessionID: sessionID, SurfaceID: tasksurface.SurfaceID(surfaceID), DismissalID: tasksurface.DismissalID(dismissalID)})
}
