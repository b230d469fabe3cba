package hostkit

import (
	"encoding/json"
	"slices"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// The event types the kit writes for its queue, so a restarted harness
// finds its queue again in the log. They do not cross to the plugin's fold;
// a harness that reads its log for other purposes skips them.
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
	// Kind says how it left: UnqueuedDiscarded or UnqueuedRemoved.
	Kind UnqueuedKind `json:"kind"`
}

// UnqueuedKind says how a message left the queue without becoming a user
// message. Its words are those the kit has always written, so a log
// written by an older kit reads the same.
type UnqueuedKind string

const (
	// UnqueuedDiscarded: the agent dropped a claimed message whose turn
	// will not commit it (Discard), or the kit took a submission out of
	// the queue it found after a restart (Bind).
	UnqueuedDiscarded UnqueuedKind = "discarded"
	// UnqueuedRemoved: a person removed the message from the queue
	// (Remove).
	UnqueuedRemoved UnqueuedKind = "removed"
)

// EventType returns EventUnqueued.
func (Unqueued) EventType() string { return EventUnqueued }

// QueueItem is a user message waiting in a session's queue: a Task
// Surface submission the kit admitted, or an ordinary message sent with
// Send.
type QueueItem struct {
	// Message is the message as it will be committed.
	Message tasksurface.UserMessage
	// Claimed is true while the agent has taken it for a turn that has not
	// committed it yet.
	Claimed bool
}

// phase is the message's phase in a snapshot.
func (m QueueItem) phase() tasksurface.Phase {
	if m.Claimed {
		return tasksurface.PhaseClaiming
	}
	return tasksurface.PhaseQueued
}

// queue is one session's queue and the seqs of its committed messages.
type queue struct {
	messages  []QueueItem
	committed map[tasksurface.MessageID]int64
}

func newQueue() *queue { return &queue{committed: map[tasksurface.MessageID]int64{}} }

// replay applies one event of the log to the queue, as it did when it was
// written; claims are not in the log, so a replayed message is unclaimed.
func (q *queue) replay(e tasksurface.Event) {
	switch e.Type {
	case EventQueued:
		var d Queued
		if json.Unmarshal(e.Data, &d) == nil && !q.known(d.Message.ID) {
			q.messages = append(q.messages, QueueItem{Message: d.Message})
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
			q.committed[m.ID] = e.Seq
		}
	}
}

// snapshot lists the queue as a Snapshot carries it: every message, in
// the order the agent takes them, with its phase, by its ids.
func (q *queue) snapshot() []tasksurface.QueuedMessage {
	out := make([]tasksurface.QueuedMessage, len(q.messages))
	for i, m := range q.messages {
		out[i] = tasksurface.QueuedFrom(m.Message.ID, m.phase(), m.Message.Source)
	}
	return out
}

// known reports whether a message is queued or committed.
func (q *queue) known(id tasksurface.MessageID) bool {
	_, committed := q.committed[id]
	return committed || q.index(id) >= 0
}

func (q *queue) index(id tasksurface.MessageID) int {
	return slices.IndexFunc(q.messages, func(m QueueItem) bool { return m.Message.ID == id })
}

// drop takes a message out of the queue.
func (q *queue) drop(id tasksurface.MessageID) {
	q.messages = slices.DeleteFunc(q.messages, func(m QueueItem) bool { return m.Message.ID == id })
}

// next returns the oldest message not claimed.
func (q *queue) next() (int, bool) {
	i := slices.IndexFunc(q.messages, func(m QueueItem) bool { return !m.Claimed })
	return i, i >= 0
}
