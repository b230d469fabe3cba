package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// A line of a session log that is not JSON, such as one cut short when the
// harness crashed, is reported with its line and left out; the events
// around it are kept.
func TestLoadReportsUnreadableLines(t *testing.T) {
	t.Parallel()
	call := `{"type":"tool/call","seq":0,"data":{"callId":"c1","name":"show_task_surface","arguments":"{}"}}`
	tests := []struct {
		name   string
		log    string
		events int
		lines  []string
	}{
		{"a clean log", call + "\n", 1, nil},
		{"a torn last line", call + "\n" + `{"type":"tool/re`, 1, []string{"line=2"}},
		{"a torn line before more events", call + "\n{\n" + call + "\n", 2, []string{"line=2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "s1.jsonl"), []byte(tt.log), 0o600); err != nil {
				t.Fatal(err)
			}
			var logs bytes.Buffer
			h := &Harness{dir: dir, logger: hclog.New(&hclog.LoggerOptions{Output: &logs}),
				logs: map[string][]tasksurface.Event{}, queues: map[string][]queued{}}
			if err := h.load(); err != nil {
				t.Fatal(err)
			}
			if n := len(h.logs["s1"]); n != tt.events {
				t.Errorf("%d events loaded, want %d", n, tt.events)
			}
			if got := strings.Count(logs.String(), "[ERROR]"); got != len(tt.lines) {
				t.Errorf("%d lines reported, want %d:\n%s", got, len(tt.lines), logs.String())
			}
			for _, line := range tt.lines {
				if !strings.Contains(logs.String(), line) {
					t.Errorf("the report does not name %s:\n%s", line, logs.String())
				}
			}
		})
	}
}
