package coord_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/dsh-community/task-surface/plugin/coord"
	"github.com/dsh-community/task-surface/plugin/wire"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// viewNow is the projection view the host holds now, as the host shim reads
// it before it sends a submit.
func (f *fixture) viewNow(session string) json.RawMessage {
	f.t.Helper()
	resp, err := f.host.ReadProjection(context.Background(), &tasksurface.ReadProjectionRequest{SessionID: tasksurface.SessionID(session)})
	if err != nil || !resp.Found {
		f.t.Fatalf("ReadProjection = %+v, %v", resp, err)
	}
	return resp.View
}

// submitWith submits with the projection view the request carries.
func (f *fixture) submitWith(svc *coord.Service, session, surface, submission string, view json.RawMessage) *tasksurface.SubmitResponse {
	f.t.Helper()
	resp, err := svc.Submit(context.Background(), &tasksurface.SubmitRequest{
		SessionID: tasksurface.SessionID(session), SurfaceID: tasksurface.SurfaceID(surface), SubmissionID: tasksurface.SubmissionID(submission),
		Values: json.RawMessage(goodValues), Projection: view,
	})
	if err != nil {
		f.t.Fatalf("Submit: %v", err)
	}
	return resp
}

// outcomes counts what the host holds for a session: messages admitted
// (queued or durable) and dismissals written.
func (f *fixture) outcomes(session string) (messages, dismissals int) {
	return len(f.host.queued(tasksurface.SessionID(session))) + f.host.userMessages(tasksurface.SessionID(session)), f.host.logTypes(tasksurface.SessionID(session))[wire.EventCommandDone]
}

// TestOneOutcome checks that the first outcome recorded for a surface wins
// and the other is refused with the reason that names it, also when the
// submit carries a projection read before the dismissal (as the host shim
// sends it) and when the log does not show the dismissal yet.
func TestOneOutcome(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		// run plays the two requests; it returns them.
		run               func(f *fixture, surface string) (*tasksurface.SubmitResponse, *tasksurface.DismissResponse)
		wantMessages      int
		wantDismissals    int
		wantSubmitReason  tasksurface.Reason
		wantDismissReason tasksurface.Reason
	}{
		{
			name: "dismissed first, then a submit with the projection read before the dismissal",
			run: func(f *fixture, surface string) (*tasksurface.SubmitResponse, *tasksurface.DismissResponse) {
				stale := f.viewNow(sess)
				d := f.dismiss(f.svc, sess, surface, "dis-1")
				return f.submitWith(f.svc, sess, surface, "sub-1", stale), d
			},
			wantDismissals: 1, wantSubmitReason: tasksurface.ReasonDismissed,
		},
		{
			name: "dismissed first, its command not done in the log yet (typed)",
			run: func(f *fixture, surface string) (*tasksurface.SubmitResponse, *tasksurface.DismissResponse) {
				f.host.recordLag = true
				d := f.dismiss(f.svc, sess, surface, "dis-1")
				return f.submitWith(f.svc, sess, surface, "sub-1", f.viewNow(sess)), d
			},
			wantSubmitReason: tasksurface.ReasonDismissed,
		},
		{
			name: "dismissed first, then a submit after a plugin restart: the log decides",
			run: func(f *fixture, surface string) (*tasksurface.SubmitResponse, *tasksurface.DismissResponse) {
				d := f.dismiss(f.svc, sess, surface, "dis-1")
				return f.submit(f.restart(), sess, surface, "sub-1", goodValues), d
			},
			wantDismissals: 1, wantSubmitReason: tasksurface.ReasonDismissed,
		},
		{
			name: "submitted first, then a dismiss while it is queued",
			run: func(f *fixture, surface string) (*tasksurface.SubmitResponse, *tasksurface.DismissResponse) {
				s := f.submitWith(f.svc, sess, surface, "sub-1", f.viewNow(sess))
				return s, f.dismiss(f.svc, sess, surface, "dis-1")
			},
			wantMessages: 1, wantDismissReason: tasksurface.ReasonSubmissionPending,
		},
		{
			name: "submitted first and durable, then a dismiss",
			run: func(f *fixture, surface string) (*tasksurface.SubmitResponse, *tasksurface.DismissResponse) {
				s := f.submitWith(f.svc, sess, surface, "sub-1", f.viewNow(sess))
				f.observe(f.svc, f.host.commit(sess, s.MessageID))
				return s, f.dismiss(f.svc, sess, surface, "dis-1")
			},
			wantMessages: 1, wantDismissReason: tasksurface.ReasonSubmitted,
		},
		{
			name: "submitted first and durable, then a dismiss after a plugin restart",
			run: func(f *fixture, surface string) (*tasksurface.SubmitResponse, *tasksurface.DismissResponse) {
				s := f.submitWith(f.svc, sess, surface, "sub-1", f.viewNow(sess))
				f.observe(f.svc, f.host.commit(sess, s.MessageID))
				return s, f.dismiss(f.restart(), sess, surface, "dis-1")
			},
			wantMessages: 1, wantDismissReason: tasksurface.ReasonSubmitted,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			surface := f.host.open(t, sess, "call_1")
			sub, dis := tt.run(f, surface)
			if sub.Accepted == dis.Dismissed {
				t.Fatalf("submit %+v and dismiss %+v: exactly one must win", sub, dis)
			}
			if !sub.Accepted && sub.Reason != tt.wantSubmitReason {
				t.Errorf("losing submit = %+v, want %s", sub, tt.wantSubmitReason)
			}
			if !dis.Dismissed && dis.Reason != tt.wantDismissReason {
				t.Errorf("losing dismiss = %+v, want %s", dis, tt.wantDismissReason)
			}
			if m, d := f.outcomes(sess); m != tt.wantMessages || d != tt.wantDismissals {
				t.Errorf("host holds %d messages and %d dismissals, want %d and %d", m, d, tt.wantMessages, tt.wantDismissals)
			}
		})
	}
}

