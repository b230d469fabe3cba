package refhost

import (
	"encoding/json"
	"time"
)

// Event is one session log entry, in the envelope DeepSeek Harness writes:
// {type, seq, time, data}.
type Event struct {
	// Type is the event type ("tool/call", "user/message", ...).
	Type string `json:"type"`
	// Seq is the event's position in the log, from 0.
	Seq int64 `json:"seq"`
	// Time is the append time in Unix milliseconds.
	Time int64 `json:"time"`
	// Data is the event's payload.
	Data json.RawMessage `json:"data"`
}

// Message is a user message: the payload of a user/message event and of a
// queue item.
type Message struct {
	// ID is the message id.
	ID string `json:"id"`
	// Role is always "user".
	Role string `json:"role"`
	// Content is the message's content blocks.
	Content []Content `json:"content"`
	// Source says where the message came from.
	Source json.RawMessage `json:"source"`
}

// Content is one text content block.
type Content struct {
	// Type is "text".
	Type string `json:"type"`
	// Text is the text.
	Text string `json:"text"`
}

// Text returns the message's text.
func (m Message) Text() string {
	var s string
	for _, c := range m.Content {
		s += c.Text
	}
	return s
}

func textMessage(id, text string, source json.RawMessage) Message {
	return Message{ID: id, Role: "user", Content: []Content{{Type: "text", Text: text}}, Source: source}
}

func nowMillis() int64 { return time.Now().UnixMilli() }

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only ever called on values built in this package
	}
	return b
}
