package integration

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
)

// A plugin SIGKILLed during a call fails that call with ErrUnavailable, and
// every call after it until the supervisor's restart, never with the
// transport's words alone; calls work again once the plugin is back.
func TestCallsFailWithErrUnavailableWhenThePluginIsKilled(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("release-gate.json")
	p := r.sup.Current()
	// Stopped first, so the call is surely in flight when the kill lands.
	if err := syscall.Kill(p.Pid(), syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	waitStopped(t, p.Pid())
	interrupted := make(chan error, 1)
	go func() {
		_, err := r.sup.Validate(r.ctx, &tasksurface.ValidateRequest{Model: surface(t, "release-gate.json")})
		interrupted <- err
	}()
	time.Sleep(50 * time.Millisecond)
	if err := killProcess(p.Pid()); err != nil {
		t.Fatal(err)
	}
	if err := <-interrupted; !errors.Is(err, tshost.ErrUnavailable) {
		t.Fatalf("the call the plugin was killed during = %v, want ErrUnavailable", err)
	}
	for i := range 3 {
		_, err := r.sup.GetActive(r.ctx, &tasksurface.GetActiveRequest{SessionID: session, Snapshot: tasksurface.Snapshot{Projection: json.RawMessage(`{"active":null,"outcomes":[]}`)}})
		if err == nil {
			// The restart was quicker than this loop.
			break
		}
		if !errors.Is(err, tshost.ErrUnavailable) {
			t.Fatalf("call %d after the kill = %v, want ErrUnavailable", i+1, err)
		}
	}
	if _, err := r.sup.WaitRunning(r.ctx); err != nil {
		t.Fatal(err)
	}
	if sub := r.submit(session, surfaceID, "sub-1", gateValues); !sub.Accepted {
		t.Fatalf("submit once the plugin is back = %+v", sub)
	}
}

// An unsupervised plugin SIGKILLed answers every later call with
// ErrUnavailable, the first one included.
func TestLaunchedPluginKilledIsUnavailable(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	p, err := tshost.Launch(ctx, tshost.Config{Path: pluginPath, SHA256: pluginDigest, Logger: hclog.NewNullLogger()})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close(ctx)
	if err := killProcess(p.Pid()); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if _, err := p.Describe(ctx); !errors.Is(err, tshost.ErrUnavailable) {
			t.Fatalf("call %d after the kill = %v, want ErrUnavailable", i+1, err)
		}
	}
	<-p.Exited()
	if _, err := p.Fold(ctx, &tasksurface.FoldRequest{}); !errors.Is(err, tshost.ErrUnavailable) {
		t.Fatalf("a call after the exit was seen = %v, want ErrUnavailable", err)
	}
}

// WaitRunning called right after a SIGKILL never returns the killed
// plugin: it returns the restarted one, which answers.
func TestWaitRunningAfterSIGKILLReturnsTheNewPlugin(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	for round := range 5 {
		old := r.sup.Current()
		if err := killProcess(old.Pid()); err != nil {
			t.Fatal(err)
		}
		p, err := r.sup.WaitRunning(r.ctx)
		if err != nil {
			t.Fatal(err)
		}
		if p.Pid() == old.Pid() {
			t.Fatalf("round %d: WaitRunning returned the killed plugin %d", round+1, old.Pid())
		}
		if _, err := p.Describe(r.ctx); err != nil {
			t.Fatalf("round %d: the plugin WaitRunning returned does not answer: %v", round+1, err)
		}
	}
	if n := r.sup.Restarts(); n != 5 {
		t.Errorf("%d restarts, want 5", n)
	}
}

// What Supervisor.Configure changes survives a restart, and what the
// plugin declared stays readable while it restarts.
func TestSupervisorKeepsItsConfigurationAcrossRestarts(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	if _, err := r.sup.Configure(r.ctx, &tasksurface.ConfigureRequest{Limits: tasksurface.Limits{MaxFields: 1}, HostName: "integration"}); err != nil {
		t.Fatal(err)
	}
	p := r.sup.Current()
	if err := killProcess(p.Pid()); err != nil {
		t.Fatal(err)
	}
	<-p.Exited()
	if r.sup.Current() == nil || r.sup.Current().Description() == nil || r.sup.Description() == nil {
		t.Fatal("no description while the plugin restarts")
	}
	next, err := r.sup.WaitRunning(r.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := next.Configuration().EffectiveLimits.MaxFields; got != 1 {
		t.Errorf("after a restart MaxFields = %d, want the configured 1", got)
	}
}

// Over the wire, a Show without a projection is refused as the host's bug,
// a Show in an undeclared mode is refused, and a fold reports the events
// it could not read with their seq.
func TestShowAndFoldSafeByDefault(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	_, err := r.sup.Show(r.ctx, &tasksurface.ShowRequest{SessionID: "s1", CallID: "call_again", Arguments: args(surface(t, "release-gate.json"))})
	if err == nil || errors.Is(err, tshost.ErrUnavailable) || !strings.Contains(err.Error(), "projection") {
		t.Fatalf("a Show without a projection = %v; want an error that names the projection", err)
	}
	view, err := r.kit.View(r.ctx, "s2")
	if err != nil {
		t.Fatal(err)
	}
	resp, err := r.sup.Show(r.ctx, &tasksurface.ShowRequest{SessionID: "s2", CallID: "c1", Arguments: args(surface(t, "release-gate.json")), Projection: view, Mode: "typo"})
	if err != nil || resp.ErrorCode != tasksurface.ShowUnsupportedMode {
		t.Fatalf("Show in an undeclared mode = %+v, %v; want unsupported-mode", resp, err)
	}
	fold, err := r.sup.Fold(r.ctx, &tasksurface.FoldRequest{Events: []json.RawMessage{json.RawMessage(`{"type":"user/message","seq":12,"data":{"id":"m1","source":"user"}}`)}})
	if err != nil {
		t.Fatal(err)
	}
	if len(fold.Problems) != 1 || fold.Problems[0].Seq != 12 || fold.Problems[0].Problem.Pointer != "/data/source" {
		t.Errorf("Fold problems = %v, want the event at seq 12 reported at /data/source", fold.Problems)
	}
	// A line cut short crosses the wire as it is and is reported, not dropped.
	torn := []json.RawMessage{json.RawMessage(`{"type":"turn/start","seq":1,"data":{}}`), json.RawMessage(`{"type":"tool/call","seq":2,"da`)}
	if fold, err = r.sup.Fold(r.ctx, &tasksurface.FoldRequest{Events: torn}); err != nil {
		t.Fatal(err)
	}
	if len(fold.Problems) != 1 || fold.Problems[0].Index != 1 || fold.Problems[0].Problem.Code != tasksurface.CodeInvalidJSON {
		t.Errorf("Fold problems = %v, want event 1 reported as invalid-json", fold.Problems)
	}
}
