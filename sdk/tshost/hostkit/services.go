package hostkit

import (
	"context"
	"fmt"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ReadToolResult answers from the tool-result index.
func (h *Host) ReadToolResult(ctx context.Context, req *tasksurface.ReadToolResultRequest) (*tasksurface.ReadToolResultResponse, error) {
	if h.results == nil {
		return nil, ErrNotBound
	}
	return h.results.ReadToolResult(ctx, req)
}

// ReadProjection answers from the projections; a session never written to
// reads as an empty log.
func (h *Host) ReadProjection(ctx context.Context, req *tasksurface.ReadProjectionRequest) (*tasksurface.ReadProjectionResponse, error) {
	if h.proj == nil {
		return nil, ErrNotBound
	}
	return h.proj.ReadProjection(ctx, req)
}

// AdmitUserMessage queues a message once per message id: the queue entry
// is in the log before it answers. A message already queued or committed
// is answered as a duplicate and not queued again.
func (h *Host) AdmitUserMessage(ctx context.Context, req *tasksurface.AdmitUserMessageRequest) (*tasksurface.AdmitUserMessageResponse, error) {
	if h.server == nil {
		return nil, ErrNotBound
	}
	s := h.session(req.SessionID)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.queue.known(req.MessageID) {
		return &tasksurface.AdmitUserMessageResponse{Admitted: true, MessageID: req.MessageID, Duplicate: true}, nil
	}
	e, err := tasksurface.NewEvent(s.nextSeq, Queued{Message: tasksurface.AdmittedMessage(req)})
	if err != nil {
		return nil, err
	}
	if err := h.keep(ctx, req.SessionID, s, []tasksurface.Event{e}); err != nil {
		return nil, err
	}
	return &tasksurface.AdmitUserMessageResponse{Admitted: true, MessageID: req.MessageID}, nil
}

// RecordDismissal writes the dismissal's two command events.
func (h *Host) RecordDismissal(ctx context.Context, req *tasksurface.RecordDismissalRequest) (*tasksurface.RecordDismissalResponse, error) {
	desc, err := h.description(ctx)
	if err != nil {
		return nil, err
	}
	run, done := tasksurface.NewDismissal(desc.Command.Name, fmt.Sprintf("cmd_%d_%d", h.commands.Add(1), nowNano()), req)
	events, err := h.write(ctx, req.SessionID, run, done)
	if err != nil {
		return nil, err
	}
	return &tasksurface.RecordDismissalResponse{Recorded: true, EventSeq: events[1].Seq}, nil
}

// ListInFlight lists the queued and claimed messages whose source carries
// a Task Surface correlation.
func (h *Host) ListInFlight(_ context.Context, req *tasksurface.ListInFlightRequest) (*tasksurface.ListInFlightResponse, error) {
	s := h.session(req.SessionID)
	s.mu.Lock()
	defer s.mu.Unlock()
	out := &tasksurface.ListInFlightResponse{}
	for _, m := range s.queue.messages {
		if src, ok := tasksurface.ParseMessageSource(m.Message.Source); ok && src.TaskSurface != nil {
			phase := tasksurface.PhaseQueued
			if m.Claimed {
				phase = tasksurface.PhaseClaiming
			}
			out.Messages = append(out.Messages, tasksurface.InFlightMessage{MessageID: m.Message.ID, Phase: phase, Source: m.Message.Source})
		}
	}
	return out, nil
}
