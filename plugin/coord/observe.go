package coord

import (
	"context"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ObserveQueue takes the host's report of what it did with a decision, and
// of what happened to a queued message since, into the session's pending
// record:
//
//   - admitted: the host queued the message; the record is reported.
//   - refused: the host did not queue it (the surface closed, an ordinary
//     message was ahead); the record ends and the submission id may be
//     submitted again.
//   - claimed: the agent took the message; the phase becomes claiming.
//   - discarded, removed: it will not become durable; the record ends, the
//     surface is editable again, and the same submission id may be
//     submitted again.
//   - committed: it is a durable user message; the record ends, and
//     retries answer that it was delivered.
//   - edited: its text was replaced in the queue; the answer carries the
//     canonical text for the host to restore.
//   - steered: it was moved into the running turn; nothing can undo that,
//     so it is logged at warn.
//   - recorded, not-recorded: the host wrote the dismissal record, or did
//     not; the record ends either way.
//
// A report about a message or a dismissal the records do not hold is not
// tracked, except a claim of a correlated message, which is adopted (the
// records of a restarted plugin are empty).
func (s *Service) ObserveQueue(_ context.Context, ev *tasksurface.QueueEvent) (*tasksurface.QueueEventResponse, error) {
	ss := s.session(ev.SessionID)
	defer ss.mu.Unlock()
	log := s.logger.With("session", ev.SessionID, "event", ev.Kind)
	p := ss.pending
	switch ev.Kind {
	case tasksurface.QueueRecorded, tasksurface.QueueNotRecorded:
		if p == nil || p.submission() || p.dismissalID != ev.DismissalID {
			return &tasksurface.QueueEventResponse{}, nil
		}
		ss.pending = nil
		if ev.Kind == tasksurface.QueueRecorded {
			ss.addDismissal(dismissalRecord{surfaceID: p.occ.SurfaceID, dismissalID: p.dismissalID, seq: ev.EventSeq})
			log.Info("surface dismissed", "surface", p.occ.SurfaceID, "dismissal", p.dismissalID, "seq", ev.EventSeq)
		} else {
			ss.forgetDismissal(p.dismissalID)
			log.Warn("dismissal not recorded", "surface", p.occ.SurfaceID, "dismissal", p.dismissalID, "reason", ev.Reason)
		}
		return &tasksurface.QueueEventResponse{Tracked: true}, nil
	}
	if p == nil || p.messageID != ev.MessageID {
		if ev.Kind == tasksurface.QueueClaimed && p == nil {
			return &tasksurface.QueueEventResponse{Tracked: s.adoptClaim(ss, ev)}, nil
		}
		return &tasksurface.QueueEventResponse{}, nil
	}
	log = log.With("surface", p.occ.SurfaceID, "submission", p.submissionID, "message_id", p.messageID)
	resp := &tasksurface.QueueEventResponse{Tracked: true}
	p.reported = true
	p.seq = max(p.seq, ev.EventSeq)
	switch ev.Kind {
	case tasksurface.QueueAdmitted:
		log.Debug("submission queued")
	case tasksurface.QueueClaimed:
		p.phase = tasksurface.PhaseClaiming
	case tasksurface.QueueRefused, tasksurface.QueueDiscarded, tasksurface.QueueRemoved:
		log.Info("submission did not reach the conversation; the surface is editable again", "reason", ev.Reason)
		ss.forgetSubmission(p.messageID)
		ss.pending = nil
	case tasksurface.QueueCommitted:
		log.Info("submission committed", "seq", ev.EventSeq)
		ss.commitSubmission(p.messageID)
		ss.pending = nil
	case tasksurface.QueueEdited:
		resp.RestoreText = p.text
		log.Info("submission edited in the queue; answering its canonical text", "known_text", p.text != "")
	case tasksurface.QueueSteered:
		log.Warn("submission steered into the running turn; this cannot be undone")
	default:
		log.Debug("unknown queue event kind")
	}
	return resp, nil
}

// adoptClaim records a claimed correlated message the records do not hold,
// so the surface reads claiming until its end is reported.
func (s *Service) adoptClaim(ss *session, ev *tasksurface.QueueEvent) bool {
	c := tasksurface.CorrelationOf(ev.Source)
	if c == nil || ev.MessageID == "" {
		return false
	}
	ss.pending = &pending{
		occ:          fold.Occurrence{CallID: c.CallID, SurfaceID: string(c.SurfaceID)},
		submissionID: c.SubmissionID, messageID: ev.MessageID,
		phase: tasksurface.PhaseClaiming, reported: true, decidedAt: s.now(), seq: ev.EventSeq,
	}
	ss.addSubmission(submissionRecord{surfaceID: string(c.SurfaceID), submissionID: c.SubmissionID, messageID: ev.MessageID})
	s.logger.Info("adopted a reported claim", "session", ev.SessionID, "surface", c.SurfaceID,
		"submission", c.SubmissionID, "message_id", ev.MessageID)
	return true
}

// CheckQueueAction decides whether the host may apply a queue action to a
// message. For a Task Surface submission, edit and steer are refused (the
// text must keep matching the values it carries, and the submission answers
// the surface as the next turn); remove is allowed while the message is
// queued and refused once it is being claimed. Other messages are always
// allowed. The request says everything needed: no record is read.
func (s *Service) CheckQueueAction(_ context.Context, req *tasksurface.QueueActionRequest) (*tasksurface.QueueActionResponse, error) {
	if tasksurface.CorrelationOf(req.Source) == nil {
		return &tasksurface.QueueActionResponse{Allowed: true}, nil
	}
	switch req.Action {
	case tasksurface.ActionEdit:
		return &tasksurface.QueueActionResponse{Reason: refuseEdit}, nil
	case tasksurface.ActionSteer:
		return &tasksurface.QueueActionResponse{Reason: refuseSteer}, nil
	case tasksurface.ActionRemove:
		if req.Phase == tasksurface.PhaseClaiming {
			return &tasksurface.QueueActionResponse{Reason: refuseClaimed}, nil
		}
		return &tasksurface.QueueActionResponse{Allowed: true}, nil
	}
	return &tasksurface.QueueActionResponse{Reason: refuseUnknown}, nil
}

// Readable reasons for refused queue actions (QueueActionResponse.Reason):
// sentences the host shows a person as they are, not tasksurface.Reason
// words.
const (
	refuseEdit = "A Task Surface submission cannot be edited in the queue: its text must match the values it carries. " +
		"Remove it and submit the surface again."
	refuseSteer   = "A Task Surface submission cannot be steered into the running turn: it answers the surface as the next turn."
	refuseClaimed = "The Task Surface submission has already been taken for the next turn and can no longer be removed."
	refuseUnknown = "This queue action is not supported for a Task Surface submission."
)
