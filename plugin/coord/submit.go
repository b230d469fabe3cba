package coord

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/plugin/format"
	"github.com/dsh-community/task-surface/plugin/submission"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Submit decides a submission of the open surface: it validates the values,
// formats them into the readable message, and answers the message the host
// must admit (SubmitResponse.Admit), a user message carrying the
// submission's correlation. The host admits it only if, when it acts, the
// surface is still the open one and no ordinary user message is queued
// ahead, and reports QueueAdmitted or QueueRefused.
//
// It is idempotent per submission id: a retry with the same answers gets
// the first answer (the same message id; the phase the message is in,
// PhaseCommitted once it is in the log) and nothing to admit, also after a
// plugin restart. The same id with other answers, or for another surface,
// is refused with submission-id-reused. Otherwise it is refused with
// submission-pending while another submission is in flight, dismissed when
// a dismissal was decided first, moved-on when an ordinary message is
// queued ahead or closed the surface, not-open or stale when the surface is
// not the open one, and invalid-submission, with problems, when the values
// do not fit the model.
func (s *Service) Submit(_ context.Context, req *tasksurface.SubmitRequest) (*tasksurface.SubmitResponse, error) {
	if problems := idProblems(req.SubmissionID, req.SurfaceID); len(problems) > 0 {
		return &tasksurface.SubmitResponse{Reason: tasksurface.ReasonInvalidSubmission, Problems: problems}, nil
	}
	view, err := readView(&req.Snapshot)
	if err != nil {
		return nil, err
	}
	ss := s.session(req.SessionID)
	defer ss.mu.Unlock()
	s.reconcile(ss, req.SessionID, &req.Snapshot, view)

	surfaceID := string(req.SurfaceID)
	messageID := messageIDOf(req.SessionID, surfaceID, req.SubmissionID, answersDigest(req.Values, req.Note))
	if resp, ok := s.retried(ss, view, req, messageID); ok {
		return resp, nil
	}
	occ, reason := target(view, surfaceID)
	if occ == nil {
		return refuse(closedReason(view, surfaceID, reason)), nil
	}
	if ss.dismissedHere(surfaceID) {
		// The dismissal was decided first; the snapshot, read before it was written, does not
		// show it yet.
		return refuse(tasksurface.ReasonDismissed), nil
	}
	switch p := ss.pending; {
	case p != nil && p.submission():
		return refuse(tasksurface.ReasonSubmissionPending), nil
	case p != nil:
		return refuse(tasksurface.ReasonDismissed), nil // a dismissal was decided first
	case movedOn(&req.Snapshot):
		return refuse(tasksurface.ReasonMovedOn), nil
	}
	hm, needed := s.modelOf(ss, req.SessionID, *occ, &req.Snapshot)
	switch {
	case needed:
		return &tasksurface.SubmitResponse{MetaNeeded: true}, nil
	case hm == nil:
		return refuse(tasksurface.ReasonNotOpen), nil
	}
	limits, _ := s.currentLimits()
	values, problems := submission.Validate(hm.model, req.Values, req.Note, limits)
	if len(problems) > 0 {
		return &tasksurface.SubmitResponse{Reason: tasksurface.ReasonInvalidSubmission, Problems: problems}, nil
	}
	text := format.Format(hm.model, values, req.Note)
	raw, err := json.Marshal(values)
	if err != nil {
		return nil, fmt.Errorf("encode the values of submission %s: %w", req.SubmissionID, err)
	}
	source, err := json.Marshal(tasksurface.MessageSource{Kind: "user", TaskSurface: &tasksurface.Correlation{
		Version:      tasksurface.CorrelationVersion,
		SubmissionID: req.SubmissionID,
		CallID:       occ.CallID,
		SurfaceID:    tasksurface.SurfaceID(occ.SurfaceID),
		Values:       raw,
	}})
	if err != nil {
		return nil, fmt.Errorf("encode the source of submission %s: %w", req.SubmissionID, err)
	}
	ss.pending = &pending{
		occ: *occ, submissionID: req.SubmissionID, messageID: messageID, text: text,
		phase: tasksurface.PhaseQueued, decidedAt: s.now(), seq: req.Snapshot.LogSeq,
	}
	ss.addSubmission(submissionRecord{surfaceID: surfaceID, submissionID: req.SubmissionID, messageID: messageID})
	s.logger.Debug("submission decided; the host admits it", "session", req.SessionID, "surface", surfaceID,
		"submission", req.SubmissionID, "message_id", messageID)
	return &tasksurface.SubmitResponse{
		Accepted: true, MessageID: messageID, Phase: tasksurface.PhaseQueued,
		Admit: &tasksurface.Admission{
			MessageID: messageID, Text: text, Source: source,
			SurfaceID: req.SurfaceID, CallID: occ.CallID,
		},
	}, nil
}

