package hostkit_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/dsh-community/task-surface/plugin/server"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost/hostkit"
)

const (
	gateModel  = `{"version":1,"title":"Gate","sections":[{"id":"s","blocks":[{"kind":"markdown","text":"Go?"}]}],"fields":[{"kind":"choice","id":"go","label":"Go","options":[{"id":"yes","label":"Yes"},{"id":"no","label":"No"}]}],"submit":{"label":"Send"}}`
	gateValues = `{"go":"yes"}`
)

// stalePlugin is the real plugin deciding from an older snapshot than the
// kit's, as a plugin does when the session changed between its read and
// the host's act: its Submit and Dismiss see no ordinary message when
// hideOrdinary is set, and the projection view when set. It records the
// reports it hears.
type stalePlugin struct {
	tasksurface.Server

	mu           sync.Mutex
	hideOrdinary bool
	view         json.RawMessage
	reports      []tasksurface.QueueEvent
}

func (p *stalePlugin) stale(snap *tasksurface.Snapshot) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.hideOrdinary {
		snap.Queue = slices.DeleteFunc(slices.Clone(snap.Queue), tasksurface.QueuedMessage.Ordinary)
	}
	if p.view != nil {
		snap.Projection = p.view
	}
}

func (p *stalePlugin) Submit(ctx context.Context, req *tasksurface.SubmitRequest) (*tasksurface.SubmitResponse, error) {
	p.stale(&req.Snapshot)
	return p.Server.Submit(ctx, req)
}

func (p *stalePlugin) Dismiss(ctx context.Context, req *tasksurface.DismissRequest) (*tasksurface.DismissResponse, error) {
	p.stale(&req.Snapshot)
	return p.Server.Dismiss(ctx, req)
}

func (p *stalePlugin) ObserveQueue(ctx context.Context, ev *tasksurface.QueueEvent) (*tasksurface.QueueEventResponse, error) {
	p.mu.Lock()
	p.reports = append(p.reports, *ev)
	p.mu.Unlock()
	return p.Server.ObserveQueue(ctx, ev)
}

func (p *stalePlugin) heard(kind tasksurface.QueueEventKind) []tasksurface.QueueEvent {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.DeleteFunc(slices.Clone(p.reports), func(ev tasksurface.QueueEvent) bool { return ev.Kind != kind })
}

// openGate binds a kit over storage to plugin and opens a surface in a new
// session.
func openGate(t *testing.T, storage hostkit.Storage, plugin tasksurface.Server) (*hostkit.Host, tasksurface.SessionID, tasksurface.SurfaceID) {
	t.Helper()
	kit := hostkit.New(hostkit.Config{Storage: storage})
	if err := kit.Bind(t.Context(), plugin); err != nil {
		t.Fatal(err)
	}
	session := kit.NewSession()
	args, _ := json.Marshal(map[string]json.RawMessage{"model": json.RawMessage(gateModel)})
	if resp, err := kit.CallTool(t.Context(), session, "call_1", args); err != nil || !resp.OK {
		t.Fatalf("CallTool = %+v, %v", resp, err)
	}
	a, err := kit.GetActive(t.Context(), &tasksurface.GetActiveRequest{SessionID: session})
	if err != nil || !a.Active {
		t.Fatalf("GetActive = %+v, %v", a, err)
	}
	return kit, session, a.SurfaceID
}

func countQueued(kit *hostkit.Host, session tasksurface.SessionID) int {
	n := 0
	for _, e := range kit.Log(session) {
		if e.Type == hostkit.EventQueued {
			n++
		}
	}
	return n
}

