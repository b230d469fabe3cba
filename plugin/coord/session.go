package coord

import (
	"slices"
	"sync"
	"sync/atomic"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Bounds of the per-session records.
const (
	// MaxSubmissionRecords bounds the accepted submissions remembered per
	// session for idempotent retries.
	MaxSubmissionRecords = 256
	// MaxDismissalRecords bounds the dismissals remembered per session for
	// idempotent retries.
	MaxDismissalRecords = 256
)

// phaseCommitted marks a submission whose user message is durable. It is
// never reported as a pending phase.
const phaseCommitted tasksurface.Phase = "committed"

// submissionRecord is one accepted submission.
type submissionRecord struct {
	surfaceID    string
	callID       tasksurface.CallID
	submissionID string
	messageID    tasksurface.MessageID
	// phase is tasksurface.PhaseQueued, tasksurface.PhaseClaiming or
	// phaseCommitted.
	phase tasksurface.Phase
	// text is the canonical message text, "" when adopted from the host.
	text string
	// confirmed is true once the host has acknowledged the message (an
	// admission answer, a queue report, or its in-flight list). A record is
	// unconfirmed only while its admission is in flight: when the admission
	// fails, abandon drops it and the host is asked again.
	confirmed bool
}

// pending reports whether the submission is queued or claiming.
func (r *submissionRecord) pending() bool {
	return r.phase == tasksurface.PhaseQueued || r.phase == tasksurface.PhaseClaiming
}

// dismissalRecord is one recorded dismissal.
type dismissalRecord struct {
	dismissalID string
	surfaceID   string
	eventSeq    int64
}

// session holds one session's coordination records.
type session struct {
	// flight makes Submit, Dismiss and GetActive single-flight; it is held
	// across this session's host calls.
	flight sync.Mutex
	// inFlight counts transactions holding or waiting for flight.
	inFlight atomic.Int32
	// used orders sessions for eviction.
	used atomic.Uint64

	mu          sync.Mutex // guards the records; never held across host calls
	submissions []*submissionRecord
	dismissals  []dismissalRecord
	model       *modelCache
	// covered are the occurrences whose in-flight messages the records
	// already hold: adopted from the host once, or opened by this process
	// (see pendingFor). The last maxCovered are kept.
	covered []fold.Occurrence
}

// maxCovered bounds the occurrences a session remembers as covered; only
// the open one matters, and one stays open at a time.
const maxCovered = 8

// covers reports whether the records hold the in-flight messages of occ.
func (ss *session) covers(occ fold.Occurrence) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return slices.Contains(ss.covered, occ)
}

// cover records that the records hold the in-flight messages of occ.
func (ss *session) cover(occ fold.Occurrence) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.coverLocked(occ)
}

// coverLocked is cover with ss.mu held.
func (ss *session) coverLocked(occ fold.Occurrence) {
	if slices.Contains(ss.covered, occ) {
		return
	}
	ss.covered = append(ss.covered, occ)
	if n := len(ss.covered) - maxCovered; n > 0 {
		ss.covered = slices.Delete(ss.covered, 0, n)
	}
}

// abandon forgets the record of a message whose admission failed (an
// error, a timeout, a cancelled call) unless the host has confirmed it
// meanwhile, and forgets that occ is covered: whether the host queued the
// message is unknown, so the next transaction asks it (ListInFlight) and
// adopts the message if it is there. It reports whether it dropped a
// record.
func (ss *session) abandon(messageID tasksurface.MessageID, occ fold.Occurrence) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	i := ss.indexOfMessage(messageID)
	if i >= 0 && ss.submissions[i].confirmed {
		return false
	}
	ss.covered = slices.DeleteFunc(ss.covered, func(c fold.Occurrence) bool { return c == occ })
	if i < 0 {
		return false
	}
	ss.submissions = slices.Delete(ss.submissions, i, i+1)
	return true
}

// begin enters the session's single flight; the returned func leaves it.
func (ss *session) begin() func() {
	ss.inFlight.Add(1)
	ss.flight.Lock()
	return func() {
		ss.flight.Unlock()
		ss.inFlight.Add(-1)
	}
}

// idle reports whether the session may be forgotten.
func (ss *session) idle() bool {
	if ss.inFlight.Load() > 0 {
		return false
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return !slices.ContainsFunc(ss.submissions, (*submissionRecord).pending)
}

// submission returns the record of a submission of a surface.
func (ss *session) submission(surfaceID, submissionID string) (submissionRecord, bool) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	for _, r := range ss.submissions {
		if r.surfaceID == surfaceID && r.submissionID == submissionID {
			return *r, true
		}
	}
	return submissionRecord{}, false
}

// byMessage returns the record of a message.
func (ss *session) byMessage(messageID tasksurface.MessageID) (submissionRecord, bool) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if i := ss.indexOfMessage(messageID); i >= 0 {
		return *ss.submissions[i], true
	}
	return submissionRecord{}, false
}

// indexOfMessage finds a message's record; ss.mu must be held.
func (ss *session) indexOfMessage(messageID tasksurface.MessageID) int {
	return slices.IndexFunc(ss.submissions, func(r *submissionRecord) bool { return r.messageID == messageID })
}

// forSurface returns the pending submission of a surface, or else whether
// one of its submissions has committed.
func (ss *session) forSurface(surfaceID string, callID tasksurface.CallID) (pending *submissionRecord, committed bool) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	for _, r := range ss.submissions {
		if r.surfaceID != surfaceID || r.callID != callID {
			continue
		}
		if r.pending() {
			c := *r
			pending = &c
		}
		committed = committed || r.phase == phaseCommitted
	}
	return pending, committed
}

// add records a submission, unless its message is already recorded, and
// reports whether it did. The oldest records that are not pending make way
// beyond MaxSubmissionRecords.
func (ss *session) add(r submissionRecord) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.indexOfMessage(r.messageID) >= 0 {
		return false
	}
	ss.submissions = append(ss.submissions, &r)
	for len(ss.submissions) > MaxSubmissionRecords {
		i := slices.IndexFunc(ss.submissions, func(r *submissionRecord) bool { return !r.pending() })
		if i < 0 {
			break
		}
		ss.submissions = slices.Delete(ss.submissions, i, i+1)
	}
	return true
}

// update changes a message's record in place and reports whether there was
// one. A nil result of fn drops the record.
func (ss *session) update(messageID tasksurface.MessageID, fn func(r submissionRecord) *submissionRecord) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	i := ss.indexOfMessage(messageID)
	if i < 0 {
		return false
	}
	if next := fn(*ss.submissions[i]); next != nil {
		*ss.submissions[i] = *next
	} else {
		ss.submissions = slices.Delete(ss.submissions, i, i+1)
	}
	return true
}

// dismissal returns the record of a dismissal.
func (ss *session) dismissal(dismissalID string) (dismissalRecord, bool) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	for _, d := range ss.dismissals {
		if d.dismissalID == dismissalID {
			return d, true
		}
	}
	return dismissalRecord{}, false
}

// addDismissal records a dismissal, keeping the last MaxDismissalRecords.
func (ss *session) addDismissal(d dismissalRecord) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.dismissals = append(ss.dismissals, d)
	if n := len(ss.dismissals) - MaxDismissalRecords; n > 0 {
		ss.dismissals = slices.Delete(ss.dismissals, 0, n)
	}
}
