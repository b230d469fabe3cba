package tasksurface

import (
	"encoding/json"
	"fmt"
)

// The session event types the plugin's fold reads (its projection declares
// them in ProjectionDeclaration.EventTypes). A harness's log must hold them
// in the shapes of ToolCall, ToolResult, UserMessage, CommandRun and
// CommandDone; events of other types are passed to the fold and ignored.
const (
	// EventToolCall is a tool call; its data is a ToolCall.
	EventToolCall = "tool/call"
	// EventToolResult is a tool result; its data is a ToolResult.
	EventToolResult = "tool/result"
	// EventUserMessage is a durable user message; its data is a
	// UserMessage.
	EventUserMessage = "user/message"
	// EventCommandRun starts a slash command; its data is a CommandRun.
	EventCommandRun = "command/run"
	// EventCommandDone settles a slash command; its data is a CommandDone.
	EventCommandDone = "command/done"
)

// LogEventTypes returns the event types the fold reads, in a fixed order.
func LogEventTypes() []string {
	return []string{EventToolCall, EventToolResult, EventUserMessage, EventCommandRun, EventCommandDone}
}

// Event is one entry of a session log in the envelope the fold reads:
// {type, seq, time, data}. FoldRequest.Events are Events encoded as JSON.
type Event struct {
	// Type is the event type, one of the Event* constants for the events
	// the fold reads.
	Type string `json:"type"`
	// Seq is the event's position in the session log: a non-negative
	// integer that grows with every event.
	Seq int64 `json:"seq"`
	// Time is the append time in Unix milliseconds; the fold ignores it.
	Time int64 `json:"time,omitempty"`
	// Data is the event's payload.
	Data json.RawMessage `json:"data"`
}

// EventData is the payload of an event the fold reads: ToolCall,
// ToolResult, UserMessage, CommandRun or CommandDone.
type EventData interface {
	// EventType is the type of the events that carry this payload.
	EventType() string
}

// NewEvent wraps data in an event at position seq of the log.
func NewEvent(seq int64, data EventData) (Event, error) {
	raw, err := json.Marshal(data)
	if err != nil {
		return Event{}, fmt.Errorf("tasksurface: encode %s event at seq %d: %w", data.EventType(), seq, err)
	}
	return Event{Type: data.EventType(), Seq: seq, Data: raw}, nil
}

// Encode returns the event as JSON, the form FoldRequest.Events carries.
func (e Event) Encode() (json.RawMessage, error) {
	if len(e.Data) == 0 {
		e.Data = json.RawMessage("null")
	}
	raw, err := json.Marshal(e)
	if err != nil {
		return nil, fmt.Errorf("tasksurface: encode %s event at seq %d: %w", e.Type, e.Seq, err)
	}
	return raw, nil
}

// LogProblem is an event of a type the fold reads that it could not read:
// the fold leaves the projection unchanged for it, so a harness whose log
// is written wrongly would otherwise see no surface open and no error.
type LogProblem struct {
	// Index is the event's position in FoldRequest.Events, or -1 for a
	// line of a log file that holds no event (ReadLog).
	Index int `json:"index"`
	// Line is the 1-based line of the log file the problem is on, when
	// the events were read with ReadLog; 0 otherwise.
	Line int `json:"line,omitempty"`
	// Seq is the event's seq, or -1 when the seq itself is unreadable.
	Seq int64 `json:"seq"`
	// Type is the event's type.
	Type string `json:"type"`
	// Problem says what is wrong; its Pointer points into the event
	// ("/data/message/source/callId").
	Problem Problem `json:"problem"`
}

// String renders the problem with the event or the line it is about.
func (p LogProblem) String() string {
	switch {
	case p.Index < 0:
		return fmt.Sprintf("line %d: %s", p.Line, p.Problem)
	case p.Type == "":
		return fmt.Sprintf("event %d: %s", p.Index, p.Problem)
	}
	return fmt.Sprintf("event seq %d (%s): %s", p.Seq, p.Type, p.Problem)
}
