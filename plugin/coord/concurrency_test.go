package coord_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/dsh-community/task-surface/plugin/wire"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

func TestConcurrentSubmissions(t *testing.T) {
	t.Parallel()
	const n = 16
	tests := []struct {
		name    string
		sameID  bool
		refusal tasksurface.Reason
	}{
		{"double clicks with one id share one message", true, ""},
		{"racing ids admit one message and refuse the rest", false, tasksurface.ReasonSubmissionPending},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			surface := f.host.open(t, sess, "call_1")
			resps := make([]*tasksurface.SubmitResponse, n)
			var wg sync.WaitGroup
			for i := range n {
				wg.Go(func() {
					id := "sub-0"
					if !tt.sameID {
						id = fmt.Sprintf("sub-%d", i)
					}
					resp, err := f.svc.Submit(context.Background(), &tasksurface.SubmitRequest{SessionID: sess, SurfaceID: tasksurface.SurfaceID(surface), SubmissionID: tasksurface.SubmissionID(id), Values: json.RawMessage(goodValues)})
					if err != nil {
						t.Error(err)
						return
					}
					resps[i] = resp
				})
			}
			wg.Wait()
			accepted := map[string]int{}
			for _, r := range resps {
				switch {
				case r == nil:
				case r.Accepted:
					accepted[string(r.MessageID)]++
				case r.Reason != tt.refusal:
					t.Errorf("refused with %q, want %q", r.Reason, tt.refusal)
				}
			}
			if len(accepted) != 1 {
				t.Errorf("accepted message ids = %v, want exactly one", accepted)
			}
			if q := f.host.queued(sess); len(q) != 1 {
				t.Errorf("queue holds %d messages, want 1", len(q))
			}
		})
	}
}

// TestSessionsDoNotWaitForEachOther blocks one session's admission on the
// host and checks that another session's transactions still complete.
func TestSessionsDoNotWaitForEachOther(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	var slow, fast tasksurface.SessionID = "session-slow", "session-fast"
	slowSurface := f.host.open(t, slow, "call_1")
	fastSurface := f.host.open(t, fast, "call_1")
	release := make(chan struct{})
	entered := make(chan struct{})
	f.host.admitHook = func(req *tasksurface.AdmitUserMessageRequest) {
		if req.SessionID == slow {
			close(entered)
			<-release
		}
	}
	done := make(chan *tasksurface.SubmitResponse)
	go func() { done <- f.submit(f.svc, string(slow), slowSurface, "sub-1", goodValues) }()
	<-entered

	wantAccepted(t, f.submit(f.svc, string(fast), fastSurface, "sub-1", goodValues), tasksurface.MessageID(string(wire.MessageID(fast, fastSurface, "sub-1"))))
	if d := f.dismiss(f.svc, string(fast), fastSurface, "dis-1"); d.Reason != tasksurface.ReasonSubmissionPending {
		t.Errorf("dismiss in the fast session = %+v", d)
	}
	// Queue reports for the slow session do not wait for its admission either.
	r := f.observe(f.svc, &tasksurface.QueueEvent{SessionID: slow, Kind: tasksurface.QueueEdited, MessageID: wire.MessageID(slow, slowSurface, "sub-1")})
	if !r.Tracked {
		t.Errorf("a report during the slow admission was not tracked")
	}
	select {
	case <-done:
		t.Fatal("the slow admission finished before it was released")
	case <-time.After(10 * time.Millisecond):
	}
	close(release)
	wantAccepted(t, <-done, tasksurface.MessageID(string(wire.MessageID(slow, slowSurface, "sub-1"))))
}

// TestConcurrentEverything runs every entry point at once over a few
// sessions, for the race detector.
func TestConcurrentEverything(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	sessions := []string{"s-a", "s-b", "s-c"}
	surfaces := map[string]string{}
	for _, s := range sessions {
		surfaces[s] = f.host.open(t, tasksurface.SessionID(s), "call_1")
	}
	var wg sync.WaitGroup
	for i := range 60 {
		s := sessions[i%len(sessions)]
		surface := surfaces[s]
		wg.Go(func() {
			ctx := context.Background()
			switch i % 6 {
			case 0:
				f.submit(f.svc, s, surface, fmt.Sprintf("sub-%d", i%4), goodValues)
			case 1:
				f.active(f.svc, s, surface)
			case 2:
				f.dismiss(f.svc, s, surface, fmt.Sprintf("dis-%d", i))
			case 3:
				f.observe(f.svc, &tasksurface.QueueEvent{SessionID: tasksurface.SessionID(s), Kind: tasksurface.QueueClaimed, MessageID: wire.MessageID(tasksurface.SessionID(s), surface, "sub-0")})
			case 4:
				_, _ = f.svc.CheckQueueAction(ctx, &tasksurface.QueueActionRequest{SessionID: tasksurface.SessionID(s), MessageID: wire.MessageID(tasksurface.SessionID(s), surface, "sub-0"), Action: tasksurface.ActionRemove})
			default:
				f.svc.SetLimits(tasksurface.Limits{MaxFields: uint32(8 + i)})
				f.svc.SetHost(f.host)
			}
		})
	}
	wg.Wait()
	for _, s := range sessions {
		if n := len(f.host.queued(tasksurface.SessionID(s))); n > 1 {
			t.Errorf("session %s: %d messages queued for one surface", s, n)
		}
	}
}
