package refhost

import (
	"encoding/json"
	"time"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Event is one session log entry, in the envelope DeepSeek Harness writes:
// {type, seq, time, data}. It is the SDK's log contract type.
type Event = tasksurface.Event

// Message is a user message: the payload of a user/message event and of a
// queue item.
type Message = tasksurface.UserMessage

func textMessage(id tasksurface.MessageID, text string, source json.RawMessage) Message {
	return tasksurface.NewUserMessage(id, text, source)
}

func nowMillis() int64 { return time.Now().UnixMilli() }

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only ever called on values built in this package
	}
	return b
}