// retried answers a submission id seen before: from the records of this
// process, or from the projection's outcomes after a restart. ok is false
// for an id not seen.
func (s *Service) retried(ss *session, v fold.View, req *tasksurface.SubmitRequest, messageID tasksurface.MessageID) (*tasksurface.SubmitResponse, bool) {
	surfaceID := string(req.SurfaceID)
	if r, ok := ss.submission(req.SubmissionID); ok {
		if r.surfaceID != surfaceID || r.messageID != messageID {
			return refuse(tasksurface.ReasonSubmissionIDReused), true
		}
		if p := ss.pending; p != nil && p.messageID == messageID {
			return &tasksurface.SubmitResponse{Accepted: true, MessageID: messageID, Phase: p.phase}, true
		}
		if r.committed {
			return &tasksurface.SubmitResponse{Accepted: true, MessageID: messageID, Phase: tasksurface.PhaseCommitted}, true
		}
	}
	for i := len(v.Outcomes) - 1; i >= 0; i-- {
		o := v.Outcomes[i]
		if o.Outcome != fold.OutcomeSubmitted || o.SubmissionID != string(req.SubmissionID) {
			continue
		}
		if o.SurfaceID != surfaceID || o.MessageID != messageID {
			return refuse(tasksurface.ReasonSubmissionIDReused), true
		}
		return &tasksurface.SubmitResponse{Accepted: true, MessageID: messageID, Phase: tasksurface.PhaseCommitted}, true
	}
	return nil, false
}

// closedReason is the reason to refuse a submission of a surface that is
// not the open one: what closed it, when the projection still remembers.
func closedReason(v fold.View, surfaceID string, fallback tasksurface.Reason) tasksurface.Reason {
	o, ok := v.OutcomeOf(surfaceID)
	if !ok {
		return fallback
	}
	switch o.Outcome {
	case fold.OutcomeDismissed:
		return tasksurface.ReasonDismissed
	case fold.OutcomeBypassed:
		return tasksurface.ReasonMovedOn
	case fold.OutcomeReplaced:
		return tasksurface.ReasonStale
	}
	return tasksurface.ReasonNotOpen
}

// refuse is a refusal with no problems.
func refuse(r tasksurface.Reason) *tasksurface.SubmitResponse {
	return &tasksurface.SubmitResponse{Reason: r}
}

// idProblems checks the ids of a submission.
func idProblems(submissionID tasksurface.SubmissionID, surfaceID tasksurface.SurfaceID) []tasksurface.Problem {
	var out []tasksurface.Problem
	if !submissionID.Valid() {
		out = append(out, tasksurface.Problem{
			Code: tasksurface.CodeInvalidID, Pointer: "/submissionId",
			Message: "the submission id must be 1 to 128 letters, digits or _.:- starting with a letter or digit; mint a new one.",
		})
	}
	if !surfaceID.Valid() {
		out = append(out, tasksurface.Problem{
			Code: tasksurface.CodeInvalidID, Pointer: "/surfaceId",
			Message: "the surface id must be 1 to 128 letters, digits or _.:- starting with a letter or digit; use the id getActive returned.",
		})
	}
	return out
}
