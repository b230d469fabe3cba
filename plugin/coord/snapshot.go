package coord

import (
	"errors"
	"fmt"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// errNoProjection is the error of a request whose snapshot has no
// projection view: a host that leaves it out could have any surface open.
var errNoProjection = errors.New("the request's snapshot has no projection view; the host must send the session's view")

// readView parses a snapshot's projection view.
func readView(snap *tasksurface.Snapshot) (fold.View, error) {
	if len(snap.Projection) == 0 {
		return fold.View{}, errNoProjection
	}
	v, err := fold.ParseView(snap.Projection)
	if err != nil {
		return fold.View{}, fmt.Errorf("the request's projection view: %w", err)
	}
	return v, nil
}

// target checks that the request's surface (or, for "", whichever is open)
// is the open one. It returns the open occurrence, or the reason it cannot
// be acted on: not-open when nothing is open, stale when another surface is.
func target(v fold.View, surfaceID string) (*fold.Occurrence, tasksurface.Reason) {
	switch {
	case v.Active == nil:
		return nil, tasksurface.ReasonNotOpen
	case surfaceID != "" && surfaceID != v.Active.SurfaceID:
		return nil, tasksurface.ReasonStale
	}
	return v.Active, ""
}

// queued returns the snapshot's entry for a message.
func queued(snap *tasksurface.Snapshot, id tasksurface.MessageID) (tasksurface.QueuedMessage, bool) {
	for _, m := range snap.Queue {
		if m.MessageID == id {
			return m, true
		}
	}
	return tasksurface.QueuedMessage{}, false
}

// movedOn reports whether an ordinary user message is queued or being
// claimed in the snapshot: the conversation has moved on past the surface.
func movedOn(snap *tasksurface.Snapshot) bool {
	for _, m := range snap.Queue {
		if m.Ordinary() {
			return true
		}
	}
	return false
}

// reconcile brings the session's pending record up to date with a snapshot
// and its view, before a decision is made from them:
//
//   - a submission whose message the view shows committed (the surface
//     closed as submitted by it) ends, committed;
//   - a submission the snapshot lists takes the snapshot's phase (queued
//     never follows claiming) and counts as reported;
//   - a reported submission the snapshot does not list ends when the
//     snapshot was read at or after its last report (its message left the
//     queue unseen: discarded);
//   - a dismissal ends when the view shows its surface closed;
//   - a decision the host has not reported on ends once DecisionTimeout
//     has passed and the snapshot shows no trace of it;
//   - with nothing pending, a submission of the open surface that the
//     snapshot lists is adopted (the records of a restarted plugin are
//     empty, the host's queue is not).
func (s *Service) reconcile(ss *session, id tasksurface.SessionID, snap *tasksurface.Snapshot, v fold.View) {
	if p := ss.pending; p != nil {
		if end, why := s.ended(p, snap, v); end {
			s.logger.Info("the pending record ends", "session", id, "surface", p.occ.SurfaceID,
				"submission", p.submissionID, "dismissal", p.dismissalID, "why", why)
			switch o, _ := v.OutcomeOf(p.occ.SurfaceID); {
			case p.submission() && why == whyCommitted:
				ss.commitSubmission(p.messageID)
			case p.submission():
				ss.forgetSubmission(p.messageID)
			case why == whyRecorded:
				ss.addDismissal(dismissalRecord{surfaceID: p.occ.SurfaceID, dismissalID: p.dismissalID, seq: o.Seq})
			default:
				ss.forgetDismissal(p.dismissalID)
			}
			ss.pending = nil
		}
	}
	if ss.pending != nil || v.Active == nil {
		return
	}
	for _, m := range snap.Queue {
		c := tasksurface.CorrelationOf(m.Source)
		if c == nil || string(c.SurfaceID) != v.Active.SurfaceID || c.CallID != v.Active.CallID {
			continue
		}
		ss.pending = &pending{
			occ: *v.Active, submissionID: c.SubmissionID, messageID: m.MessageID,
			phase: phaseOf(m), reported: true, decidedAt: s.now(), seq: snap.LogSeq,
		}
		ss.addSubmission(submissionRecord{surfaceID: string(c.SurfaceID), submissionID: c.SubmissionID, messageID: m.MessageID})
		s.logger.Info("adopted an in-flight submission from the host's queue", "session", id,
			"surface", c.SurfaceID, "submission", c.SubmissionID, "message_id", m.MessageID, "phase", ss.pending.phase)
		return
	}
}

// Why a pending record ended, when it reached the log.
const (
	whyCommitted = "its message is in the log"
	whyRecorded  = "its dismissal record is in the log"
)

// ended reports whether a pending record has ended by what a snapshot and
// its view show, and why.
func (s *Service) ended(p *pending, snap *tasksurface.Snapshot, v fold.View) (bool, string) {
	late := !p.reported && s.now().Sub(p.decidedAt) >= s.timeout
	if !p.submission() {
		if o, ok := v.OutcomeOf(p.occ.SurfaceID); ok {
			if o.Outcome == fold.OutcomeDismissed && o.DismissalID == string(p.dismissalID) {
				return true, whyRecorded
			}
			return true, "the surface closed as " + o.Outcome
		}
		if v.Active == nil || *v.Active != p.occ {
			return true, "the surface is no longer open"
		}
		if late {
			return true, "the host never reported the dismissal record"
		}
		return false, ""
	}
	if o, ok := v.OutcomeOf(p.occ.SurfaceID); ok && o.Outcome == fold.OutcomeSubmitted && o.MessageID == p.messageID {
		return true, whyCommitted
	}
	if m, ok := queued(snap, p.messageID); ok {
		if ph := phaseOf(m); ph == tasksurface.PhaseClaiming {
			p.phase = ph
		}
		p.reported = true
		return false, ""
	}
	switch {
	case p.reported && snap.LogSeq >= p.seq:
		return true, "the message left the queue without reaching the log"
	case late:
		return true, "the host never reported the admission"
	}
	return false, ""
}

// phaseOf is a queued message's phase, queued unless it says claiming.
func phaseOf(m tasksurface.QueuedMessage) tasksurface.Phase {
	if m.Phase == tasksurface.PhaseClaiming {
		return tasksurface.PhaseClaiming
	}
	return tasksurface.PhaseQueued
}
