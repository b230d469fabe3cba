package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/sdk/tshost"
)

// lockedBuffer collects log lines from concurrent writers.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// A line of a session log that is not JSON, such as one cut short when the
// harness crashed, is reported with its session and line when the harness
// starts, and the events around it are kept.
func TestOpenReportsUnreadableLines(t *testing.T) {
	t.Parallel()
	plugin, digest := buildPlugin(t)
	call := `{"type":"tool/call","seq":0,"data":{"callId":"c1","name":"show_task_surface","arguments":"{}"}}`
	tests := []struct {
		name   string
		log    string
		events int
		line   string
	}{
		{"a clean log", call + "\n", 1, ""},
		{"a torn last line", call + "\n" + `{"type":"tool/re`, 1, "line 2"},
		{"a torn line before more events", call + "\n{\n" + strings.Replace(call, `"seq":0`, `"seq":1`, 1) + "\n", 2, "line 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "s1.jsonl"), []byte(tt.log), 0o600); err != nil {
				t.Fatal(err)
			}
			logs := &lockedBuffer{}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			h, err := Open(ctx, dir, tshost.Config{Path: plugin, SHA256: digest, Logger: hclog.New(&hclog.LoggerOptions{Output: logs, Level: hclog.Error})})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close(context.Background())
			if n := len(h.Kit().Log("s1")); n != tt.events {
				t.Errorf("%d events loaded, want %d", n, tt.events)
			}
			reported := strings.Contains(logs.String(), "holds no event")
			switch {
			case tt.line == "" && reported:
				t.Errorf("a clean log was reported:\n%s", logs)
			case tt.line != "" && (!reported || !strings.Contains(logs.String(), tt.line)):
				t.Errorf("the report does not name %s:\n%s", tt.line, logs)
			}
		})
	}
}
