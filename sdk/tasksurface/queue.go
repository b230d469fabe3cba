package tasksurface

import "encoding/json"

// QueueAction is something a person or the harness may do to a queued
// message: the Action a host asks CheckQueueAction about.
type QueueAction string

// Queue actions checked through CheckQueueAction.
const (
	// ActionEdit replaces a queued message's content.
	ActionEdit QueueAction = "edit"
	// ActionSteer moves a queued message into the running turn.
	ActionSteer QueueAction = "steer"
	// ActionRemove removes a queued message.
	ActionRemove QueueAction = "remove"
)

// QueueActionRequest asks whether a queue action may proceed.
type QueueActionRequest struct {
	// SessionID is the session.
	SessionID SessionID `json:"sessionId,omitempty"`
	// MessageID is the message acted on.
	MessageID MessageID `json:"messageId,omitempty"`
	// Action is one of the Action* values.
	Action QueueAction `json:"action,omitempty"`
	// Source is the message's source.
	Source json.RawMessage `json:"source,omitempty"`
	// Phase is the message's phase: PhaseQueued, or PhaseClaiming once
	// the agent has taken it.
	Phase Phase `json:"phase,omitempty"`
}

// QueueActionResponse allows or refuses a queue action.
type QueueActionResponse struct {
	// Allowed is true when the host may apply the action.
	Allowed bool `json:"allowed,omitempty"`
	// Reason says why an action is refused, as a sentence for a person
	// (not a Reason: the host shows it as it is): one of the QueueRefusal
	// constants when the plugin refuses.
	Reason QueueRefusal `json:"reason,omitempty"`
}

// QueueRefusal is the plugin's sentence for a queue action it refuses
// (QueueActionResponse.Reason), which the host shows a person as it is.
type QueueRefusal string

// The plugin's refusals of queue actions on a Task Surface submission.
// QueueRefusals lists them.
const (
	// QueueRefusalEdit refuses an edit: the text must keep matching the
	// values the submission carries.
	QueueRefusalEdit QueueRefusal = "A Task Surface submission cannot be edited in the queue: its text must match the values it carries. " +
		"Remove it and submit the surface again."
	// QueueRefusalSteer refuses a steer: the submission answers the surface
	// as the next turn.
	QueueRefusalSteer QueueRefusal = "A Task Surface submission cannot be steered into the running turn: it answers the surface as the next turn."
	// QueueRefusalClaimed refuses a removal once the agent has taken the
	// submission.
	QueueRefusalClaimed QueueRefusal = "The Task Surface submission has already been taken for the next turn and can no longer be removed."
	// QueueRefusalUnsupported refuses an action the plugin does not know.
	QueueRefusalUnsupported QueueRefusal = "This queue action is not supported for a Task Surface submission."
)

// QueueRefusals returns every QueueRefusal constant, in declaration order.
func QueueRefusals() []QueueRefusal {
	return []QueueRefusal{QueueRefusalEdit, QueueRefusalSteer, QueueRefusalClaimed, QueueRefusalUnsupported}
}
