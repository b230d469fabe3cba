package hostkit_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/dsh-community/task-surface/plugin/server"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost/hostkit"
)

// ownActs is a host of its own over a kit's session for the reads, whose
// acts the test scripts: the first stale calls answer ErrStale, then fail
// when failing is set, else succeed.
type ownActs struct {
	kit     *hostkit.Host
	session tasksurface.SessionID
	stale   int
	failing error
	admits  []tasksurface.MessageID
}

func (a *ownActs) Snapshot(ctx context.Context) (tasksurface.Snapshot, error) {
	view, err := a.kit.View(ctx, a.session)
	return tasksurface.Snapshot{Projection: view, StateToken: "t"}, err
}

func (a *ownActs) OpeningMeta(context.Context, json.RawMessage) (json.RawMessage, error) {
	return nil, nil
}

func (a *ownActs) Admit(_ context.Context, adm *tasksurface.Admission) error {
	if a.stale > 0 {
		a.stale--
		return hostkit.ErrStale
	}
	if a.failing != nil {
		return a.failing
	}
	a.admits = append(a.admits, adm.MessageID)
	return nil
}

func (a *ownActs) Record(context.Context, *tasksurface.DismissalRecord, string) (int64, error) {
	return 0, errors.New("not in this test")
}

// A host of its own runs SubmitStep over its Acts: a stale act asks the
// plugin again, a queue that refuses is admission-refused with its words,
// and an admitted message answers accepted with nothing left to admit.
func TestSubmitStepOverOwnActs(t *testing.T) {
	t.Parallel()
	srv := server.New("test", nil)
	kit, session, surface := openGate(t, hostkit.NewMemoryStorage(), srv)
	req := &tasksurface.SubmitRequest{SessionID: session, SurfaceID: surface, SubmissionID: "s1", Values: json.RawMessage(gateValues)}
	acts := &ownActs{kit: kit, session: session, stale: 1, failing: errors.New("the queue is full")}
	if resp, err := hostkit.SubmitStep(t.Context(), srv, acts, req); err != nil || resp.Reason != tasksurface.ReasonAdmissionRefused ||
		len(resp.Problems) != 1 || resp.Problems[0].Message != "the queue is full" {
		t.Fatalf("SubmitStep = %+v, %v; want admission-refused with the queue's words", resp, err)
	}
	acts.failing = nil
	resp, err := hostkit.SubmitStep(t.Context(), srv, acts, req)
	if err != nil || !resp.Accepted || resp.Admit != nil || len(acts.admits) != 1 || acts.admits[0] != resp.MessageID {
		t.Fatalf("SubmitStep = %+v, %v (admitted %v); want accepted, admitted once", resp, err, acts.admits)
	}
}
