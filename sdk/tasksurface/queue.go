package tasksurface

import "encoding/json"

// Queue outcome kinds reported through ObserveQueue.
const (
	// QueueClaimed means the agent took the message for a turn.
	QueueClaimed = "claimed"
	// QueueDiscarded means the agent dropped a claimed message.
	QueueDiscarded = "discarded"
	// QueueCommitted means the message became a durable user message.
	QueueCommitted = "committed"
	// QueueEdited means the message's content was replaced in the queue.
	QueueEdited = "edited"
	// QueueSteered means the message was moved into the running turn.
	QueueSteered = "steered"
	// QueueRemoved means the message was removed from the queue.
	QueueRemoved = "removed"
)

// Queue actions checked through CheckQueueAction.
const (
	// ActionEdit replaces a queued message's content.
	ActionEdit = "edit"
	// ActionSteer moves a queued message into the running turn.
	ActionSteer = "steer"
	// ActionRemove removes a queued message.
	ActionRemove = "remove"
)

// QueueEvent reports what happened to a queued message.
type QueueEvent struct {
	// SessionID is the session.
	SessionID string
	// Kind is one of the Queue* kinds.
	Kind string
	// MessageID is the message.
	MessageID string
	// Source is the message's source.
	Source json.RawMessage
	// EventSeq is the log sequence of a committed message.
	EventSeq int64
	// Text is the message's current text, for QueueEdited.
	Text string
}

// QueueEventResponse is the plugin's answer to a queue event.
type QueueEventResponse struct {
	// Tracked is true when the message belongs to a surface the plugin
	// knows.
	Tracked bool
	// RestoreText, when set, is the canonical text the host should restore.
	RestoreText string
}

// QueueActionRequest asks whether a queue action may proceed.
type QueueActionRequest struct {
	// SessionID is the session.
	SessionID string
	// MessageID is the message acted on.
	MessageID string
	// Action is one of the Action* values.
	Action string
	// Source is the message's source.
	Source json.RawMessage
}

// QueueActionResponse allows or refuses a queue action.
type QueueActionResponse struct {
	// Allowed is true when the host may apply the action.
	Allowed bool
	// Reason says why an action is refused, as a sentence for a person
	// (not a Reason: the host shows it as it is).
	Reason string
}
