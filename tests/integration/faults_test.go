package integration

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
)

// The fault suite: each case breaks something on purpose and asserts what
// the user sees, and that no submission is lost or doubled.

// Killed before submit: the restarted plugin serves the surface from the
// kit's snapshot and the log's metadata, and the submission goes through
// once.
func TestFaultKilledBeforeSubmit(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("release-gate.json")
	r.kill()
	if a := r.active(session); !a.Active || a.SurfaceID != surfaceID || len(a.Model) == 0 {
		t.Fatalf("after restart = %+v, want the surface open with its model", a)
	}
	if sub := r.submit(session, surfaceID, "sub-1", gateValues); !sub.Accepted {
		t.Fatalf("submit after restart = %+v", sub)
	}
	r.step(session)
	if n := r.submitted(session, surfaceID); n != 1 {
		t.Fatalf("%d submitted messages, want 1", n)
	}
}

// Killed after admission: the queued message is still the one that commits.
func TestFaultKilledAfterAdmission(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("release-gate.json")
	first := r.submit(session, surfaceID, "sub-1", gateValues)
	r.kill()
	if a := r.active(session); a.Pending == nil || a.Pending.MessageID != first.MessageID || a.Pending.Phase != tasksurface.PhaseQueued {
		t.Fatalf("after restart = %+v, want the queued submission read from the host's queue", a)
	}
	r.step(session)
	if n := r.submitted(session, surfaceID); n != 1 {
		t.Fatalf("%d submitted messages, want 1", n)
	}
	if a := r.active(session); a.Active {
		t.Errorf("surface still open after the queued submission committed")
	}
}

// Killed after commit: a client retry of the same submission answers from
// the log, with the same message, committed, and admits nothing.
func TestFaultKilledAfterCommit(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("release-gate.json")
	first := r.submit(session, surfaceID, "sub-1", gateValues)
	r.step(session)
	r.kill()
	retry := r.submit(session, surfaceID, "sub-1", gateValues)
	if !retry.Accepted || retry.MessageID != first.MessageID || retry.Phase != tasksurface.PhaseCommitted {
		t.Fatalf("retry after restart = %+v, want the first answer %s, committed", retry, first.MessageID)
	}
	if q := r.kit.Queue(session); len(q) != 0 {
		t.Fatalf("the retry queued %d messages", len(q))
	}
	if n := r.submitted(session, surfaceID); n != 1 {
		t.Fatalf("%d submitted messages, want 1", n)
	}
}

// The harness restarted with a surface open: it is open again and works.
func TestFaultHostRestartedWithSurfaceOpen(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("reorder-plan.json")
	r2 := r.restart()
	a := r2.active(session)
	if !a.Active || a.SurfaceID != surfaceID || a.Pending != nil {
		t.Fatalf("after host restart = %+v, want the surface open and editable", a)
	}
	if sub := r2.submit(session, surfaceID, "sub-1", `{"steps":["schema","dual-write","backfill","cutover","cleanup"],"pause":false}`); !sub.Accepted {
		t.Fatalf("submit after host restart = %+v", sub)
	}
}

// The harness restarted with a submission claimed: the claim's turn never
// happened and the message is not in the log, so nothing is sent by
// itself: the surface is open again with nothing pending, the kit hands the
// answers back, and the person's submit again commits exactly one message.
func TestFaultHostRestartedWithSubmissionClaimed(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("release-gate.json")
	first := r.submit(session, surfaceID, "sub-1", gateValues)
	if _, err := r.kit.Claim(r.ctx, session); err != nil {
		t.Fatal(err)
	}
	r2 := r.restart()
	if a := r2.active(session); !a.Active || a.Pending != nil {
		t.Fatalf("after host restart = %+v, want the surface open with nothing pending", a)
	}
	returned := r2.kit.Returned(session)
	if len(returned) != 1 || returned[0].ID != first.MessageID || tasksurface.CorrelationOf(returned[0].Source) == nil {
		t.Fatalf("returned = %+v, want the submission's answers handed back", returned)
	}
	if _, err := r2.kit.Claim(r2.ctx, session); err == nil {
		t.Fatal("after host restart the agent could claim a message; want nothing queued")
	}
	if again := r2.submit(session, surfaceID, "sub-1", gateValues); !again.Accepted || again.MessageID != first.MessageID {
		t.Fatalf("the person's submit again = %+v, want %s", again, first.MessageID)
	}
	r2.step(session)
	if n := r2.submitted(session, surfaceID); n != 1 {
		t.Fatalf("%d submitted messages, want 1", n)
	}
}