// The kit carries a decision out only if it still holds at that moment:
// an admission the plugin decided without seeing an ordinary message, or
// for a surface that closed, is refused and reported refused; a dismissal
// of a surface that closed is not written and reported not-recorded.
func TestDecisionsAreCheckedWhenCarriedOut(t *testing.T) {
	t.Parallel()
	t.Run("an ordinary message the plugin did not see", func(t *testing.T) {
		t.Parallel()
		plugin := &stalePlugin{Server: server.New("test", nil), hideOrdinary: true}
		kit, session, surface := openGate(t, hostkit.NewMemoryStorage(), plugin)
		ctx := t.Context()
		if _, err := kit.Send(ctx, session, "never mind"); err != nil {
			t.Fatal(err)
		}
		sub, err := kit.Submit(ctx, &tasksurface.SubmitRequest{SessionID: session, SurfaceID: surface, SubmissionID: "s1", Values: json.RawMessage(gateValues)})
		if err != nil || sub.Accepted || sub.Reason != tasksurface.ReasonMovedOn || sub.Admit != nil {
			t.Fatalf("Submit = %+v, %v; want refused as moved-on", sub, err)
		}
		if refused := plugin.heard(tasksurface.QueueRefused); len(refused) != 1 || refused[0].Reason != string(tasksurface.ReasonMovedOn) {
			t.Errorf("the plugin heard refusals %+v; want one, moved-on", refused)
		}
		if n := countQueued(kit, session); n != 1 {
			t.Errorf("%d messages were queued; want the ordinary one only", n)
		}
	})
	t.Run("a surface an ordinary message closed, which the plugin did not see", func(t *testing.T) {
		t.Parallel()
		plugin := &stalePlugin{Server: server.New("test", nil)}
		kit, session, surface := openGate(t, hostkit.NewMemoryStorage(), plugin)
		ctx := t.Context()
		open, err := kit.View(ctx, session)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := kit.Send(ctx, session, "never mind"); err != nil {
			t.Fatal(err)
		}
		if _, err := kit.Step(ctx, session); err != nil {
			t.Fatal(err)
		}
		plugin.mu.Lock()
		plugin.view = open
		plugin.mu.Unlock()
		sub, err := kit.Submit(ctx, &tasksurface.SubmitRequest{SessionID: session, SurfaceID: surface, SubmissionID: "s1", Values: json.RawMessage(gateValues)})
		if err != nil || sub.Accepted || sub.Reason != tasksurface.ReasonMovedOn {
			t.Fatalf("Submit = %+v, %v; want refused as moved-on", sub, err)
		}
		if refused := plugin.heard(tasksurface.QueueRefused); len(refused) != 1 || refused[0].Reason != string(tasksurface.ReasonMovedOn) {
			t.Errorf("the plugin heard refusals %+v; want one, moved-on", refused)
		}
		if n := countQueued(kit, session); n != 1 {
			t.Errorf("%d messages were queued; want the ordinary one only", n)
		}
	})
	t.Run("a surface the plugin still saw open", func(t *testing.T) {
		t.Parallel()
		plugin := &stalePlugin{Server: server.New("test", nil)}
		kit, session, surface := openGate(t, hostkit.NewMemoryStorage(), plugin)
		ctx := t.Context()
		open, err := kit.View(ctx, session)
		if err != nil {
			t.Fatal(err)
		}
		if d, err := kit.Dismiss(ctx, &tasksurface.DismissRequest{SessionID: session, SurfaceID: surface, DismissalID: "d1"}); err != nil || !d.Dismissed {
			t.Fatalf("Dismiss = %+v, %v", d, err)
		}
		plugin.mu.Lock()
		plugin.view = open
		plugin.mu.Unlock()
		// The plugin's own records know the dismissal it decided.
		sub, err := kit.Submit(ctx, &tasksurface.SubmitRequest{SessionID: session, SurfaceID: surface, SubmissionID: "s1", Values: json.RawMessage(gateValues)})
		if err != nil || sub.Accepted || sub.Reason != tasksurface.ReasonDismissed {
			t.Fatalf("Submit = %+v, %v; want refused as dismissed", sub, err)
		}
		d, err := kit.Dismiss(ctx, &tasksurface.DismissRequest{SessionID: session, SurfaceID: surface, DismissalID: "d2"})
		if err != nil || d.Dismissed || d.Reason != tasksurface.ReasonNotOpen || d.Record != nil {
			t.Fatalf("a second Dismiss = %+v, %v; want refused as not-open", d, err)
		}
		if n := len(plugin.heard(tasksurface.QueueNotRecorded)); n != 1 {
			t.Errorf("the plugin heard %d not-recorded reports; want 1", n)
		}
		done := 0
		for _, e := range kit.Log(session) {
			if e.Type == tasksurface.EventCommandDone {
				done++
			}
		}
		if n := countQueued(kit, session); n != 0 || done != 1 {
			t.Errorf("the log holds %d queued messages and %d command/done; want none and one", n, done)
		}
	})
}

