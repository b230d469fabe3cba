package main

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
	"github.com/dsh-community/task-surface/sdk/tshost/hosttest"
)

// buildPlugin builds the plugin binary into a temporary folder and
// returns its path and digest.
func buildPlugin(t *testing.T) (string, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "task-surface-plugin")
	build := exec.Command("go", "build", "-o", path, "github.com/dsh-community/task-surface/plugin/cmd/task-surface-plugin")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		t.Fatalf("build plugin: %v", err)
	}
	digest, err := tshost.FileSHA256(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, digest
}

// The harness survives a SIGKILL of the plugin (the surface and its queued
// submission come back from the harness) and a restart of itself with a
// submission queued: the surface comes back from its files, open, with the
// submission handed back and not sent by itself; the person's submit again
// gets the same message, and the agent's turn commits exactly one user
// message.
func TestHarnessSurvivesPluginKillAndRestart(t *testing.T) {
	t.Parallel()
	plugin, digest := buildPlugin(t)
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cfg := tshost.Config{Path: plugin, SHA256: digest, HostName: "go-harness-test", Logger: quietLogger()}
	model, err := os.ReadFile(filepath.Join("..", "surfaces", "release-gate.json"))
	if err != nil {
		t.Fatal(err)
	}
	toolArgs, _ := json.Marshal(map[string]json.RawMessage{"model": model})

	h, err := Open(ctx, dir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	session := h.NewSession()
	if res, err := h.CallTool(ctx, session, toolArgs); err != nil || !res.OK {
		t.Fatalf("show: %v %+v", err, res)
	}
	if res, err := h.CallTool(ctx, session, toolArgs); err != nil || res.ErrorCode != tasksurface.ShowSurfaceOpen {
		t.Fatalf("a second show = %+v, %v; want surface-open", res, err)
	}
	active := getActive(ctx, t, h, string(session))
	if !active.Active {
		t.Fatalf("no open surface: %s", active.Reason)
	}
	values := answerFor(t, active.Model)
	sub := submit(ctx, t, h, string(session), active.SurfaceID, values)

	// The plugin is SIGKILLed: the supervisor restarts it, and the
	// surface and its queued submission come back from the harness.
	p := h.Plugin().Current()
	proc, err := os.FindProcess(p.Pid())
	if err != nil {
		t.Fatal(err)
	}
	if err := proc.Kill(); err != nil {
		t.Fatal(err)
	}
	<-p.Exited()
	if _, err := h.Plugin().WaitRunning(ctx); err != nil {
		t.Fatal(err)
	}
	if a := getActive(ctx, t, h, string(session)); !a.Active || a.Pending == nil || a.Pending.MessageID != sub.MessageID || a.Pending.Phase != tasksurface.PhaseQueued {
		t.Fatalf("after the plugin's restart getActive = %s, want the submission queued", summary(a))
	}

	// The harness itself restarts: a new one over the same files.
	if err := h.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	h, err = Open(ctx, dir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	// The submission never reached the log: the restarted harness does not
	// send it by itself; the surface is open again and its answers are
	// handed back for the person to send.
	if a := getActive(ctx, t, h, string(session)); !a.Active || a.SurfaceID != active.SurfaceID || a.Pending != nil {
		t.Fatalf("after the harness's restart getActive = %s, want %s open with nothing pending", summary(a), active.SurfaceID)
	}
	if back := h.Kit().Returned(session); len(back) != 1 || back[0].ID != sub.MessageID {
		t.Fatalf("the harness handed back %+v, want the submission %s", back, sub.MessageID)
	}
	if again := submit(ctx, t, h, string(session), active.SurfaceID, values); again.MessageID != sub.MessageID {
		t.Fatalf("the person's submit again was admitted as %s, want the same message %s", again.MessageID, sub.MessageID)
	}
	m, err := h.Step(ctx, session)
	if err != nil || m.ID != sub.MessageID {
		t.Fatalf("the agent took %+v, %v; want %s", m, err, sub.MessageID)
	}
	if _, err := h.Step(ctx, session); err == nil {
		t.Fatal("a second message was queued")
	}
	if a := getActive(ctx, t, h, string(session)); a.Active || a.Reason != tasksurface.ReasonNotOpen {
		t.Fatalf("after the turn getActive = %s, want not-open", summary(a))
	}
	committed := 0
	for _, e := range h.Kit().Log(session) {
		var msg tasksurface.UserMessage
		if e.Type == tasksurface.EventUserMessage && json.Unmarshal(e.Data, &msg) == nil && msg.ID == sub.MessageID {
			committed++
		}
	}
	if committed != 1 {
		t.Errorf("the log holds %d user messages of the submission, want 1", committed)
	}
}

func getActive(ctx context.Context, t *testing.T, h *Harness, session string) *tasksurface.GetActiveResponse {
	t.Helper()
	a, err := h.Kit().GetActive(ctx, &tasksurface.GetActiveRequest{SessionID: tasksurface.SessionID(session)})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func submit(ctx context.Context, t *testing.T, h *Harness, session string, surface tasksurface.SurfaceID, values json.RawMessage) *tasksurface.SubmitResponse {
	t.Helper()
	sub, err := h.Kit().Submit(ctx, &tasksurface.SubmitRequest{SessionID: tasksurface.SessionID(session), SurfaceID: surface, SubmissionID: "sub-1", Values: values})
	if err != nil || !sub.Accepted {
		t.Fatalf("submit = %+v, %v", sub, err)
	}
	return sub
}

func answerFor(t *testing.T, model json.RawMessage) json.RawMessage {
	t.Helper()
	v, err := hosttest.Values(model)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// summary reads a getActive answer without its model.
func summary(a *tasksurface.GetActiveResponse) string {
	return fmt.Sprintf("{active %v, surface %s, pending %+v, reason %q}", a.Active, a.SurfaceID, a.Pending, a.Reason)
}

// quietLogger shows the plugin's and the SDK's errors only.
func quietLogger() hclog.Logger {
	return hclog.New(&hclog.LoggerOptions{Name: "go-harness-test", Level: hclog.Error, Output: os.Stderr})
}