// A plugin that stops answering: calls end at their deadline with a clear
// error, the supervisor does not mistake a slow plugin for a dead one, and
// the plugin serves again when it resumes.
func TestFaultSlowPlugin(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	empty := r.view("s")
	pid := r.sup.Current().Pid()
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	waitStopped(t, pid)
	ctx, cancel := context.WithTimeout(r.ctx, 300*time.Millisecond)
	start := time.Now()
	_, err := r.sup.Show(ctx, &tasksurface.ShowRequest{SessionID: "s", CallID: "c", Arguments: args(surface(t, "release-gate.json")), Projection: json.RawMessage(empty)})
	cancel()
	_ = syscall.Kill(pid, syscall.SIGCONT)
	if status.Code(err) != codes.DeadlineExceeded {
		t.Fatalf("show against a stopped plugin = %v, want DeadlineExceeded", err)
	}
	if waited := time.Since(start); waited > 2*time.Second {
		t.Errorf("the call took %v to give up", waited)
	}
	resp, err := r.sup.Show(r.ctx, &tasksurface.ShowRequest{SessionID: "s", CallID: "c2", Arguments: args(surface(t, "release-gate.json")), Projection: json.RawMessage(empty)})
	if err != nil || !resp.OK {
		t.Fatalf("show after resuming = %+v, %v", resp, err)
	}
	if r.sup.Restarts() != 0 || r.sup.Current().Pid() != pid {
		t.Errorf("a slow plugin was restarted")
	}
}

// waitStopped waits until the kernel has stopped every thread of pid after
// a SIGSTOP, which can take a millisecond or more: a plugin that answers
// within that time would still answer the call meant to find it stopped.
// Where /proc is missing it waits a fixed time instead.
func waitStopped(t *testing.T, pid int) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		stat, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
		if err != nil {
			time.Sleep(50 * time.Millisecond)
			return
		}
		// The state follows the command name in parentheses.
		if i := strings.LastIndexByte(string(stat), ')'); i >= 0 && strings.HasPrefix(string(stat[i:]), ") T") {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("plugin %d did not stop within 2s of SIGSTOP", pid)
}

// A message over the transport limit fails that call only; an input over
// the model limit is refused as data, without decoding it whole.
func TestFaultOversizedMessages(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	empty := json.RawMessage(r.view("s"))
	huge := make([]byte, tasksurface.MaxMessageBytes+1024)
	for i := range huge {
		huge[i] = 'a'
	}
	_, err := r.sup.Show(r.ctx, &tasksurface.ShowRequest{SessionID: "s", CallID: "c", Arguments: huge, Projection: empty})
	if status.Code(err) != codes.ResourceExhausted {
		t.Fatalf("a 16 MiB+ message = %v, want ResourceExhausted", err)
	}
	big := []byte(`{"model":{"version":1,"title":"` + strings.Repeat("x", 1<<20) + `","sections":[],"submit":{"label":"Go"}}}`)
	resp, err := r.sup.Show(r.ctx, &tasksurface.ShowRequest{SessionID: "s", CallID: "c", Arguments: big, Projection: empty})
	if err != nil || resp.OK || resp.ErrorCode != tasksurface.ShowInvalidModel {
		t.Fatalf("a 1 MiB model = %+v, %v; want invalid-model", resp, err)
	}
	if !strings.Contains(resp.ErrorText, "limit-exceeded") {
		t.Errorf("the model is not told it is too large:\n%s", resp.ErrorText)
	}
	if resp, err := r.sup.Show(r.ctx, &tasksurface.ShowRequest{SessionID: "s", CallID: "c3", Arguments: args(surface(t, "release-gate.json")), Projection: empty}); err != nil || !resp.OK {
		t.Fatalf("the plugin stopped serving after oversized messages: %+v %v", resp, err)
	}
}

// Started with a wrong magic cookie, the plugin explains itself and exits.
func TestFaultWrongMagicCookie(t *testing.T) {
	t.Parallel()
	cmd := exec.Command(pluginPath)
	cmd.Env = append(os.Environ(), tasksurface.Handshake.MagicCookieKey+"=not-the-cookie")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("exit = %v, want status 1; output %s", err, out)
	}
	if !strings.Contains(string(out), "This binary is a plugin") {
		t.Errorf("no explanation: %s", out)
	}
}

// A host that speaks another protocol version is refused by name.
func TestFaultProtocolVersionMismatch(t *testing.T) {
	t.Parallel()
	c := plugin.NewClient(&plugin.ClientConfig{
		HandshakeConfig:  plugin.HandshakeConfig{MagicCookieKey: tasksurface.Handshake.MagicCookieKey, MagicCookieValue: tasksurface.Handshake.MagicCookieValue},
		VersionedPlugins: map[int]plugin.PluginSet{tasksurface.ProtocolVersion + 1: {}},
		Cmd:              exec.Command(pluginPath),
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		AutoMTLS:         true,
		Logger:           hclog.NewNullLogger(),
	})
	defer c.Kill()
	_, err := c.Client()
	if err == nil || !strings.Contains(strings.ToLower(err.Error()), "incompatible api version") {
		t.Fatalf("a host of the next protocol version = %v, want an incompatible-version error", err)
	}
}

// A plugin that writes to stdout before its handshake fails to launch with
// an error that shows what it wrote.
func TestFaultStdoutBeforeHandshake(t *testing.T) {
	t.Parallel()
	script := filepath.Join(t.TempDir(), "noisy-plugin")
	body := "#!/bin/sh\necho 'starting up...'\nexec " + pluginPath + "\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	digest, err := tshost.FileSHA256(script)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, err = tshost.Launch(ctx, tshost.Config{Path: script, SHA256: digest})
	if err == nil || !strings.Contains(err.Error(), "starting up...") {
		t.Fatalf("launch of a noisy plugin = %v, want an error quoting its stray output", err)
	}
}
