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

	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
	"github.com/dsh-community/task-surface/sdk/tshost/hostkit"
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

// rig is one harness: the host kit over a storage, bound to one
// supervised plugin.
type rig struct {
	t       *testing.T
	ctx     context.Context
	storage hostkit.Storage
	kit     *hostkit.Host
	sup     *tshost.Supervisor
	calls   int
}

func newRig(t *testing.T) *rig { return newRigOver(t, hostkit.NewMemoryStorage()) }

// newRigOver starts a harness over storage, reading back what it holds.
func newRigOver(t *testing.T, storage hostkit.Storage) *rig {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	logger := hclog.New(&hclog.LoggerOptions{Name: t.Name(), Level: hclog.Warn, Output: testWriter{t}})
	sup, err := tshost.Supervise(ctx, tshost.Config{
		Path: pluginPath, SHA256: pluginDigest, Logger: logger, HostName: "integration",
	}, tshost.SuperviseOptions{MinBackoff: 20 * time.Millisecond})
	if err != nil {
		t.Fatalf("launch: %v", err)
	}
	t.Cleanup(func() { _ = sup.Close(context.Background()) })
	kit := hostkit.New(hostkit.Config{Storage: storage, Logger: logger})
	if err := kit.Bind(ctx, sup); err != nil {
		t.Fatal(err)
	}
	return &rig{t: t, ctx: ctx, storage: storage, kit: kit, sup: sup}
}

// restart stops the harness and its plugin and starts both again over the
// same storage, as a harness restart does.
func (r *rig) restart() *rig {
	r.t.Helper()
	if err := r.sup.Close(r.ctx); err != nil {
		r.t.Fatal(err)
	}
	return newRigOver(r.t, r.storage)
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

// callTool is the model calling the tool in a session with a new call id.
func (r *rig) callTool(session tasksurface.SessionID, args json.RawMessage) *tasksurface.ShowResponse {
	r.t.Helper()
	r.calls++
	res, err := r.kit.CallTool(r.ctx, session, tasksurface.CallID(fmt.Sprintf("call_%d", r.calls)), args)
	if err != nil {
		r.t.Fatalf("CallTool: %v", err)
	}
	return res
}

// open opens a surface in a new session and returns the session and
// surface ids.
func (r *rig) open(name string) (tasksurface.SessionID, tasksurface.SurfaceID) {
	r.t.Helper()
	session := r.kit.NewSession()
	if res := r.callTool(session, args(surface(r.t, name))); !res.OK {
		r.t.Fatalf("show %s: %s", name, res.ErrorText)
	}
	active := r.active(session)
	if !active.Active {
		r.t.Fatalf("no open surface after show: %+v", active)
	}
	return session, active.SurfaceID
}

func (r *rig) active(session tasksurface.SessionID) *tasksurface.GetActiveResponse {
	r.t.Helper()
	a, err := r.kit.GetActive(r.ctx, &tasksurface.GetActiveRequest{SessionID: session})
	if err != nil {
		r.t.Fatalf("getActive: %v", err)
	}
	return a
}

func (r *rig) submit(session tasksurface.SessionID, surfaceID tasksurface.SurfaceID, submissionID, values string) *tasksurface.SubmitResponse {
	r.t.Helper()
	s, err := r.kit.Submit(r.ctx, &tasksurface.SubmitRequest{SessionID: session, SurfaceID: surfaceID, SubmissionID: tasksurface.SubmissionID(submissionID), Values: json.RawMessage(values)})
	if err != nil {
		r.t.Fatalf("submit: %v", err)
	}
	return s
}

func (r *rig) dismiss(session tasksurface.SessionID, surfaceID tasksurface.SurfaceID, dismissalID string) *tasksurface.DismissResponse {
	r.t.Helper()
	d, err := r.kit.Dismiss(r.ctx, &tasksurface.DismissRequest{SessionID: session, SurfaceID: surfaceID, DismissalID: tasksurface.DismissalID(dismissalID)})
	if err != nil {
		r.t.Fatalf("dismiss: %v", err)
	}
	return d
}

// step is the agent's next turn: it takes the next queued message and
// commits it.
func (r *rig) step(session tasksurface.SessionID) tasksurface.UserMessage {
	r.t.Helper()
	m, err := r.kit.Step(r.ctx, session)
	if err != nil {
		r.t.Fatalf("step: %v", err)
	}
	return m
}

// count counts a session's events of one type.
func (r *rig) count(session tasksurface.SessionID, typ string) int {
	n := 0
	for _, e := range r.kit.Log(session) {
		if e.Type == typ {
			n++
		}
	}
	return n
}

// submitted counts the durable user messages that answer a surface.
func (r *rig) submitted(session tasksurface.SessionID, surfaceID tasksurface.SurfaceID) int {
	n := 0
	for _, e := range r.kit.Log(session) {
		if e.Type != tasksurface.EventUserMessage {
			continue
		}
		var m tasksurface.UserMessage
		if json.Unmarshal(e.Data, &m) != nil {
			continue
		}
		if src, ok := tasksurface.ParseMessageSource(m.Source); ok && src.TaskSurface != nil && src.TaskSurface.SurfaceID == surfaceID {
			n++
		}
	}
	return n
}

func (r *rig) view(session tasksurface.SessionID) string {
	r.t.Helper()
	v, err := r.kit.View(r.ctx, session)
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
	if err := killProcess(p.Pid()); err != nil {
		r.t.Fatal(err)
	}
	next, err := r.sup.WaitRunning(r.ctx)
	if err != nil {
		r.t.Fatalf("plugin did not come back: %v", err)
	}
	if next.Pid() == p.Pid() {
		r.t.Fatalf("WaitRunning returned the killed plugin %d", p.Pid())
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
