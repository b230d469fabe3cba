package integration

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
)

// A binary whose digest is not the expected one never runs.
func TestWrongDigestRefused(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	wrong := strings.Repeat("0", 64)
	_, err := tshost.Launch(ctx, tshost.Config{Path: pluginPath, SHA256: wrong})
	if !errors.Is(err, tshost.ErrDigestMismatch) {
		t.Fatalf("launch with a wrong digest = %v, want ErrDigestMismatch", err)
	}
	if !strings.Contains(err.Error(), "reinstall") {
		t.Errorf("the error does not say what to do: %v", err)
	}
}

// A launch negotiates the protocol over AutoMTLS, declares the tool, and a
// close leaves no process and no socket folder behind.
func TestLaunchDescribeClose(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	p, err := tshost.Launch(ctx, tshost.Config{Path: pluginPath, SHA256: pluginDigest})
	if err != nil {
		t.Fatal(err)
	}
	if p.NegotiatedVersion() != tasksurface.ProtocolVersion {
		t.Errorf("negotiated version %d, want %d", p.NegotiatedVersion(), tasksurface.ProtocolVersion)
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

// A corrupted copy of the binary is refused against the real digest, also
// when the same file passed at earlier launches: a binary verified before is
// not hashed again while it is unchanged, and is hashed and refused as soon
// as it changes.
func TestCorruptedBinaryRefused(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	b, err := os.ReadFile(pluginPath)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "task-surface-plugin")
	if err := os.WriteFile(path, b, 0o755); err != nil {
		t.Fatal(err)
	}
	verified := tshost.NewVerifiedBinaries(filepath.Join(t.TempDir(), "verified"))
	for i := 0; i < 2; i++ {
		p, err := tshost.Launch(ctx, tshost.Config{Path: path, SHA256: pluginDigest, Verified: verified})
		if err != nil {
			t.Fatalf("launch %d of the verified binary: %v", i+1, err)
		}
		if err := p.Close(ctx); err != nil {
			t.Fatal(err)
		}
	}
	b[len(b)/2] ^= 0xff
	if err := os.WriteFile(path, b, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := tshost.Launch(ctx, tshost.Config{Path: path, SHA256: pluginDigest, Verified: verified}); !errors.Is(err, tshost.ErrDigestMismatch) {
		t.Fatalf("launch of the binary changed since it was verified = %v, want ErrDigestMismatch", err)
	}
}

// Show's answer crosses the wire without the metadata, which repeats the
// value; the SDK derives it, so a harness gets the plugin's own bytes, and
// a caller that asks for no metadata gets none.
func TestShowMetaDerivedFromTheValue(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	p, err := tshost.Launch(ctx, tshost.Config{Path: pluginPath, SHA256: pluginDigest})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close(ctx)
	empty, err := p.Fold(ctx, &tasksurface.FoldRequest{})
	if err != nil {
		t.Fatal(err)
	}
	args := json.RawMessage(`{"model":{"version":1,"title":"Pick","sections":[{"id":"s","blocks":[{"kind":"markdown","text":"**x** <b>"}]}],"fields":[{"kind":"text","id":"why","label":"Why"}],"submit":{"label":"Go"}}}`)
	full, err := p.Show(ctx, &tasksurface.ShowRequest{SessionID: "s1", CallID: "c1", Arguments: args, Projection: empty.View})
	if err != nil || !full.OK {
		t.Fatalf("Show = %+v, %v", full, err)
	}
	var meta struct {
		Kind      string            `json:"kind"`
		Version   int               `json:"version"`
		SurfaceID string            `json:"surfaceId"`
		Markdown  map[string]string `json:"markdown"`
	}
	if err := json.Unmarshal(full.Meta, &meta); err != nil || meta.Kind != tasksurface.MetaKind || meta.Version != tasksurface.MetaVersion || meta.SurfaceID == "" || len(meta.Markdown) != 1 {
		t.Fatalf("Meta = %s (%v), want the surface's metadata with its Markdown", full.Meta, err)
	}
	bare, err := p.Show(ctx, &tasksurface.ShowRequest{SessionID: "s2", CallID: "c1", Arguments: args, Projection: empty.View, OmitMeta: true})
	if err != nil || !bare.OK {
		t.Fatalf("Show without meta = %+v, %v", bare, err)
	}
	if len(bare.Meta) != 0 {
		t.Errorf("Show with OmitMeta answered Meta %s, want none on the wire", bare.Meta)
	}
}
