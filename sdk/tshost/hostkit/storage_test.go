package hostkit_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost/hostkit"
)

func event(seq int64) tasksurface.Event {
	return tasksurface.Event{Type: "turn/start", Seq: seq, Data: json.RawMessage(`{"n":1}`)}
}

// Both storages keep each session's events in order, list the sessions,
// and have nothing for a session never appended to.
func TestStorageKeepsEventsInOrder(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		open func(t *testing.T) hostkit.Storage
	}{
		{"memory", func(t *testing.T) hostkit.Storage { return hostkit.NewMemoryStorage() }},
		{"file", func(t *testing.T) hostkit.Storage {
			s, err := hostkit.NewFileStorage(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			return s
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ctx := t.Context()
			s := tt.open(t)
			if err := s.Append(ctx, "b", event(0), event(1)); err != nil {
				t.Fatal(err)
			}
			if err := s.Append(ctx, "a", event(0)); err != nil {
				t.Fatal(err)
			}
			if err := s.Append(ctx, "b", event(2)); err != nil {
				t.Fatal(err)
			}
			events, problems, err := s.Load(ctx, "b")
			if err != nil || len(problems) != 0 {
				t.Fatalf("Load = %v, %v", problems, err)
			}
			var seqs []int64
			for _, e := range events {
				seqs = append(seqs, e.Seq)
			}
			if !slices.Equal(seqs, []int64{0, 1, 2}) {
				t.Errorf("seqs = %v, want 0 1 2", seqs)
			}
			if ids, err := s.Sessions(ctx); err != nil || !slices.Equal(ids, []tasksurface.SessionID{"a", "b"}) {
				t.Errorf("Sessions = %v, %v; want a b", ids, err)
			}
			if events, _, err := s.Load(ctx, "never"); err != nil || len(events) != 0 {
				t.Errorf("Load of a session never appended to = %v, %v; want nothing", events, err)
			}
		})
	}
}

// A file log damaged by a crash is read back with every whole event; the
// damage is reported with its line, and a torn last line is cut off so the
// next append starts a line of its own.
func TestFileStorageRecoversADamagedLog(t *testing.T) {
	t.Parallel()
	good, _ := event(0).Encode()
	tests := []struct {
		name     string
		content  string
		events   int
		line     int
		cut      bool
		fileTail string // what the file ends with after an append
	}{
		{"a torn last line", string(good) + "\n" + `{"type":"turn/st`, 1, 2, true, string(good) + "\n" + string(good) + "\n"},
		{"a torn line in the middle", string(good) + "\n{\"ty\n" + string(good) + "\n", 2, 2, false, "{\"ty\n" + string(good) + "\n" + string(good) + "\n"},
		{"a whole last line without its newline", string(good) + "\n" + string(good), 2, 0, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ctx := t.Context()
			dir := t.TempDir()
			path := filepath.Join(dir, "s.jsonl")
			if err := os.WriteFile(path, []byte(tt.content), 0o600); err != nil {
				t.Fatal(err)
			}
			s, err := hostkit.NewFileStorage(dir)
			if err != nil {
				t.Fatal(err)
			}
			events, problems, err := s.Load(ctx, "s")
			if err != nil {
				t.Fatal(err)
			}
			if len(events) != tt.events {
				t.Errorf("%d events, want %d", len(events), tt.events)
			}
			switch {
			case tt.line == 0 && len(problems) != 0:
				t.Errorf("problems %v, want none", problems)
			case tt.line != 0 && (len(problems) != 1 || problems[0].Line != tt.line):
				t.Errorf("problems %v, want one on line %d", problems, tt.line)
			case tt.cut && !strings.Contains(problems[0].String(), "cut off the file"):
				t.Errorf("problem %v does not say the line was cut off", problems[0])
			}
			if tt.fileTail == "" {
				return
			}
			if err := s.Append(ctx, "s", event(1)); err != nil {
				t.Fatal(err)
			}
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasSuffix(strings.ReplaceAll(string(raw), `"seq":1`, `"seq":0`), tt.fileTail) {
				t.Errorf("the file after an append:\n%s\nwant it to end with:\n%s", raw, tt.fileTail)
			}
			if _, problems, _ := s.Load(ctx, "s"); len(problems) != map[bool]int{true: 0, false: 1}[tt.cut] {
				t.Errorf("a second load reports %v", problems)
			}
		})
	}
}

// A session id that could name a file outside the folder is refused.
func TestFileStorageRefusesPathsAsSessionIDs(t *testing.T) {
	t.Parallel()
	s, err := hostkit.NewFileStorage(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"", "../x", "a/b", ".hidden"} {
		if err := s.Append(t.Context(), tasksurface.SessionID(id), event(0)); err == nil {
			t.Errorf("Append to session %q succeeded", id)
		}
	}
}
