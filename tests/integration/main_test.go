package integration

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/sdk/refhost"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
)

// pluginPath and pluginDigest name the binary TestMain built.
var pluginPath, pluginDigest string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "ts-integration-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	pluginPath = filepath.Join(dir, "task-surface-plugin")
	build := exec.Command("go", "build", "-o", pluginPath, "github.com/dsh-community/task-surface/plugin/cmd/task-surface-plugin")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "build plugin:", err)
		os.Exit(2)
	}
	if pluginDigest, err = tshost.FileSHA256(pluginPath); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// rig is one host with one supervised plugin.
type rig struct {
	t    *testing.T
	ctx  context.Context
	host *refhost.Host
	sup  *tshost.Supervisor
}

func newRig(t *testing.T) *rig {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	logger := hclog.New(&hclog.LoggerOptions{Name: t.Name(), Level: hclog.Warn, Output: testWriter{t}})
	host := refhost.New(logger)
	sup, err := tshost.Supervise(ctx, tshost.Config{
		Path: pluginPath, SHA256: pluginDigest, Logger: logger, NewHost: host.Bind, HostName: "integration",
	}, tshost.SuperviseOptions{MinBackoff: 20 * time.Millisecond})
	if err != nil {
		t.Fatalf("launch: %v", err)
	}
	t.Cleanup(func() { _ = sup.Close(context.Background()) })
	return &rig{t: t, ctx: ctx, host: host, sup: sup}
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Logf("%s", p)
	return len(p), nil
}

// surface reads an example model.
func surface(t *testing.T, name string) json.RawMessage {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "examples", "surfaces", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func args(model json.RawMessage) json.RawMessage {
	b, _ := json.Marshal(map[string]json.RawMessage{"model": model})
	return b
}

// open opens a surface in a new session and returns the session and
// surface ids.
func (r *rig) open(name string) (tasksurface.SessionID, string) {
	r.t.Helper()
	session := r.host.NewSession()
	res, err := r.host.CallTool(r.ctx, session, args(surface(r.t, name)), refhost.CallOptions{})
	if err != nil || !res.OK {
		r.t.Fatalf("show %s: ok=%v err=%v text=%s", name, res != nil && res.OK, err, res.Text)
	}
	active := r.active(session)
	if !active.Active {
		r.t.Fatalf("no open surface after show: %s", active.Reason)
	}
	return session, string(active.SurfaceID)
}

func (r *rig) active(session tasksurface.SessionID) *tasksurface.GetActiveResponse {
	r.t.Helper()
	a, err := r.sup.GetActive(r.ctx, &tasksurface.GetActiveRequest{SessionID: session})
	if err != nil {
		r.t.Fatalf("getActive: %v", err)
	}
	return a
}

func (r *rig) submit(session, surfaceID, submissionID, values string) *tasksurface.SubmitResponse {
	r.t.Helper()
	s, err := r.sup.Submit(r.ctx, &tasksurface.SubmitRequest{SessionID: tasksurface.SessionID(session), SurfaceID: tasksurface.SurfaceID(surfaceID), SubmissionID: tasksurface.SubmissionID(submissionID), Values: json.RawMessage(values)})
	if err != nil {
		r.t.Fatalf("submit: %v", err)
	}
	return s
}

func (r *rig) dismiss(session, surfaceID, dismissalID string) *tasksurface.DismissResponse {
	r.t.Helper()
	d, err := r.sup.Dismiss(r.ctx, &tasksurface.DismissRequest{SessionID: tasksurface.SessionID(session), SurfaceID: tasksurface.SurfaceID(surfaceID), DismissalID: tasksurface.DismissalID(dismissalID)})
	if err != nil {
		r.t.Fatalf("dismiss: %v", err)
	}
	return d
}

// events counts a session's events of one type.
func (r *rig) count(session, typ string) int {
	n := 0
	for _, e := range r.host.Events(tasksurface.SessionID(session)) {
		if e.Type == typ {
			n++
		}
	}
	return n
}

// submitted counts the durable user messages that answer a surface.
func (r *rig) submitted(session, surfaceID string) int {
	n := 0
	for _, e := range r.host.Events(tasksurface.SessionID(session)) {
		if e.Type != "user/message" {
			continue
		}
		var m struct {
			Source struct {
				TaskSurface *struct {
					SurfaceID string `json:"surfaceId"`
				} `json:"taskSurface"`
			} `json:"source"`
		}
		if json.Unmarshal(e.Data, &m) == nil && m.Source.TaskSurface != nil && m.Source.TaskSurface.SurfaceID == surfaceID {
			n++
		}
	}
	return n
}

func (r *rig) view(session tasksurface.SessionID) string {
	r.t.Helper()
	v, err := r.host.View(r.ctx, session)
	if err != nil {
		r.t.Fatalf("view: %v", err)
	}
	return string(v)
}

// kill SIGKILLs the current plugin process and waits for the supervisor
// to have a new one running.
func (r *rig) kill() {
	r.t.Helper()
	p := r.sup.Current()
	proc, err := os.FindProcess(p.Pid())
	if err != nil {
		r.t.Fatal(err)
	}
	if err := proc.Kill(); err != nil {
		r.t.Fatal(err)
	}
	<-p.Exited()
	if _, err := r.sup.WaitRunning(r.ctx); err != nil {
		r.t.Fatalf("plugin did not come back: %v", err)
	}
}
