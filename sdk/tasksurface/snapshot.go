package tasksurface

import "encoding/json"

// Snapshot is what the host holds of one session when it sends a request,
// read at one moment: the plugin decides from it and never asks the host
// for more. GetActive, Check, Submit and Dismiss carry one.
type Snapshot struct {
	// Projection is the session's projection view, the fold's View
	// ({active, outcomes}). Required.
	Projection json.RawMessage `json:"projection,omitempty"`
	// Queue lists every user-role message of the session that waits for
	// the agent (PhaseQueued) or that the agent has taken and that is not
	// in the log yet (PhaseClaiming), in the order the agent takes them:
	// the plugin's submissions and ordinary user messages alike.
	Queue []QueuedMessage `json:"queue,omitempty"`
	// LogSeq is the seq of the session's last log event when the snapshot
	// was read, or -1 for an empty log. Every change of the queue writes an
	// event (or ends a turn), so a snapshot whose LogSeq is at or above a
	// QueueEvent's EventSeq was read after that event's change.
	LogSeq int64 `json:"logSeq"`
	// OpeningMeta is the presentation metadata of the open surface's tool
	// result, as the log holds it. Send it when an answer said MetaNeeded;
	// it may always be sent.
	OpeningMeta json.RawMessage `json:"openingMeta,omitempty"`
}

// QueuedMessage is a user message of the session that is on its way to
// the log.
type QueuedMessage struct {
	// MessageID is the message.
	MessageID MessageID `json:"messageId,omitempty"`
	// Phase is PhaseQueued or PhaseClaiming.
	Phase Phase `json:"phase,omitempty"`
	// Source is the message's source.
	Source json.RawMessage `json:"source,omitempty"`
}

// Ordinary reports whether m is an ordinary user message: a source of kind
// "user" without a Task Surface correlation. One queued ahead of a
// submission means the conversation moved on.
func (m QueuedMessage) Ordinary() bool {
	src, ok := ParseMessageSource(m.Source)
	return ok && src.Kind == "user" && src.TaskSurface == nil
}
