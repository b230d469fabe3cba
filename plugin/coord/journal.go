package coord

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Journal keeps every accepted submission whose message is not durable in
// the session log yet, in storage that outlives the harness: a harness's
// queue may live in its memory (dsh rc.8 writes a queued message to the log
// a moment after it takes it), so an answer accepted just before the
// harness dies would be lost. Submit puts the submission in the journal
// before it asks the host to admit it, so an answer is in the journal before
// anyone is told it was accepted; the queue reports take it out (discarded
// and removed at once, committed after DefaultCommittedGrace); Recover,
// after a restart, admits again what the host lost.
type Journal interface {
	// Put keeps e durably (replacing an entry for the same message)
	// before it returns.
	Put(e JournalEntry) error
	// Done forgets the entry of a message; one that is not there is no
	// error.
	Done(sessionID tasksurface.SessionID, messageID tasksurface.MessageID) error
	// Entries returns every entry kept.
	Entries() ([]JournalEntry, error)
}

// JournalEntry is one accepted submission: the message the host was asked
// to admit, exactly, and the surface it answers.
type JournalEntry struct {
	SessionID    tasksurface.SessionID `json:"sessionId"`
	SurfaceID    string                `json:"surfaceId"`
	CallID       tasksurface.CallID    `json:"callId"`
	SubmissionID string                `json:"submissionId"`
	MessageID    tasksurface.MessageID `json:"messageId"`
	Text         string                `json:"text"`
	Source       json.RawMessage       `json:"source"`
}

// DefaultCommittedGrace is how long a submission stays in the journal after
// the host reported it committed. A host may report a message committed
// before its log is on disk: dsh rc.8 writes its log in batches, up to
// 200 ms late by default (writeBatchMaxDelayMs), and a harness killed
// meanwhile lost answers it had reported committed. Kept a while longer,
// such an answer is admitted again by Recover if the log lost it, and taken
// out if the log has it.
const DefaultCommittedGrace = 5 * time.Second

// forgetLater takes a committed message out of the journal once the grace
// has passed (see DefaultCommittedGrace).
func (s *Service) forgetLater(sessionID tasksurface.SessionID, messageID tasksurface.MessageID) {
	if s.journal == nil {
		return
	}
	time.AfterFunc(s.grace, func() { s.forget(sessionID, messageID) })
}

// forget takes a message out of the journal; a failure is logged, not
// returned: the entry is answered for again by the next Recover.
func (s *Service) forget(sessionID tasksurface.SessionID, messageID tasksurface.MessageID) {
	if s.journal == nil {
		return
	}
	if err := s.journal.Done(sessionID, messageID); err != nil {
		s.logger.Warn("cannot take a submission out of the journal", "session", sessionID, "message", messageID, "error", err)
	}
}

// RecoverResult counts what Recover did with the journal's entries.
type RecoverResult struct {
	// Readmitted were lost by the host and are queued again.
	Readmitted int
	// Kept are still in flight on the host, or could not be checked now.
	Kept int
	// Done are durable already, or their surface closed otherwise.
	Done int
}

// Recover brings the journal up to date with the host after a start: for
// each accepted submission the journal still holds, a message the host
// holds in flight is left to it (and adopted by the records), one the log
// holds, or whose surface closed otherwise, is taken out, and one the host
// lost while its surface is still open is admitted again with the same
// message id and text (the host drops a duplicate message id), so it
// reaches the conversation once and the user does not send it again. Each
// session is recovered under its single flight.
func (s *Service) Recover(ctx context.Context) (RecoverResult, error) {
	var out RecoverResult
	host, _, err := s.config()
	if err != nil || s.journal == nil {
		return out, err
	}
	entries, err := s.journal.Entries()
	if err != nil {
		return out, fmt.Errorf("read the journal: %w", err)
	}
	bySession := map[tasksurface.SessionID][]JournalEntry{}
	var order []tasksurface.SessionID
	for _, e := range entries {
		if _, ok := bySession[e.SessionID]; !ok {
			order = append(order, e.SessionID)
		}
		bySession[e.SessionID] = append(bySession[e.SessionID], e)
	}
	for _, sessionID := range order {
		r, err := s.recoverSession(ctx, host, sessionID, bySession[sessionID])
		out.Readmitted += r.Readmitted
		out.Kept += r.Kept
		out.Done += r.Done
		if err != nil {
			s.logger.Warn("cannot recover a session's accepted submissions now; kept for the next start",
				"session", sessionID, "entries", len(bySession[sessionID]), "error", err)
			out.Kept += len(bySession[sessionID]) - r.Readmitted - r.Kept - r.Done
		}
	}
	if len(entries) > 0 {
		s.logger.Info("recovered accepted submissions", "readmitted", out.Readmitted, "kept", out.Kept, "done", out.Done)
	}
	return out, nil
}

// recoverSession is Recover for one session's entries.
func (s *Service) recoverSession(ctx context.Context, host tasksurface.Host, sessionID tasksurface.SessionID, entries []JournalEntry) (RecoverResult, error) {
	var out RecoverResult
	ss := s.session(sessionID)
	defer ss.begin()()
	view, err := s.readView(ctx, host, sessionID, nil)
	if err != nil {
		return out, err
	}
	inFlight, err := host.ListInFlight(ctx, &tasksurface.ListInFlightRequest{SessionID: sessionID})
	if err != nil {
		return out, fmt.Errorf("list the in-flight messages of session %s: %w", sessionID, err)
	}
	held := map[tasksurface.MessageID]bool{}
	if inFlight != nil {
		for _, m := range inFlight.Messages {
			held[m.MessageID] = true
		}
	}
	for _, e := range entries {
		occ := fold.Occurrence{CallID: e.CallID, SurfaceID: e.SurfaceID}
		switch {
		case held[e.MessageID]:
			out.Kept++ // the host has it; its reports take it out
			continue
		case view.Active == nil || *view.Active != occ:
			// Durable (the log's outcome is this message), or the surface
			// closed otherwise: nothing to send.
			s.forget(sessionID, e.MessageID)
			out.Done++
			continue
		}
		resp, err := host.AdmitUserMessage(ctx, &tasksurface.AdmitUserMessageRequest{
			SessionID: sessionID, MessageID: e.MessageID, Text: e.Text, Source: e.Source,
		})
		if err != nil {
			return out, fmt.Errorf("admit submission %s of surface %s again: %w", e.SubmissionID, e.SurfaceID, err)
		}
		if resp == nil || !resp.Admitted {
			why := "the host did not queue the message"
			if resp != nil && resp.Reason != "" {
				why = resp.Reason
			}
			s.logger.Warn("the host refused an accepted submission it had lost; the surface is open to answer again",
				"session", sessionID, "surface", e.SurfaceID, "submission", e.SubmissionID, "reason", why)
			s.forget(sessionID, e.MessageID)
			out.Done++
			continue
		}
		ss.add(submissionRecord{
			surfaceID: e.SurfaceID, callID: e.CallID, submissionID: e.SubmissionID, messageID: e.MessageID,
			phase: tasksurface.PhaseQueued, text: e.Text, confirmed: true,
		})
		ss.cover(occ)
		s.logger.Info("admitted an accepted submission again: the host had lost it", "session", sessionID,
			"surface", e.SurfaceID, "submission", e.SubmissionID, "message", e.MessageID, "duplicate", resp.Duplicate)
		out.Readmitted++
	}
	return out, nil
}
