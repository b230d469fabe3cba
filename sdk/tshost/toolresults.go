package tshost

import (
	"encoding/json"
	"sync"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ToolResults indexes the presentation metadata of the tool results in
// session logs by call id, so a host finds the open surface's metadata
// (tasksurface.Snapshot.OpeningMeta, when the plugin answers MetaNeeded)
// however long the log grows. The harness hands it every event it appends;
// only tool/result events with metadata are kept. It is safe for
// concurrent use.
type ToolResults struct {
	mu       sync.Mutex
	sessions map[tasksurface.SessionID]map[tasksurface.CallID]json.RawMessage
}

// NewToolResults returns an empty index.
func NewToolResults() *ToolResults {
	return &ToolResults{sessions: map[tasksurface.SessionID]map[tasksurface.CallID]json.RawMessage{}}
}

// Add indexes the tool/result events among events appended to a session's
// log; the last result of a call wins, and a result without metadata
// forgets the call's.
func (t *ToolResults) Add(sessionID tasksurface.SessionID, events ...tasksurface.Event) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, e := range events {
		if e.Type != tasksurface.EventToolResult {
			continue
		}
		var d tasksurface.ToolResult
		if json.Unmarshal(e.Data, &d) != nil || d.Message.Source.CallID == "" {
			continue
		}
		calls := t.sessions[sessionID]
		if len(d.Meta) == 0 {
			delete(calls, d.Message.Source.CallID)
			continue
		}
		if calls == nil {
			calls = map[tasksurface.CallID]json.RawMessage{}
			t.sessions[sessionID] = calls
		}
		calls[d.Message.Source.CallID] = d.Meta
	}
}

// Meta returns the metadata of a call's result, or nil.
func (t *ToolResults) Meta(sessionID tasksurface.SessionID, callID tasksurface.CallID) json.RawMessage {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.sessions[sessionID][callID]
}

// OpeningMeta returns the metadata of the result that opened the surface a
// session's projection view names as open, or nil when none is open or the
// index does not hold it: what a Snapshot carries when the plugin answered
// MetaNeeded.
func (t *ToolResults) OpeningMeta(sessionID tasksurface.SessionID, view json.RawMessage) json.RawMessage {
	open, ok := ActiveSurface(view)
	if !ok {
		return nil
	}
	return t.Meta(sessionID, open.CallID)
}

// Reset forgets a session's index, for a log that was rewound or forked.
func (t *ToolResults) Reset(sessionID tasksurface.SessionID) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.sessions, sessionID)
}
