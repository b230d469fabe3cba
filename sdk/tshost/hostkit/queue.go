package hostkit

import (
	"encoding/json"
	"slices"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// The event types the kit writes for its queue. The plugin's fold passes
// over them; a harness that reads its log for other purposes skips them.
const (
	// EventQueued records a message admitted to the queue; its data is
	// the tasksurface.UserMessage.
	EventQueued = "hostkit/queued"
	// EventUnqueued records a message that left the queue without
	// becoming a user message (discarded or removed); its data is an
	// Unqueued.
	EventUnqueued = "hostkit/unqueued"
)

// Queued is the payload of an EventQueued event: a message admitted to the
// queue.
type Queued struct {
	// Message is the message as it will be committed.
	Message tasksurface.UserMessage `json:"message"`
}

// EventType returns EventQueued.
func (Queued) EventType() string { return EventQueued }

// Unqueued is the payload of an EventUnqueued event.
type Unqueued struct {
	// MessageID is the message that left the queue.
	MessageID tasksurface.MessageID `json:"messageId"`
	// Kind is tasksurface.QueueDiscarded or tasksurface.QueueRemoved.
	Kind tasksurface.QueueEventKind `json:"kind"`
}

// EventType returns EventUnqueued.
func (Unqueued) EventType() string { return EventUnqueued }

// QueuedMessage is a message waiting in a session's queue.
type QueuedMessage struct {
	// Message is the message.
	Message tasksurface.UserMessage
	// Claimed is true while the agent has taken it for a turn that has not
	// committed it yet.
	Claimed bool
}

// queue is one session's queue and the ids of its committed messages.
type queue struct {
	messages  []QueuedMessage
	committed map[tasksurface.MessageID]bool
}

func newQueue() *queue { return &queue{committed: map[tasksurface.MessageID]bool{}} }

// replay applies one event of the log to the queue, as it did when it was
// written; claims are not in the log, so a replayed message is unclaimed.
func (q *queue) replay(e tasksurface.Event) {
	switch e.Type {
	case EventQueued:
		var d Queued
		if json.Unmarshal(e.Data, &d) == nil && !q.known(d.Message.ID) {
			q.messages = append(q.messages, QueuedMessage{Message: d.Message})
		}
	case EventUnqueued:
		var d Unqueued
		if json.Unmarshal(e.Data, &d) == nil {
			q.drop(d.MessageID)
		}
	case tasksurface.EventUserMessage:
		var m tasksurface.UserMessage
		if json.Unmarshal(e.Data, &m) == nil && m.ID != "" {
			q.drop(m.ID)
			q.committed[m.ID] = true
		}
	}
}

// known reports whether a message is queued or committed.
func (q *queue) known(id tasksurface.MessageID) bool {
	return q.committed[id] || q.index(id) >= 0
}

func (q *queue) index(id tasksurface.MessageID) int {
	return slices.IndexFunc(q.messages, func(m QueuedMessage) bool { return m.Message.ID == id })
}

// drop takes a message out of the queue.
func (q *queue) drop(id tasksurface.MessageID) {
	q.messages = slices.DeleteFunc(q.messages, func(m QueuedMessage) bool { return m.Message.ID == id })
}

// next returns the oldest message not claimed.
func (q *queue) next() (int, bool) {
	i := slices.IndexFunc(q.messages, func(m QueuedMessage) bool { return !m.Claimed })
	return i, i >= 0
}
