package coord

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// TestSessionsAreBounded fills the service past MaxSessions and checks that
// the bound holds and that a session with a pending submission survives.
func TestSessionsAreBounded(t *testing.T) {
	t.Parallel()
	s := New(Config{})
	report := func(session string, kind tasksurface.QueueEventKind) {
		src := json.RawMessage(fmt.Sprintf(`{"kind":"user","taskSurface":{"version":1,"submissionId":"sub-1","callId":"call_1","surfaceId":"tsf_%s","values":{}}}`, session))
		if r, err := s.ObserveQueue(context.Background(), &tasksurface.QueueEvent{SessionID: tasksurface.SessionID(session), Kind: kind, MessageID: tasksurface.MessageID("tsm_" + session), Source: src}); err != nil || !r.Tracked {
			t.Fatalf("ObserveQueue: %+v, %v", r, err)
		}
	}
	report("keep", tasksurface.QueueClaimed)
	for i := range MaxSessions + 10 {
		report(fmt.Sprint(i), tasksurface.QueueCommitted)
	}
	if n := len(s.sessions); n > MaxSessions {
		t.Errorf("%d sessions kept, want at most %d", n, MaxSessions)
	}
	ss := s.lookup("keep")
	if ss == nil {
		t.Fatal("the session with a pending submission was forgotten")
	}
	if r, ok := ss.byMessage("tsm_keep"); !ok || r.phase != tasksurface.PhaseClaiming {
		t.Errorf("record = %+v, %v; want claiming", r, ok)
	}
	if s.lookup("0") != nil {
		t.Errorf("the oldest idle session was kept")
	}
}

// TestSubmissionRecordsAreBounded checks the per-session record bound and
// that pending records are never the ones dropped.
func TestSubmissionRecordsAreBounded(t *testing.T) {
	t.Parallel()
	ss := &session{}
	ss.add(submissionRecord{surfaceID: "tsf_0", submissionID: "sub-pending", messageID: "m-pending", phase: tasksurface.PhaseQueued})
	for i := range MaxSubmissionRecords + 5 {
		ss.add(submissionRecord{surfaceID: "tsf_0", submissionID: fmt.Sprint(i), messageID: tasksurface.MessageID(fmt.Sprint("m-", i)), phase: phaseCommitted})
	}
	if n := len(ss.submissions); n != MaxSubmissionRecords {
		t.Errorf("%d records, want %d", n, MaxSubmissionRecords)
	}
	if _, ok := ss.byMessage("m-pending"); !ok {
		t.Error("the pending record was dropped")
	}
	if _, ok := ss.byMessage("m-0"); ok {
		t.Error("the oldest committed record was kept")
	}
	for i := range MaxDismissalRecords + 3 {
		ss.addDismissal(dismissalRecord{dismissalID: fmt.Sprint(i)})
	}
	if _, ok := ss.dismissal("0"); ok || len(ss.dismissals) != MaxDismissalRecords {
		t.Errorf("%d dismissal records, oldest kept: %v", len(ss.dismissals), ok)
	}
}
