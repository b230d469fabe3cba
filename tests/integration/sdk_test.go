package integration

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/sdk/refhost"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
)

// errStoreDown is a harness's own error.
var errStoreDown = errors.New("message store is down")

// refusingHost is the reference host whose queue fails.
type refusingHost struct{ *refhost.Host }

func (refusingHost) AdmitUserMessage(context.Context, *tasksurface.AdmitUserMessageRequest) (*tasksurface.AdmitUserMessageResponse, error) {
	return nil, errStoreDown
}

// A Host failure comes back from the plugin as the harness's own error,
// matched with errors.Is and errors.As, and said once.
func TestHostErrorUnwrapsToTheHarnessError(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	logger := hclog.New(&hclog.LoggerOptions{Level: hclog.Error, Output: testWriter{t}})
	host := refhost.New(logger)
	sup, err := tshost.Supervise(ctx, tshost.Config{Path: pluginPath, SHA256: pluginDigest, Logger: logger,
		NewHost: func(s tasksurface.Server) (tasksurface.Host, error) {
			if _, err := host.Bind(s); err != nil {
				return nil, err
			}
			return refusingHost{host}, nil
		}}, tshost.SuperviseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer sup.Close(context.Background())
	session := host.NewSession()
	res, err := host.CallTool(ctx, session, args(surface(t, "release-gate.json")), refhost.CallOptions{})
	if err != nil || !res.OK {
		t.Fatalf("show: %v %+v", err, res)
	}
	active, err := sup.GetActive(ctx, &tasksurface.GetActiveRequest{SessionID: session})
	if err != nil || !active.Active {
		t.Fatalf("getActive: %v %+v", err, active)
	}
	_, err = sup.Submit(ctx, &tasksurface.SubmitRequest{SessionID: session, SurfaceID: active.SurfaceID, SubmissionID: "s1", Values: json.RawMessage(gateValues)})
	if !errors.Is(err, errStoreDown) {
		t.Fatalf("Submit error = %v, want the harness's own error", err)
	}
	var he *tasksurface.HostError
	if !errors.As(err, &he) || he.Method != "AdmitUserMessage" {
		t.Errorf("Submit error = %#v, want a HostError of AdmitUserMessage", err)
	}
	if n := strings.Count(err.Error(), "rpc error"); n != 0 || strings.Count(err.Error(), errStoreDown.Error()) != 1 {
		t.Errorf("Submit error reads %q: want the harness's text once and no gRPC wrapping", err)
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

// Over the wire, a Show without a projection reads the host's, and a fold
// reports the events it could not read with their seq.
func TestShowAndFoldSafeByDefault(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("release-gate.json")
	resp, err := r.sup.Show(r.ctx, &tasksurface.ShowRequest{SessionID: session, CallID: "call_again", Arguments: args(surface(t, "release-gate.json"))})
	if err != nil || resp.OK || resp.ErrorCode != tasksurface.ShowSurfaceOpen || !strings.Contains(resp.ErrorText, surfaceID) {
		t.Fatalf("a second Show without a projection = %+v, %v; want surface-open naming %s", resp, err, surfaceID)
	}
	resp, err = r.sup.Show(r.ctx, &tasksurface.ShowRequest{SessionID: r.host.NewSession(), CallID: "c1", Arguments: args(surface(t, "release-gate.json")), Mode: "typo"})
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

// killProcess sends SIGKILL to a process.
func killProcess(pid int) error {
	proc, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	return proc.Kill()
}

// The id of the client request that carried a submission reaches the
// admitted message's source as rpcId, beside the correlation, and the
// message still closes its surface.
func TestSubmissionSourceCarriesTheRpcID(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("release-gate.json")
	ctx := tasksurface.ContextWithRpcID(r.ctx, "rpc-42")
	sub, err := r.sup.Submit(ctx, &tasksurface.SubmitRequest{SessionID: session, SurfaceID: tasksurface.SurfaceID(surfaceID), SubmissionID: "s1", Values: json.RawMessage(gateValues)})
	if err != nil || !sub.Accepted {
		t.Fatalf("submit = %+v, %v", sub, err)
	}
	q := r.host.Queue(session)
	if len(q) != 1 {
		t.Fatalf("%d queued messages, want 1", len(q))
	}
	src, ok := tasksurface.ParseMessageSource(q[0].Source)
	if !ok || src.Kind != "user" || src.RpcID != "rpc-42" || src.TaskSurface == nil || string(src.TaskSurface.SurfaceID) != surfaceID {
		t.Fatalf("queued source = %s, want {kind: user, rpcId: rpc-42, taskSurface: …}", q[0].Source)
	}
	if _, err := r.host.Step(r.ctx, session); err != nil {
		t.Fatal(err)
	}
	if a := r.active(session); a.Active {
		t.Errorf("the surface is still open after its message with an rpcId was committed")
	}
}
