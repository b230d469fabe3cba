package integration

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dsh-community/task-surface/sdk/tshost"
)

// A binary whose digest is not the expected one never runs.
func TestWrongDigestRefused(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	wrong := strings.Repeat("0", 64)
	_, err := tshost.Launch(ctx, tshost.Config{Path: pluginPath, SHA256: wrong, AllowNoHost: true})
	if !errors.Is(err, tshost.ErrDigestMismatch) {
		t.Fatalf("launch with a wrong digest = %v, want ErrDigestMismatch", err)
	}
	if !strings.Contains(err.Error(), "reinstall") {
		t.Errorf("the error does not say what to do: %v", err)
	}
}

// A corrupted copy of the binary is refused against the real digest.
func TestCorruptedBinaryRefused(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	b, err := os.ReadFile(pluginPath)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 0xff
	path := filepath.Join(t.TempDir(), "task-surface-plugin")
	if err := os.WriteFile(path, b, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := tshost.Launch(ctx, tshost.Config{Path: path, SHA256: pluginDigest, AllowNoHost: true}); !errors.Is(err, tshost.ErrDigestMismatch) {
		t.Fatalf("launch of a corrupted binary = %v, want ErrDigestMismatch", err)
	}
}

// A launch negotiates the protocol over AutoMTLS, declares the tool, and a
// close leaves no process and no socket folder behind.
func TestLaunchDescribeClose(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	p, err := tshost.Launch(ctx, tshost.Config{Path: pluginPath, SHA256: pluginDigest, AllowNoHost: true})
	if err != nil {
		t.Fatal(err)
	}
	if p.NegotiatedVersion() != 1 {
		t.Errorf("negotiated version %d, want 1", p.NegotiatedVersion())
	}
	d := p.Description()
	if d.Tool.Name != "show_task_surface" || !d.Tool.Exclusive || !d.Tool.ConcludesTurn || d.Projection.Key != "taskSurface" {
		t.Errorf("description = %+v", d)
	}
	again, err := p.Describe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if string(again.Tool.ParametersSchema) != string(d.Tool.ParametersSchema) {
		t.Errorf("the parameter schema changed between calls")
	}
	if err := p.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if proc, err := os.FindProcess(p.Pid()); err == nil {
		if err := proc.Signal(syscallZero()); err == nil {
			t.Errorf("plugin process %d still alive after Close", p.Pid())
		}
	}
}
