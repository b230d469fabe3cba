package hostkit_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/plugin/server"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost/hostkit"
)

const (
	gateModel  = `{"version":1,"title":"Gate","sections":[{"id":"s","blocks":[{"kind":"markdown","text":"Go?"}]}],"fields":[{"kind":"choice","id":"go","label":"Go","options":[{"id":"yes","label":"Yes"},{"id":"no","label":"No"}]}],"submit":{"label":"Send"}}`
	gateValues = `{"go":"yes"}`
)

// stalePlugin is the real plugin deciding from an older snapshot than the
// kit's, as a plugin does when the session changed between the host's read
// and its act: for the first stale asks of Submit and Dismiss it sees no
// ordinary message and the decision carries a token the session no longer
// has. It counts the asks.
type stalePlugin struct {
	tasksurface.Server

	mu    sync.Mutex
	stale int
	asks  int
}

func (p *stalePlugin) staleSnapshot(snap *tasksurface.Snapshot) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.asks++
	if p.stale == 0 {
		return
	}
	p.stale--
	snap.Queue = slices.DeleteFunc(slices.Clone(snap.Queue), tasksurface.QueuedMessage.Ordinary)
	snap.StateToken = "an older state"
}

func (p *stalePlugin) Submit(ctx context.Context, req *tasksurface.SubmitRequest) (*tasksurface.SubmitResponse, error) {
	p.staleSnapshot(&req.Snapshot)
	return p.Server.Submit(ctx, req)
}

func (p *stalePlugin) Dismiss(ctx context.Context, req *tasksurface.DismissRequest) (*tasksurface.DismissResponse, error) {
	p.staleSnapshot(&req.Snapshot)
	return p.Server.Dismiss(ctx, req)
}

func (p *stalePlugin) asked() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.asks
}

// openGate binds a kit over storage to plugin and opens a surface in a new
// session.
func openGate(t *testing.T, storage hostkit.Storage, plugin tasksurface.Server) (*hostkit.Host, tasksurface.SessionID, tasksurface.SurfaceID) {
	t.Helper()
	return openGateLogged(t, storage, plugin, nil)
}

