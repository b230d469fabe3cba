package tshost

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ToolResults indexes the tool calls and results of session logs by call
// id and answers Host.ReadToolResult from the index, so the plugin finds a
// surface's model however long the log grows. The harness hands it every
// event it appends (events of other types are ignored). It is safe for
// concurrent use.
type ToolResults struct {
	mu       sync.Mutex
	sessions map[tasksurface.SessionID]map[tasksurface.CallID]*tasksurface.ReadToolResultResponse
}

// NewToolResults returns an empty index.
func NewToolResults() *ToolResults {
	return &ToolResults{sessions: map[tasksurface.SessionID]map[tasksurface.CallID]*tasksurface.ReadToolResultResponse{}}
}

// Add indexes the tool/call and tool/result events among events appended
// to a session's log; the last result of a call wins.
func (t *ToolResults) Add(sessionID tasksurface.SessionID, events ...tasksurface.Event) {
	t.mu.Lock()
	defer t.mu.Unlock()
	calls := t.sessions[sessionID]
	if calls == nil {
		calls = map[tasksurface.CallID]*tasksurface.ReadToolResultResponse{}
		t.sessions[sessionID] = calls
	}
	entry := func(callID tasksurface.CallID) *tasksurface.ReadToolResultResponse {
		r, ok := calls[callID]
		if !ok {
			r = &tasksurface.ReadToolResultResponse{}
			calls[callID] = r
		}
		return r
	}
	for _, e := range events {
		switch e.Type {
		case tasksurface.EventToolCall:
			var d tasksurface.ToolCall
			if json.Unmarshal(e.Data, &d) == nil && d.CallID != "" {
				r := entry(d.CallID)
				r.ToolName, r.ParentCallID = d.Name, d.ParentCallID
			}
		case tasksurface.EventToolResult:
			var d tasksurface.ToolResult
			if json.Unmarshal(e.Data, &d) == nil && d.Message.Source.CallID != "" {
				r := entry(d.Message.Source.CallID)
				r.Found, r.Meta = true, d.Meta
				r.IsError = d.Error != nil || hasErrorBlock(d.Message.Content)
			}
		}
	}
}

func hasErrorBlock(content []tasksurface.ToolResultContent) bool {
	for _, c := range content {
		if c.IsError {
			return true
		}
	}
	return false
}

// Reset forgets a session's index, for a log that was rewound or forked.
func (t *ToolResults) Reset(sessionID tasksurface.SessionID) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.sessions, sessionID)
}

// ReadToolResult answers Host.ReadToolResult from the index.
func (t *ToolResults) ReadToolResult(_ context.Context, req *tasksurface.ReadToolResultRequest) (*tasksurface.ReadToolResultResponse, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := &tasksurface.ReadToolResultResponse{}
	if r, ok := t.sessions[req.SessionID][req.CallID]; ok {
		*out = *r
	}
	return out, nil
}
