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

// Submit decides a submission of the open surface from the request alone:
// it validates the values, formats them into the readable message, and
// answers the message the host must admit (SubmitResponse.Admit), a user
// message carrying the submission's correlation and the snapshot's state
// token. The host admits it only while its state still has that token.
//
// It is idempotent per submission id, read from the snapshot: a retry with
// the same answers whose message is in the queue answers accepted with its
// phase and nothing to admit, one whose message is in the log (the view's
// outcomes) answers PhaseCommitted; a retry whose first answer was lost
// before the host acted finds nothing and is decided again, to the same
// admission (the message id is a pure function of the request). The same
// id with other answers, or for another surface, is refused with
// submission-id-reused. Otherwise it is refused with submission-pending
// while another submission of the surface is in the queue, dismissed while
// a dismissal of it is being written, moved-on when an ordinary message is
// queued ahead or closed the surface, not-open or stale when the surface is
// not the open one, and invalid-submission, with problems, when the values
// do not fit the model.
func (s *Service) Submit(_ context.Context, req *tasksurface.SubmitRequest) (*tasksurface.SubmitResponse, error) {
	if problems := idProblems(req.SubmissionID, req.SurfaceID); len(problems) > 0 {
		return &tasksurface.SubmitResponse{Reason: tasksurface.ReasonInvalidSubmission, Problems: problems}, nil
	}
	st, err := readState(&req.Snapshot)
	if err != nil {
		return nil, err
	}
	surfaceID := req.SurfaceID
	messageID := messageIDOf(req.SessionID, surfaceID, req.SubmissionID, answersDigest(req.Values, req.Note))
	if resp, ok := retried(st, req, messageID); ok {
		return resp, nil
	}
	occ, reason := target(st.view, surfaceID)
	if occ == nil {
		return refuse(closedReason(st.view, surfaceID, reason)), nil
	}
	if _, ok := st.dismissing(surfaceID); ok {
		return refuse(tasksurface.ReasonDismissed), nil
	}
	if _, ok := st.submissionOf(surfaceID); ok {
		return refuse(tasksurface.ReasonSubmissionPending), nil
	}
	if st.movedOn() {
		return refuse(tasksurface.ReasonMovedOn), nil
	}
	ss := s.session(req.SessionID)
	hm, needed := s.modelOf(ss, req.SessionID, *occ, &req.Snapshot)
	ss.mu.Unlock()
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
	s.logger.Debug("submission decided; the host admits it", "session", req.SessionID, "surface", surfaceID,
		"submission", req.SubmissionID, "message_id", messageID)
	return &tasksurface.SubmitResponse{
		Accepted: true, MessageID: messageID, Phase: tasksurface.PhaseQueued,
		Admit: &tasksurface.Admission{
			MessageID: messageID, Text: text, Source: source,
			SurfaceID: req.SurfaceID, CallID: occ.CallID, StateToken: st.token,
		},
	}, nil
}

// retried answers a submission id the snapshot holds: its message in the
// queue, or in the log (the projection's outcomes). ok is false for an id
// it does not hold.
func retried(st state, req *tasksurface.SubmitRequest, messageID tasksurface.MessageID) (*tasksurface.SubmitResponse, bool) {
	surfaceID := req.SurfaceID
	for _, m := range st.queue {
		if m.SubmissionID != req.SubmissionID {
			continue
		}
		if m.MessageID != messageID {
			return refuse(tasksurface.ReasonSubmissionIDReused), true
		}
		return &tasksurface.SubmitResponse{Accepted: true, MessageID: messageID, Phase: phaseOf(m)}, true
	}
	for i := len(st.view.Outcomes) - 1; i >= 0; i-- {
		o := st.view.Outcomes[i]
		if o.Outcome != fold.OutcomeSubmitted || o.SubmissionID != req.SubmissionID {
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
func closedReason(v fold.View, surfaceID tasksurface.SurfaceID, fallback tasksurface.Reason) tasksurface.Reason {
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