// failingStorage fails every append while failing is set.
type failingStorage struct {
	hostkit.Storage
	mu      sync.Mutex
	failing bool
}

var errDiskFull = errors.New("disk full")

func (s *failingStorage) Append(ctx context.Context, id tasksurface.SessionID, events ...tasksurface.Event) error {
	s.mu.Lock()
	failing := s.failing
	s.mu.Unlock()
	if failing {
		return errDiskFull
	}
	return s.Storage.Append(ctx, id, events...)
}

func (s *failingStorage) fail(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failing = on
}

// A message the storage cannot write is refused with the storage's words
// and reported refused, so the same submission may be sent again; a
// dismissal it cannot write is refused as not recorded.
func TestStorageFailuresAreRefusals(t *testing.T) {
	t.Parallel()
	storage := &failingStorage{Storage: hostkit.NewMemoryStorage()}
	plugin := &stalePlugin{Server: server.New("test", nil)}
	kit, session, surface := openGate(t, storage, plugin)
	ctx := t.Context()
	submit := func() *tasksurface.SubmitResponse {
		t.Helper()
		sub, err := kit.Submit(ctx, &tasksurface.SubmitRequest{SessionID: session, SurfaceID: surface, SubmissionID: "s1", Values: json.RawMessage(gateValues)})
		if err != nil {
			t.Fatal(err)
		}
		return sub
	}
	storage.fail(true)
	sub := submit()
	if sub.Accepted || sub.Reason != tasksurface.ReasonAdmissionRefused || len(sub.Problems) != 1 ||
		sub.Problems[0].Code != tasksurface.CodeAdmissionRefused || !strings.Contains(sub.Problems[0].Message, errDiskFull.Error()) {
		t.Fatalf("Submit with the storage failing = %+v; want admission-refused with the storage's words", sub)
	}
	if d, err := kit.Dismiss(ctx, &tasksurface.DismissRequest{SessionID: session, SurfaceID: surface, DismissalID: "d1"}); err != nil || d.Dismissed || d.Reason != tasksurface.ReasonNotRecorded {
		t.Fatalf("Dismiss with the storage failing = %+v, %v; want not-recorded", d, err)
	}
	storage.fail(false)
	if again := submit(); !again.Accepted || again.Phase != tasksurface.PhaseQueued {
		t.Fatalf("the same Submit once the storage works = %+v; want accepted", again)
	}
}

// givingUpPlugin is the real plugin behind a transport that drops the
// answer of a call whose caller gave up while the plugin decided, as gRPC
// does with a cancelled call: giveUp runs after the plugin's decision.
type givingUpPlugin struct {
	tasksurface.Server
	giveUp func()
}

func (p *givingUpPlugin) Submit(ctx context.Context, req *tasksurface.SubmitRequest) (*tasksurface.SubmitResponse, error) {
	resp, err := p.Server.Submit(ctx, req)
	p.giveUp()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return resp, err
}

// A caller that gives up while the plugin decides does not cancel the
// decision: the kit still queues the message, once, and a retry of the same
// id is answered accepted for the message that is in the queue.
func TestADecisionOutlivesTheCallerGivingUp(t *testing.T) {
	t.Parallel()
	plugin := &givingUpPlugin{Server: server.New("test", nil)}
	kit, session, surface := openGate(t, hostkit.NewMemoryStorage(), plugin)
	ctx, giveUp := context.WithCancel(t.Context())
	plugin.giveUp = giveUp
	req := &tasksurface.SubmitRequest{SessionID: session, SurfaceID: surface, SubmissionID: "s1", Values: json.RawMessage(gateValues)}
	if sub, err := kit.Submit(ctx, req); err != nil || !sub.Accepted {
		t.Fatalf("Submit = %+v, %v; want accepted, as the plugin decided", sub, err)
	}
	if n := countQueued(kit, session); n != 1 {
		t.Fatalf("%d messages were queued; want the submission's, once", n)
	}
	plugin.giveUp = func() {}
	if sub, err := kit.Submit(t.Context(), req); err != nil || !sub.Accepted {
		t.Fatalf("the retry: Submit = %+v, %v; want accepted", sub, err)
	}
	if n := countQueued(kit, session); n != 1 {
		t.Errorf("%d messages were queued after the retry; want 1", n)
	}
}
