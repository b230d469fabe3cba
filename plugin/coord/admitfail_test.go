package coord_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/dsh-community/task-surface/plugin/coord"
	"github.com/dsh-community/task-surface/plugin/wire"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// admitFailure is one way Host.AdmitUserMessage can fail a submission.
type admitFailure struct {
	name string
	// fail makes the first submission's admission fail; it returns the
	// service that handles what comes next (another one after a restart).
	fail func(t *testing.T, f *fixture, surface string) *coord.Service
	// queued reports whether the host holds the message afterwards.
	queued bool
}

// admitFailures are the host failures a submission must survive without
// leaving a pending record the host does not hold.
var admitFailures = []admitFailure{
	{"an error before the host queued it", func(t *testing.T, f *fixture, surface string) *coord.Service {
		f.host.setAdmitFail(func(context.Context) error { return errTransport }, false)
		wantSubmitErr(t, f.svc, context.Background(), surface, errTransport)
		return f.svc
	}, false},
	{"an error after the host queued it", func(t *testing.T, f *fixture, surface string) *coord.Service {
		f.host.setAdmitFail(func(context.Context) error { return errTransport }, true)
		wantSubmitErr(t, f.svc, context.Background(), surface, errTransport)
		return f.svc
	}, true},
	{"a timeout before the host queued it", func(t *testing.T, f *fixture, surface string) *coord.Service {
		f.host.setAdmitFail(func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }, false)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		wantSubmitErr(t, f.svc, ctx, surface, context.DeadlineExceeded)
		return f.svc
	}, false},
	{"a timeout after the host queued it", func(t *testing.T, f *fixture, surface string) *coord.Service {
		f.host.setAdmitFail(func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }, true)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		wantSubmitErr(t, f.svc, ctx, surface, context.DeadlineExceeded)
		return f.svc
	}, true},
	{"a refusal as data", func(t *testing.T, f *fixture, surface string) *coord.Service {
		f.host.admitRefuse = "the session is archived"
		wantRefused(t, f.submit(f.svc, sess, surface, "sub-1", goodValues), tasksurface.ReasonAdmissionRefused)
		f.host.admitRefuse = ""
		return f.svc
	}, false},
	{"the plugin killed before the host queued it", func(t *testing.T, f *fixture, surface string) *coord.Service {
		return killMidAdmission(t, f, surface, false)
	}, false},
	{"the plugin killed after the host queued it", func(t *testing.T, f *fixture, surface string) *coord.Service {
		return killMidAdmission(t, f, surface, true)
	}, true},
}

// wantSubmitErr submits sub-1 and fails unless the call fails with want.
func wantSubmitErr(t *testing.T, svc *coord.Service, ctx context.Context, surface string, want error) {
	t.Helper()
	resp, err := svc.Submit(ctx, &tasksurface.SubmitRequest{
		SessionID: sess, SurfaceID: tasksurface.SurfaceID(surface), SubmissionID: "sub-1", Values: json.RawMessage(goodValues),
	})
	if !errors.Is(err, want) {
		t.Fatalf("Submit = %+v, %v; want the error %v", resp, err, want)
	}
}

// killMidAdmission submits sub-1 and, while the host holds the admission
// (after queuing the message when queued), replaces the service with a
// restarted one, as when the plugin process dies mid-call. The old call
// stays blocked until the test ends.
func killMidAdmission(t *testing.T, f *fixture, surface string, queued bool) *coord.Service {
	t.Helper()
	entered, release := make(chan struct{}), make(chan struct{})
	f.host.setAdmitFail(func(context.Context) error {
		close(entered)
		<-release
		return errTransport
	}, queued)
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = f.svc.Submit(context.Background(), &tasksurface.SubmitRequest{
			SessionID: sess, SurfaceID: tasksurface.SurfaceID(surface), SubmissionID: "sub-1", Values: json.RawMessage(goodValues),
		})
	}()
	<-entered
	t.Cleanup(func() { close(release); <-done })
	return f.restart()
}

// TestSubmitAfterAFailedAdmission checks that no host failure during an
// admission leaves a submission pending that the host does not hold: the
// next submission, dismissal or retry is decided by what the host holds.
func TestSubmitAfterAFailedAdmission(t *testing.T) {
	t.Parallel()
	nexts := []struct {
		name string
		run  func(t *testing.T, f *fixture, svc *coord.Service, surface string, queued bool)
	}{
		{"getActive shows what the host holds", func(t *testing.T, f *fixture, svc *coord.Service, surface string, queued bool) {
			var want *tasksurface.PendingSubmission
			if queued {
				want = &tasksurface.PendingSubmission{SubmissionID: "sub-1", MessageID: wire.MessageID(sess, surface, "sub-1"), Phase: tasksurface.PhaseQueued}
			}
			wantPending(t, f.active(svc, sess, surface), want)
		}},
		{"a dismissal is refused only while the host holds the message", func(t *testing.T, f *fixture, svc *coord.Service, surface string, queued bool) {
			d := f.dismiss(svc, sess, surface, "dis-1")
			switch {
			case queued && (d.Dismissed || d.Reason != tasksurface.ReasonSubmissionPending):
				t.Errorf("dismiss = %+v, want submission-pending", d)
			case !queued && !d.Dismissed:
				t.Errorf("dismiss = %+v, want dismissed", d)
			}
		}},
		{"another submission id is refused only while the host holds the message", func(t *testing.T, f *fixture, svc *coord.Service, surface string, queued bool) {
			resp := f.submit(svc, sess, surface, "sub-2", goodValues)
			if queued {
				wantRefused(t, resp, tasksurface.ReasonSubmissionPending)
				return
			}
			wantAccepted(t, resp, tasksurface.MessageID(string(wire.MessageID(sess, surface, "sub-2"))))
		}},
		{"a retry with the same id is accepted once", func(t *testing.T, f *fixture, svc *coord.Service, surface string, queued bool) {
			first := wire.MessageID(sess, surface, "sub-1")
			wantAccepted(t, f.submit(svc, sess, surface, "sub-1", goodValues), first)
			wantAccepted(t, f.submit(svc, sess, surface, "sub-1", goodValues), first)
			if q := f.host.queued(sess); len(q) != 1 || q[0].id != first {
				t.Errorf("queue = %+v, want the one message %s", q, first)
			}
		}},
	}
	for _, failure := range admitFailures {
		for _, next := range nexts {
			t.Run(failure.name+": "+next.name, func(t *testing.T) {
				t.Parallel()
				f := newFixture(t)
				surface := f.host.open(t, sess, "call_1")
				svc := failure.fail(t, f, surface)
				f.host.setAdmitFail(nil, false) // the host works again
				if n := len(f.host.queued(sess)); n != map[bool]int{false: 0, true: 1}[failure.queued] {
					t.Fatalf("the host holds %d messages after the failure, want queued=%v", n, failure.queued)
				}
				next.run(t, f, svc, surface, failure.queued)
			})
		}
	}
}
