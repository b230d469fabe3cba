package coord_test

import (
	"testing"

	"github.com/dsh-community/task-surface/plugin/wire"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// A host takes a claim at once and reports it afterwards. getActive says
// claiming as soon as the host holds the claim, before the report, for a
// surface this process opened and for one it adopted after a restart; the
// report that follows changes nothing, and a commit still closes it.
func TestGetActiveSaysClaimingBeforeTheReport(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		restart bool
	}{
		{name: "submitted by this process"},
		{name: "adopted after a restart", restart: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			surface := f.host.open(t, sess, "call_1")
			svc := f.svc
			resp := f.submit(svc, sess, surface, "sub-1", goodValues)
			wantAccepted(t, resp, tasksurface.MessageID(string(wire.MessageID(sess, surface, "sub-1"))))
			if tt.restart {
				svc = f.restart()
				f.active(svc, sess, surface) // adopts the queued message
			}
			report := f.host.claim(sess, resp.MessageID) // the report is not delivered yet
			claiming := &tasksurface.PendingSubmission{SubmissionID: "sub-1", MessageID: resp.MessageID, Phase: tasksurface.PhaseClaiming}
			wantPending(t, f.active(svc, sess, surface), claiming)
			wantPending(t, f.active(svc, sess, surface), claiming)
			wantRefused(t, f.submit(svc, sess, surface, "sub-2", goodValues), tasksurface.ReasonSubmissionPending)

			f.observe(svc, report)
			wantPending(t, f.active(svc, sess, surface), claiming)
			f.observe(svc, f.host.commit(sess, resp.MessageID))
			if got := f.active(svc, sess, surface); got.Active {
				t.Fatalf("getActive = %+v after the commit, want not-open", got)
			}
		})
	}
}

// A message the host no longer lists is left to its report: getActive does
// not guess whether it committed or was discarded.
func TestGetActiveLeavesAVanishedMessageToItsReport(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	surface := f.host.open(t, sess, "call_1")
	resp := f.submit(f.svc, sess, surface, "sub-1", goodValues)
	f.host.commit(sess, resp.MessageID) // committed, not yet reported; the projection closes
	if got := f.active(f.svc, sess, surface); got.Active {
		t.Fatalf("getActive = %+v, want not-open: the log holds the message", got)
	}
}
