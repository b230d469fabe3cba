package coord_test

import (
	"bytes"
	"context"
	"encoding/json"
	"sync"
	"testing"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/plugin/coord"
	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// logBuffer collects log lines from concurrent writers.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// fixture is a service over an in-memory host.
type fixture struct {
	t    *testing.T
	host *memHost
	svc  *coord.Service
	logs *logBuffer
	md   *markdown.Renderer
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{t: t, host: newMemHost(), logs: &logBuffer{}, md: markdown.New()}
	f.svc = f.restart()
	return f
}

// restart returns a fresh service over the same host, as after a plugin
// restart: every in-memory record is gone.
func (f *fixture) restart() *coord.Service {
	return coord.New(coord.Config{
		Host:     f.host,
		Limits:   tasksurface.DefaultLimits,
		Logger:   hclog.New(&hclog.LoggerOptions{Output: f.logs, Level: hclog.Trace, JSONFormat: true}),
		Markdown: f.md,
	})
}

func (f *fixture) submit(svc *coord.Service, session, surface, submission, values string) *tasksurface.SubmitResponse {
	f.t.Helper()
	resp, err := svc.Submit(context.Background(), &tasksurface.SubmitRequest{
		SessionID: tasksurface.SessionID(session), SurfaceID: tasksurface.SurfaceID(surface), SubmissionID: tasksurface.SubmissionID(submission), Values: json.RawMessage(values),
	})
	if err != nil {
		f.t.Fatalf("Submit: %v", err)
	}
	return resp
}

func (f *fixture) dismiss(svc *coord.Service, session, surface, dismissal string) *tasksurface.DismissResponse {
	f.t.Helper()
	resp, err := svc.Dismiss(context.Background(), &tasksurface.DismissRequest{SessionID: tasksurface.SessionID(session), SurfaceID: tasksurface.SurfaceID(surface), DismissalID: tasksurface.DismissalID(dismissal)})
	if err != nil {
		f.t.Fatalf("Dismiss: %v", err)
	}
	return resp
}

func (f *fixture) active(svc *coord.Service, session, surface string) *tasksurface.GetActiveResponse {
	f.t.Helper()
	resp, err := svc.GetActive(context.Background(), &tasksurface.GetActiveRequest{SessionID: tasksurface.SessionID(session), SurfaceID: tasksurface.SurfaceID(surface)})
	if err != nil {
		f.t.Fatalf("GetActive: %v", err)
	}
	return resp
}

func (f *fixture) observe(svc *coord.Service, ev *tasksurface.QueueEvent) *tasksurface.QueueEventResponse {
	f.t.Helper()
	resp, err := svc.ObserveQueue(context.Background(), ev)
	if err != nil {
		f.t.Fatalf("ObserveQueue: %v", err)
	}
	return resp
}

// wantAccepted fails unless resp accepted the submission as messageID.
func wantAccepted(t *testing.T, resp *tasksurface.SubmitResponse, messageID tasksurface.MessageID) {
	t.Helper()
	if !resp.Accepted || resp.Phase != tasksurface.PhaseQueued || resp.MessageID != messageID {
		t.Fatalf("submit = %+v, want accepted as %s in phase queued", resp, messageID)
	}
}

// wantRefused fails unless resp refused the submission for reason.
func wantRefused(t *testing.T, resp *tasksurface.SubmitResponse, reason tasksurface.Reason) {
	t.Helper()
	if resp.Accepted || resp.Reason != reason || resp.MessageID != "" {
		t.Fatalf("submit = %+v, want refused with %s", resp, reason)
	}
}

// wantPending fails unless the open surface reports the pending submission.
func wantPending(t *testing.T, resp *tasksurface.GetActiveResponse, want *tasksurface.PendingSubmission) {
	t.Helper()
	if !resp.Active {
		t.Fatalf("getActive = %+v, want an open surface", resp)
	}
	switch {
	case want == nil && resp.Pending != nil:
		t.Fatalf("pending = %+v, want none", resp.Pending)
	case want != nil && (resp.Pending == nil || *resp.Pending != *want):
		t.Fatalf("pending = %+v, want %+v", resp.Pending, want)
	}
}