// openGateLogged is openGate with the kit logging to logger.
func openGateLogged(t *testing.T, storage hostkit.Storage, plugin tasksurface.Server, logger hclog.Logger) (*hostkit.Host, tasksurface.SessionID, tasksurface.SurfaceID) {
	t.Helper()
	kit := hostkit.New(hostkit.Config{Storage: storage, Logger: logger})
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

// The kit carries a decision out only while the session's state token is
// the decision's: one decided on an older state is asked again, and the
// plugin, seeing the session as it is, refuses it; a plugin that keeps
// answering on an older state is asked MaxAsks times and nothing is
// written.
func TestDecisionsAreComparedAndSet(t *testing.T) {
	t.Parallel()
	t.Run("an ordinary message the stale decision did not see", func(t *testing.T) {
		t.Parallel()
		plugin := &stalePlugin{Server: server.New("test", nil)}
		kit, session, surface := openGate(t, hostkit.NewMemoryStorage(), plugin)
		ctx := t.Context()
		if _, err := kit.Send(ctx, session, "never mind"); err != nil {
			t.Fatal(err)
		}
		plugin.mu.Lock()
		plugin.stale = 1
		plugin.mu.Unlock()
		sub, err := kit.Submit(ctx, &tasksurface.SubmitRequest{SessionID: session, SurfaceID: surface, SubmissionID: "s1", Values: json.RawMessage(gateValues)})
		if err != nil || sub.Accepted || sub.Reason != tasksurface.ReasonMovedOn || sub.Admit != nil {
			t.Fatalf("Submit = %+v, %v; want refused as moved-on once asked again", sub, err)
		}
		if n := countQueued(kit, session); n != 1 {
			t.Errorf("%d messages were queued; want the ordinary one only", n)
		}
	})
	t.Run("a plugin that keeps deciding on an older state", func(t *testing.T) {
		t.Parallel()
		plugin := &stalePlugin{Server: server.New("test", nil)}
		kit, session, surface := openGate(t, hostkit.NewMemoryStorage(), plugin)
		ctx := t.Context()
		plugin.mu.Lock()
		plugin.stale = 2 * hostkit.MaxAsks
		before := plugin.asks
		plugin.mu.Unlock()
		sub, err := kit.Submit(ctx, &tasksurface.SubmitRequest{SessionID: session, SurfaceID: surface, SubmissionID: "s1", Values: json.RawMessage(gateValues)})
		if err != nil || sub.Accepted || sub.Reason != tasksurface.ReasonAdmissionRefused || len(sub.Problems) != 1 {
			t.Fatalf("Submit = %+v, %v; want admission-refused with the host's words", sub, err)
		}
		if n := plugin.asked() - before; n != hostkit.MaxAsks {
			t.Errorf("the plugin was asked %d times; want %d", n, hostkit.MaxAsks)
		}
		d, err := kit.Dismiss(ctx, &tasksurface.DismissRequest{SessionID: session, SurfaceID: surface, DismissalID: "d1"})
		if err != nil || d.Dismissed || d.Reason != tasksurface.ReasonNotRecorded {
			t.Fatalf("Dismiss = %+v, %v; want not-recorded", d, err)
		}
		if n := countQueued(kit, session); n != 0 {
			t.Errorf("%d messages were queued; want none", n)
		}
		for _, e := range kit.Log(session) {
			if e.Type == tasksurface.EventCommandDone {
				t.Errorf("a dismissal was written: %+v", e)
			}
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

// A message the storage cannot write is refused with the storage's words,
// so the same submission may be sent again; a
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

// The plugin hears nothing of the queue, so the kit's own log says what a
// person reading it needs: a submission that left the queue without
// reaching the session log, by its message and surface and how it left.
// A claim and a commit are no news.
func TestASubmissionThatLeftTheQueueIsLogged(t *testing.T) {
	t.Parallel()
	var out strings.Builder
	logger := hclog.New(&hclog.LoggerOptions{Output: &out, Level: hclog.Info, JSONFormat: true})
	kit, session, surface := openGateLogged(t, hostkit.NewMemoryStorage(), server.New("test", nil), logger)
	ctx := t.Context()
	submit := func(id tasksurface.SubmissionID) tasksurface.MessageID {
		t.Helper()
		sub, err := kit.Submit(ctx, &tasksurface.SubmitRequest{SessionID: session, SurfaceID: surface, SubmissionID: id, Values: json.RawMessage(gateValues)})
		if err != nil || !sub.Accepted {
			t.Fatalf("Submit %s = %+v, %v; want accepted", id, sub, err)
		}
		return sub.MessageID
	}
	removed := submit("s1")
	if err := kit.Remove(ctx, session, removed); err != nil {
		t.Fatalf("Remove = %v; want it removed", err)
	}
	discarded := submit("s2")
	if _, err := kit.Claim(ctx, session); err != nil {
		t.Fatal(err)
	}
	if err := kit.Discard(ctx, session, discarded); err != nil {
		t.Fatal(err)
	}
	committed := submit("s3")
	if _, err := kit.Step(ctx, session); err != nil {
		t.Fatal(err)
	}
	type line struct {
		Level   string `json:"@level"`
		Message string `json:"message"`
		Surface string `json:"surface"`
		How     string `json:"how"`
	}
	var got []line
	for _, raw := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var l line
		if err := json.Unmarshal([]byte(raw), &l); err != nil {
			t.Fatalf("log line %q: %v", raw, err)
		}
		got = append(got, l)
	}
	want := []line{
		{Level: "info", Message: string(removed), Surface: string(surface), How: string(hostkit.UnqueuedRemoved)},
		{Level: "info", Message: string(discarded), Surface: string(surface), How: string(hostkit.UnqueuedDiscarded)},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("the kit logged %+v; want %+v (and nothing of %s, committed)", got, want, committed)
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

// A caller that gives up while the plugin decides loses the answer and
// nothing else: nothing is queued, the surface shows nothing pending, and
// the retry of the same id is decided again and queued once, never
// answered accepted for a message nobody queued.
func TestALostDecisionIsDecidedAgain(t *testing.T) {
	t.Parallel()
	plugin := &givingUpPlugin{Server: server.New("test", nil)}
	kit, session, surface := openGate(t, hostkit.NewMemoryStorage(), plugin)
	ctx, giveUp := context.WithCancel(t.Context())
	plugin.giveUp = giveUp
	req := &tasksurface.SubmitRequest{SessionID: session, SurfaceID: surface, SubmissionID: "s1", Values: json.RawMessage(gateValues)}
	if sub, err := kit.Submit(ctx, req); !errors.Is(err, context.Canceled) {
		t.Fatalf("Submit = %+v, %v; want the caller's cancellation", sub, err)
	}
	if n := countQueued(kit, session); n != 0 {
		t.Fatalf("%d messages were queued; want none", n)
	}
	plugin.giveUp = func() {}
	if a, err := kit.GetActive(t.Context(), &tasksurface.GetActiveRequest{SessionID: session}); err != nil || !a.Active || a.Pending != nil {
		t.Fatalf("GetActive = %+v, %v; want the surface open with nothing pending", a, err)
	}
	if sub, err := kit.Submit(t.Context(), req); err != nil || !sub.Accepted || sub.Phase != tasksurface.PhaseQueued {
		t.Fatalf("the retry: Submit = %+v, %v; want accepted", sub, err)
	}
	if n := countQueued(kit, session); n != 1 {
		t.Errorf("%d messages were queued after the retry; want 1", n)
	}
}

// A call whose context is already done does nothing and returns its error:
// no message is queued for a caller that has gone.
func TestADoneContextDoesNothing(t *testing.T) {
	t.Parallel()
	kit, session, surface := openGate(t, hostkit.NewMemoryStorage(), server.New("test", nil))
	done, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := kit.Send(done, session, "hello"); !errors.Is(err, context.Canceled) {
		t.Errorf("Send = %v; want context.Canceled", err)
	}
	if _, err := kit.Submit(done, &tasksurface.SubmitRequest{SessionID: session, SurfaceID: surface, SubmissionID: "s1", Values: json.RawMessage(gateValues)}); !errors.Is(err, context.Canceled) {
		t.Errorf("Submit = %v; want context.Canceled", err)
	}
	if n := len(kit.Queue(session)); n != 0 {
		t.Errorf("%d messages were queued; want none", n)
	}
}
