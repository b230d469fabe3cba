package coord

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/plugin/format"
	"github.com/dsh-community/task-surface/plugin/submission"
	"github.com/dsh-community/task-surface/plugin/wire"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Submit validates the values of the open surface, formats them into the
// readable message, and admits that message to the session's queue as a
// user message carrying the submission's correlation.
//
// It is idempotent per submission id: a retry answers with the first answer
// (the same message id, phase queued), also after the message committed and
// after a plugin restart. Another submission id while one is queued or
// claiming gets submission-pending. A surface dismissed first gets
// dismissed (outcome.go). Values that do not fit the model get
// invalid-submission with problems. Nothing is admitted then.
func (s *Service) Submit(ctx context.Context, req *tasksurface.SubmitRequest) (*tasksurface.SubmitResponse, error) {
	host, limits, err := s.config()
	if err != nil {
		return nil, err
	}
	if problems := idProblems(req); len(problems) > 0 {
		return &tasksurface.SubmitResponse{Reason: tasksurface.ReasonInvalidSubmission, Problems: problems}, nil
	}
	ss := s.session(req.SessionID)
	defer ss.begin()()

	if r, ok := ss.submission(string(req.SurfaceID), string(req.SubmissionID)); ok && r.confirmed {
		return accepted(r.messageID), nil
	}
	if ss.dismissedHere(string(req.SurfaceID)) {
		// The dismissal was recorded first (outcome.go), whatever the
		// projection this request carries still shows.
		return &tasksurface.SubmitResponse{Reason: tasksurface.ReasonDismissed}, nil
	}
	// The first submit of a surface opened here confirms its model in the
	// log: ask for that while the projection is read, not after.
	pre := prefetchToolResult(ctx, host, ss, req.SessionID, string(req.SurfaceID))
	view, err := s.readView(ctx, host, req.SessionID, req.Projection)
	if err != nil {
		return nil, err
	}
	if messageID, ok := submittedBefore(view, req); ok {
		return accepted(messageID), nil
	}
	occ, reason := target(view, string(req.SurfaceID))
	if occ == nil {
		return &tasksurface.SubmitResponse{Reason: closedBy(view, string(req.SurfaceID), fold.OutcomeDismissed, tasksurface.ReasonDismissed, reason)}, nil
	}
	mc, why, err := s.loadModel(ctx, host, limits, ss, req.SessionID, *occ, pre)
	if err != nil {
		return nil, err
	}
	if mc == nil {
		return &tasksurface.SubmitResponse{Reason: why}, nil
	}
	pending, committed, err := s.pendingFor(ctx, host, ss, req.SessionID, *occ)
	if err != nil {
		return nil, err
	}
	switch {
	case committed:
		return &tasksurface.SubmitResponse{Reason: tasksurface.ReasonNotOpen}, nil
	case pending != nil && pending.submissionID != string(req.SubmissionID):
		return &tasksurface.SubmitResponse{Reason: tasksurface.ReasonSubmissionPending}, nil
	case pending != nil && pending.confirmed:
		return accepted(pending.messageID), nil // adopted from the host after a restart
	}
	// Nothing pending: admit. A retry after a failed admission lands here
	// too (the host did not hold it), and so may a message the host holds
	// but has not listed yet: the host drops a duplicate message id.

	values, problems := submission.Validate(mc.model, req.Values, req.Note, limits)
	if len(problems) > 0 {
		return &tasksurface.SubmitResponse{Reason: tasksurface.ReasonInvalidSubmission, Problems: problems}, nil
	}
	text := format.Format(mc.model, values, req.Note)
	source, err := json.Marshal(wire.Source{Kind: "user", TaskSurface: &wire.Correlation{
		Version:      wire.SourceVersion,
		SubmissionID: string(req.SubmissionID),
		CallID:       occ.CallID,
		SurfaceID:    occ.SurfaceID,
		Values:       map[string]any(values),
	}})
	if err != nil {
		return nil, fmt.Errorf("encode the source of submission %s: %w", string(req.SubmissionID), err)
	}
	rec := submissionRecord{
		surfaceID: occ.SurfaceID, callID: occ.CallID, submissionID: string(req.SubmissionID),
		messageID: wire.MessageID(req.SessionID, occ.SurfaceID, req.SubmissionID),
		phase:     tasksurface.PhaseQueued, text: text,
	}
	// Record before admitting: a host may report the claim before
	// AdmitUserMessage returns.
	if !ss.add(rec) {
		ss.update(rec.messageID, func(r submissionRecord) *submissionRecord { r.text = text; return &r })
	}
	// Journal before admitting: a host may tell the browser it was
	// accepted as it admits it, and may die before its queue is durable
	// (journal.go).
	if s.journal != nil {
		if err := s.journal.Put(JournalEntry{
			SessionID: req.SessionID, SurfaceID: occ.SurfaceID, CallID: occ.CallID, SubmissionID: string(req.SubmissionID),
			MessageID: rec.messageID, Text: text, Source: source,
		}); err != nil {
			ss.abandon(rec.messageID, *occ)
			return nil, fmt.Errorf("journal submission %s of surface %s in session %s: %w", string(req.SubmissionID), occ.SurfaceID, req.SessionID, err)
		}
	}
	resp, err := host.AdmitUserMessage(ctx, &tasksurface.AdmitUserMessageRequest{
		SessionID: req.SessionID, MessageID: rec.messageID, Text: text, Source: source,
	})
	if err != nil {
		// Unknown whether the host queued it. Keep nothing pending: the
		// next transaction asks the host (ListInFlight) and adopts the
		// message if the host holds it, so a retry with the same id is
		// answered or admitted again (the host drops a duplicate message
		// id), and another id or a dismissal is refused only if the host
		// really holds this one.
		dropped := ss.abandon(rec.messageID, *occ)
		s.logger.Warn("admission failed; nothing kept pending, the host is asked again next time", "session", req.SessionID,
			"surface", occ.SurfaceID, "submission", string(req.SubmissionID), "dropped", dropped, "error", err)
		return nil, fmt.Errorf("admit submission %s of surface %s in session %s: %w", string(req.SubmissionID), occ.SurfaceID, req.SessionID, err)
	}
	if resp == nil || !resp.Admitted {
		ss.update(rec.messageID, func(r submissionRecord) *submissionRecord {
			if r.confirmed {
				return &r // the host reported the message meanwhile; it has it
			}
			return nil
		})
		if _, held := ss.byMessage(rec.messageID); !held {
			s.forget(req.SessionID, rec.messageID)
		}
		why := "the host did not queue the message"
		if resp != nil && resp.Reason != "" {
			why = resp.Reason
		}
		s.logger.Warn("submission not admitted", "session", req.SessionID, "surface", occ.SurfaceID,
			"submission", string(req.SubmissionID), "reason", why)
		return &tasksurface.SubmitResponse{
			Reason:   tasksurface.ReasonAdmissionRefused,
			Problems: []tasksurface.Problem{{Code: tasksurface.CodeAdmissionRefused, Message: why, Pointer: ""}},
		}, nil
	}
	ss.update(rec.messageID, func(r submissionRecord) *submissionRecord { r.confirmed = true; return &r })
	s.logger.Debug("submission queued", "session", req.SessionID, "surface", occ.SurfaceID,
		"submission", string(req.SubmissionID), "message", rec.messageID, "duplicate", resp.Duplicate)
	return accepted(rec.messageID), nil
}

