package hostkit

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// logSuffix ends the name of every session log file.
const logSuffix = ".jsonl"

// FileStorage is a Storage in a folder: one file per session,
// <session>.jsonl, holding one JSON-encoded tasksurface.Event per line.
// Append writes whole lines with O_APPEND and syncs the file before it
// returns. Load reads a file with tasksurface.ReadLog: a last line cut
// short by a crash (no newline, not JSON) is cut off the file, so the next
// append starts on a line of its own, and reported; any other line that
// holds no event is reported and left where it is.
type FileStorage struct {
	dir string
	mu  sync.Mutex // one append or repair at a time
}

var _ Storage = (*FileStorage)(nil)

// NewFileStorage returns a FileStorage in dir, creating the folder (closed
// to others) when it does not exist.
func NewFileStorage(dir string) (*FileStorage, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("hostkit: create the log folder: %w", err)
	}
	return &FileStorage{dir: dir}, nil
}

// path returns the log file of a session; a session id that is not a plain
// file name is refused.
func (f *FileStorage) path(sessionID tasksurface.SessionID) (string, error) {
	name := string(sessionID)
	if name == "" || name != filepath.Base(name) || strings.HasPrefix(name, ".") {
		return "", fmt.Errorf("hostkit: session id %q cannot name a log file", sessionID)
	}
	return filepath.Join(f.dir, name+logSuffix), nil
}

// Append writes each event as one line and syncs the file.
func (f *FileStorage) Append(_ context.Context, sessionID tasksurface.SessionID, events ...tasksurface.Event) error {
	path, err := f.path(sessionID)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	for _, e := range events {
		line, err := e.Encode()
		if err != nil {
			return err
		}
		buf.Write(line)
		buf.WriteByte('\n')
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	file, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("hostkit: open the log of session %s: %w", sessionID, err)
	}
	if _, err := file.Write(buf.Bytes()); err != nil {
		file.Close()
		return fmt.Errorf("hostkit: append to the log of session %s: %w", sessionID, err)
	}
	if err := file.Sync(); err != nil {
		file.Close()
		return fmt.Errorf("hostkit: sync the log of session %s: %w", sessionID, err)
	}
	return file.Close()
}

// Load reads a session's log, cutting a torn last line off the file.
func (f *FileStorage) Load(_ context.Context, sessionID tasksurface.SessionID) ([]tasksurface.Event, []tasksurface.LogProblem, error) {
	path, err := f.path(sessionID)
	if err != nil {
		return nil, nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	raw, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("hostkit: read the log of session %s: %w", sessionID, err)
	}
	lines, problems, err := tasksurface.ReadLog(bytes.NewReader(raw))
	if err != nil {
		return nil, nil, fmt.Errorf("hostkit: read the log of session %s: %w", sessionID, err)
	}
	if cut := tornTail(raw); cut >= 0 {
		if err := os.Truncate(path, int64(cut)); err != nil {
			return nil, nil, fmt.Errorf("hostkit: cut the torn last line off the log of session %s: %w", sessionID, err)
		}
		last := &problems[len(problems)-1]
		last.Problem.Message += fmt.Sprintf("; it was the last line, cut short, and was cut off the file (%d bytes)", len(raw)-cut)
	}
	events := make([]tasksurface.Event, 0, len(lines))
	for i, line := range lines {
		var e tasksurface.Event
		if err := json.Unmarshal(line, &e); err != nil {
			problems = append(problems, tasksurface.LogProblem{Index: i, Seq: -1, Problem: tasksurface.Problem{
				Code: tasksurface.CodeWrongType, Message: "the line is JSON but not an event {type, seq, time, data}: " + err.Error()}})
			continue
		}
		events = append(events, e)
	}
	return events, problems, nil
}

// tornTail returns where a last line cut short begins (a last line with no
// newline that is not JSON), or -1.
func tornTail(raw []byte) int {
	if len(raw) == 0 || raw[len(raw)-1] == '\n' {
		return -1
	}
	start := bytes.LastIndexByte(raw, '\n') + 1
	if tail := raw[start:]; len(bytes.TrimSpace(tail)) == 0 || json.Valid(tail) {
		return -1
	}
	return start
}

// Sessions lists the sessions with a log file.
func (f *FileStorage) Sessions(context.Context) ([]tasksurface.SessionID, error) {
	entries, err := os.ReadDir(f.dir)
	if err != nil {
		return nil, fmt.Errorf("hostkit: list the log folder: %w", err)
	}
	var out []tasksurface.SessionID
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), logSuffix); ok && e.Type().IsRegular() {
			out = append(out, tasksurface.SessionID(name))
		}
	}
	slices.Sort(out)
	return out, nil
}
