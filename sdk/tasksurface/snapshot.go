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
	// was read, or -1 for an empty log.
	LogSeq int64 `json:"logSeq"`
	// OpeningMeta is the presentation metadata of the open surface's tool
	// result, as the log holds it. Send it when an answer said MetaNeeded;
	// it may always be sent.
	OpeningMeta json.RawMessage `json:"openingMeta,omitempty"`
	// StateToken is the host's own token of the state the snapshot was
	// read from, opaque to the plugin, which copies it into the Admission
	// or DismissalRecord it decides. The host carries a decision out only
	// while its current token is the decision's (a compare-and-set), and
	// otherwise asks again with a fresh snapshot. Two snapshots with one
	// token agree on the open surface, the queue and Dismissals.
	StateToken string `json:"stateToken,omitempty"`
	// Dismissals are the dismissal records the host is writing and has not
	// written yet: in flight, as a queued message is.
	Dismissals []DismissalInFlight `json:"dismissals,omitempty"`
}

// DismissalInFlight is a dismissal record a host is writing.
type DismissalInFlight struct {
	// SurfaceID is the surface being dismissed.
	SurfaceID SurfaceID `json:"surfaceId"`
	// DismissalID is the dismissal's id.
	DismissalID DismissalID `json:"dismissalId"`
}

// QueuedMessage is a user message of the session that is on its way to
// the log, by its ids: a snapshot never carries a submission's values.
// QueuedFrom builds one from a message's source.
type QueuedMessage struct {
	// MessageID is the message.
	MessageID MessageID `json:"messageId,omitempty"`
	// Phase is PhaseQueued or PhaseClaiming.
	Phase Phase `json:"phase,omitempty"`
	// IsOrdinary is true for an ordinary user message: a source of kind
	// "user" without a Task Surface correlation. One queued ahead of a
	// submission means the conversation moved on.
	IsOrdinary bool `json:"ordinary,omitempty"`
	// SurfaceID and SubmissionID are a Task Surface submission's
	// correlation ids; empty for any other message.
	SurfaceID SurfaceID `json:"surfaceId,omitempty"`
	// SubmissionID: see SurfaceID.
	SubmissionID SubmissionID `json:"submissionId,omitempty"`
	// Source is the message's source. A host may leave it out
	// (QueuedFrom does: the values need not travel); the plugin reads the
	// fields above first, and the ids from Source only when they are
	// empty (Ids).
	Source json.RawMessage `json:"source,omitempty"`
}

// QueuedFrom is the QueuedMessage of a message with this source: its ids,
// never its values.
func QueuedFrom(id MessageID, phase Phase, source json.RawMessage) QueuedMessage {
	m := QueuedMessage{MessageID: id, Phase: phase}
	src, ok := ParseMessageSource(source)
	switch {
	case !ok:
	case src.TaskSurface != nil:
		m.SurfaceID, m.SubmissionID = src.TaskSurface.SurfaceID, src.TaskSurface.SubmissionID
	case src.Kind == "user":
		m.IsOrdinary = true
	}
	return m
}

// Ids returns m with its ids read from Source when the host sent only the
// source.
func (m QueuedMessage) Ids() QueuedMessage {
	if len(m.Source) == 0 || m.IsOrdinary || m.SurfaceID != "" {
		return m
	}
	return QueuedFrom(m.MessageID, m.Phase, m.Source)
}

// Ordinary reports whether m is an ordinary user message (IsOrdinary, or a
// source alone of kind "user" without a Task Surface correlation).
func (m QueuedMessage) Ordinary() bool { return m.Ids().IsOrdinary }