// accepted is the answer to an accepted submission and to its retries.
func accepted(messageID tasksurface.MessageID) *tasksurface.SubmitResponse {
	return &tasksurface.SubmitResponse{Accepted: true, MessageID: messageID, Phase: tasksurface.PhaseQueued}
}

// submittedBefore answers a retry of a submission that already closed its
// surface, from the projection's outcomes: the records of a restarted
// plugin are empty, but the log remembers.
func submittedBefore(v fold.View, req *tasksurface.SubmitRequest) (tasksurface.MessageID, bool) {
	o, ok := v.OutcomeOf(string(req.SurfaceID))
	if !ok || o.Outcome != fold.OutcomeSubmitted || o.SubmissionID != string(req.SubmissionID) {
		return "", false
	}
	if o.MessageID != "" {
		return o.MessageID, true
	}
	return wire.MessageID(req.SessionID, string(req.SurfaceID), req.SubmissionID), true
}

// idProblems checks the ids of a submission.
func idProblems(req *tasksurface.SubmitRequest) []tasksurface.Problem {
	var out []tasksurface.Problem
	if !req.SubmissionID.Valid() {
		out = append(out, tasksurface.Problem{
			Code: tasksurface.CodeInvalidID, Pointer: "/submissionId",
			Message: "the submission id must be 1 to 128 letters, digits or _.:- starting with a letter or digit; mint a new one.",
		})
	}
	if !req.SurfaceID.Valid() {
		out = append(out, tasksurface.Problem{
			Code: tasksurface.CodeInvalidID, Pointer: "/surfaceId",
			Message: "the surface id must be 1 to 128 letters, digits or _.:- starting with a letter or digit; use the id getActive returned.",
		})
	}
	return out
}
