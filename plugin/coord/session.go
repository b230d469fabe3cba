package coord

import (
	"slices"
	"sync"
	"time"

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

// session holds one session's coordination records. Its mutex is held for
// the whole of a decision and of a report; the Service's mutex is never
// taken while it is held, except through currentLimits.
type session struct {
	mu sync.Mutex
	// used orders sessions for eviction; guarded by Service.mu.
	used uint64

	// pending is the one submission or dismissal in flight, or nil.
	pending *pending
	// model is the model of the session's open surface, or nil.
	model *heldModel
	// submissions are the accepted submissions, oldest first.
	submissions []submissionRecord
	// dismissals are the decided dismissals, oldest first.
	dismissals []dismissalRecord
}

// pending is what is in flight for the open surface: a submission (its
// message) or a dismissal (its record).
type pending struct {
	occ fold.Occurrence
	// A submission has a message id; a dismissal a dismissal id.
	submissionID tasksurface.SubmissionID
	messageID    tasksurface.MessageID
	// text is the message's canonical text, "" when adopted from a
	// snapshot after a restart.
	text        string
	dismissalID tasksurface.DismissalID
	// phase of a submission: PhaseQueued or PhaseClaiming once the host
	// has reported it; before that it is queued as far as anyone asks.
	phase tasksurface.Phase
	// reported is false from the decision until the host's first report
	// (or a snapshot listing the message).
	reported bool
	// decidedAt is when the service decided.
	decidedAt time.Time
	// seq is the log seq of the host's last report, or of the snapshot the
	// message was adopted from: a snapshot at or above it that does not
	// list the message was read after the message left the queue.
	seq int64
}

// submission reports whether p is a submission (not a dismissal).
func (p *pending) submission() bool { return p.messageID != "" }

// submissionRecord is one accepted submission.
type submissionRecord struct {
	surfaceID    string
	submissionID tasksurface.SubmissionID
	messageID    tasksurface.MessageID
	committed    bool
}

// dismissalRecord is one decided dismissal; seq is 0 until recorded.
type dismissalRecord struct {
	surfaceID   string
	dismissalID tasksurface.DismissalID
	seq         int64
}

// idle reports whether the session may be forgotten: no decision is being
// made and nothing is in flight. It never waits for the session's mutex.
func (ss *session) idle() bool {
	if !ss.mu.TryLock() {
		return false
	}
	defer ss.mu.Unlock()
	return ss.pending == nil
}

// submission returns the record of a submission id.
func (ss *session) submission(id tasksurface.SubmissionID) (submissionRecord, bool) {
	return lookup(ss.submissions, id, func(r submissionRecord) tasksurface.SubmissionID { return r.submissionID })
}

// addSubmission records an accepted submission, keeping the last
// MaxSubmissionRecords.
func (ss *session) addSubmission(r submissionRecord) {
	ss.submissions = put(ss.submissions, r, MaxSubmissionRecords, func(r submissionRecord) tasksurface.SubmissionID { return r.submissionID })
}

// forgetSubmission drops the record of a message that will never be in the
// log (refused, discarded, removed): its id may be submitted again.
func (ss *session) forgetSubmission(messageID tasksurface.MessageID) {
	ss.submissions = slices.DeleteFunc(ss.submissions, func(r submissionRecord) bool { return r.messageID == messageID })
}

// commitSubmission marks a message's record committed.
func (ss *session) commitSubmission(messageID tasksurface.MessageID) {
	for i := range ss.submissions {
		if ss.submissions[i].messageID == messageID {
			ss.submissions[i].committed = true
		}
	}
}

// dismissal returns the record of a dismissal id.
func (ss *session) dismissal(id tasksurface.DismissalID) (dismissalRecord, bool) {
	return lookup(ss.dismissals, id, func(r dismissalRecord) tasksurface.DismissalID { return r.dismissalID })
}

// addDismissal records a dismissal, keeping the last MaxDismissalRecords.
func (ss *session) addDismissal(r dismissalRecord) {
	ss.dismissals = put(ss.dismissals, r, MaxDismissalRecords, func(r dismissalRecord) tasksurface.DismissalID { return r.dismissalID })
}

// lookup returns the record of records whose key is k.
func lookup[R any, K comparable](records []R, k K, key func(R) K) (R, bool) {
	i := slices.IndexFunc(records, func(r R) bool { return key(r) == k })
	if i < 0 {
		var none R
		return none, false
	}
	return records[i], true
}

// put records r in place of any record with its key, as the newest, and
// keeps the last most records.
func put[R any, K comparable](records []R, r R, most int, key func(R) K) []R {
	records = slices.DeleteFunc(records, func(o R) bool { return key(o) == key(r) })
	records = append(records, r)
	if n := len(records) - most; n > 0 {
		records = slices.Delete(records, 0, n)
	}
	return records
}

// dismissedHere reports whether a dismissal of the surface was decided or
// recorded by this process.
func (ss *session) dismissedHere(surfaceID string) bool {
	return slices.ContainsFunc(ss.dismissals, func(r dismissalRecord) bool { return r.surfaceID == surfaceID })
}

// submittedHere reports whether a submission of the surface reached the log.
func (ss *session) submittedHere(surfaceID string) bool {
	return slices.ContainsFunc(ss.submissions, func(r submissionRecord) bool { return r.surfaceID == surfaceID && r.committed })
}

// forgetDismissal drops the record of a dismissal the host did not write.
func (ss *session) forgetDismissal(id tasksurface.DismissalID) {
	ss.dismissals = slices.DeleteFunc(ss.dismissals, func(r dismissalRecord) bool { return r.dismissalID == id })
}