// TestOneOutcomeRace races a dismiss against a submit that carries the
// projection read before either (two tabs, as the host shim sends them),
// many times: each time exactly one wins, the host holds that one outcome
// only, and the loser's reason names the winner.
func TestOneOutcomeRace(t *testing.T) {
	t.Parallel()
	const rounds = 200
	var mu sync.Mutex
	wins := map[string]int{}
	t.Cleanup(func() {
		if wins["submit"] == 0 || wins["dismiss"] == 0 {
			t.Logf("wins %v: one side never won; the race was not exercised both ways", wins)
		}
	})
	for round := range rounds {
		t.Run(fmt.Sprint(round), func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			surface := f.host.open(t, sess, "call_1")
			stale := f.viewNow(sess)
			var sub *tasksurface.SubmitResponse
			var dis *tasksurface.DismissResponse
			var wg sync.WaitGroup
			wg.Go(func() { sub = f.submitWith(f.svc, sess, surface, "sub-1", stale) })
			wg.Go(func() { dis = f.dismiss(f.svc, sess, surface, "dis-1") })
			wg.Wait()
			messages, dismissals := f.outcomes(sess)
			switch {
			case sub.Accepted && !dis.Dismissed:
				if dis.Reason != tasksurface.ReasonSubmissionPending || messages != 1 || dismissals != 0 {
					t.Errorf("submit won; dismiss = %+v, host holds %d messages and %d dismissals", dis, messages, dismissals)
				}
			case dis.Dismissed && !sub.Accepted:
				if sub.Reason != tasksurface.ReasonDismissed || messages != 0 || dismissals != 1 {
					t.Errorf("dismiss won; submit = %+v, host holds %d messages and %d dismissals", sub, messages, dismissals)
				}
			default:
				t.Fatalf("submit %+v and dismiss %+v: exactly one must win", sub, dis)
			}
			mu.Lock()
			defer mu.Unlock()
			if sub.Accepted {
				wins["submit"]++
			} else {
				wins["dismiss"]++
			}
		})
	}
}
