package coord

import (
	"context"

	"github.com/dsh-community/task-surface/plugin/wire"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ObserveQueue follows a submitted message through the session's queue:
//
//   - claimed: the agent took it for a turn; the pending phase becomes
//     claiming.
//   - discarded, removed: it will not become durable; the pending record
//     ends, the surface is editable again, and the same submission id may
//     be submitted again.
//   - committed: it is a durable user message; the record is kept as
//     committed so retries still answer, and nothing is pending any more.
//   - edited: its text was replaced in the queue; the answer carries the
//     canonical text for the host to restore.
//   - steered: it was moved into the running turn; nothing can undo that,
//     so it is logged at warn.
//
// Messages the service does not know and whose source carries no Task
// Surface correlation are not tracked. A correlated message it does not
// know (after a restart) is adopted.
func (s *Service) ObserveQueue(_ context.Context, ev *tasksurface.QueueEvent) (*tasksurface.QueueEventResponse, error) {
	ss := s.lookup(ev.SessionID)
	if ss == nil {
		if wire.CorrelationOf(ev.Source) == nil {
			return &tasksurface.QueueEventResponse{Tracked: false}, nil
		}
		ss = s.session(ev.SessionID)
	}
	if _, ok := ss.byMessage(ev.MessageID); !ok && !s.adoptReported(ss, ev) {
		return &tasksurface.QueueEventResponse{Tracked: false}, nil
	}
	log := s.logger.With("session", ev.SessionID, "message", ev.MessageID, "event", ev.Kind)
	var restore string
	// Out of the journal: gone for good at once, committed after the grace.
	gone, committed := false, false
	ss.update(ev.MessageID, func(r submissionRecord) *submissionRecord {
		switch ev.Kind {
		case tasksurface.QueueClaimed:
			if r.phase == tasksurface.PhaseQueued {
				r.phase = tasksurface.PhaseClaiming
			}
		case tasksurface.QueueDiscarded, tasksurface.QueueRemoved:
			if r.phase != phaseCommitted {
				log.Info("submission discarded; the surface is editable again", "surface", r.surfaceID, "submission", r.submissionID)
				gone = true
				return nil
			}
		case tasksurface.QueueCommitted:
			r.phase = phaseCommitted
			committed = true
			log.Info("submission committed", "surface", r.surfaceID, "submission", r.submissionID, "seq", ev.EventSeq)
		case tasksurface.QueueEdited:
			restore = r.text
			log.Info("submission edited in the queue; answering its canonical text", "surface", r.surfaceID, "known_text", r.text != "")
		case tasksurface.QueueSteered:
			log.Warn("submission steered into the running turn; this cannot be undone", "surface", r.surfaceID, "submission", r.submissionID)
		default:
			log.Debug("unknown queue event kind")
		}
		r.confirmed = true
		return &r
	})
	switch {
	case gone:
		s.forget(ev.SessionID, ev.MessageID)
	case committed:
		s.forgetLater(ev.SessionID, ev.MessageID)
	}
	return &tasksurface.QueueEventResponse{Tracked: true, RestoreText: restore}, nil
}

// adoptReported records a correlated message the service does not know, so
// the report about it is not lost. It reports whether there is a record.
func (s *Service) adoptReported(ss *session, ev *tasksurface.QueueEvent) bool {
	c := wire.CorrelationOf(ev.Source)
	if c == nil || ev.MessageID == "" {
		return false
	}
	phase := tasksurface.PhaseQueued
	if ev.Kind == tasksurface.QueueClaimed {
		phase = tasksurface.PhaseClaiming
	}
	if ss.add(submissionRecord{
		surfaceID: c.SurfaceID, callID: c.CallID, submissionID: c.SubmissionID,
		messageID: ev.MessageID, phase: phase, confirmed: true,
	}) {
		s.logger.Info("adopted a reported submission", "session", ev.SessionID, "surface", c.SurfaceID,
			"submission", c.SubmissionID, "message", ev.MessageID, "event", ev.Kind)
	}
	return true
}

// CheckQueueAction decides whether the host may apply a queue action to a
// message. For a Task Surface submission, edit and steer are refused (the
// text must keep matching the values it carries, and the submission answers
// the surface as the next turn); remove is allowed while the message is
// queued and refused once it is being claimed. Other messages are always
// allowed.
func (s *Service) CheckQueueAction(_ context.Context, req *tasksurface.QueueActionRequest) (*tasksurface.QueueActionResponse, error) {
	var r submissionRecord
	known := false
	if ss := s.lookup(req.SessionID); ss != nil {
		r, known = ss.byMessage(req.MessageID)
	}
	if !known && wire.CorrelationOf(req.Source) == nil {
		return &tasksurface.QueueActionResponse{Allowed: true}, nil
	}
	switch req.Action {
	case tasksurface.ActionEdit:
		return &tasksurface.QueueActionResponse{Reason: refuseEdit}, nil
	case tasksurface.ActionSteer:
		return &tasksurface.QueueActionResponse{Reason: refuseSteer}, nil
	case tasksurface.ActionRemove:
		if known && (r.phase == tasksurface.PhaseClaiming || r.phase == phaseCommitted) {
			return &tasksurface.QueueActionResponse{Reason: refuseClaimed}, nil
		}
		return &tasksurface.QueueActionResponse{Allowed: true}, nil
	}
	return &tasksurface.QueueActionResponse{Reason: refuseUnknown}, nil
}
