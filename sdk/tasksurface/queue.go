package tasksurface

import "encoding/json"

// QueueEventKind says what the host did with a decision, or what happened
// to a queued message since: the Kind of a QueueEvent that a host reports
// through ObserveQueue.
type QueueEventKind string

// The kinds a host reports through ObserveQueue. QueueEventKinds lists
// them all.
const (
	// QueueAdmitted means the host admitted an Admission's message to the
	// queue.
	QueueAdmitted QueueEventKind = "admitted"
	// QueueRefused means the host did not admit an Admission's message;
	// the event's Reason says why (ReasonMovedOn, ReasonNotOpen, or the
	// host's own words).
	QueueRefused QueueEventKind = "refused"
	// QueueClaimed means the agent took the message for a turn.
	QueueClaimed QueueEventKind = "claimed"
	// QueueDiscarded means the agent dropped a claimed message, or the
	// host dropped a queued one.
	QueueDiscarded QueueEventKind = "discarded"
	// QueueCommitted means the message became a durable user message.
	QueueCommitted QueueEventKind = "committed"
	// QueueEdited means the message's content was replaced in the queue.
	QueueEdited QueueEventKind = "edited"
	// QueueSteered means the message was moved into the running turn.
	QueueSteered QueueEventKind = "steered"
	// QueueRemoved means the message was removed from the queue.
	QueueRemoved QueueEventKind = "removed"
	// QueueRecorded means the host wrote a DismissalRecord; EventSeq is
	// the record's seq.
	QueueRecorded QueueEventKind = "recorded"
	// QueueNotRecorded means the host did not write a DismissalRecord; the
	// event's Reason says why.
	QueueNotRecorded QueueEventKind = "not-recorded"
)

// QueueEventKinds returns every kind a host reports, in declaration order.
func QueueEventKinds() []QueueEventKind {
	return []QueueEventKind{QueueAdmitted, QueueRefused, QueueClaimed, QueueDiscarded, QueueCommitted,
		QueueEdited, QueueSteered, QueueRemoved, QueueRecorded, QueueNotRecorded}
}

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

// QueueEvent reports what happened to a queued message. It is
// informational: the plugin logs it and no decision reads it. Send ids
// (MessageID, SurfaceID), not Source.
type QueueEvent struct {
	// SessionID is the session.
	SessionID SessionID `json:"sessionId,omitempty"`
	// Kind is one of the Queue* kinds.
	Kind QueueEventKind `json:"kind,omitempty"`
	// MessageID is the message.
	MessageID MessageID `json:"messageId,omitempty"`
	// Source is the message's source.
	Source json.RawMessage `json:"source,omitempty"`
	// EventSeq is the log seq of the event that made the change, or 0 when
	// no event did: for QueueAdmitted, QueueDiscarded, QueueRemoved,
	// QueueEdited and QueueSteered the host's own queue event; for
	// QueueCommitted the user/message event; for QueueRecorded the
	// record's command/done event; for QueueClaimed the host's claim event
	// if it writes one, else 0.
	EventSeq int64 `json:"eventSeq,omitempty"`
	// Text is the message's current text, for QueueEdited.
	Text string `json:"text,omitempty"`
	// Reason says why, for QueueRefused, QueueNotRecorded and a
	// QueueDiscarded the host chose: one of the QueueReason constants, or
	// the host's own sentence.
	Reason QueueReason `json:"reason,omitempty"`
	// SurfaceID and DismissalID name the dismissal of QueueRecorded and
	// QueueNotRecorded.
	SurfaceID SurfaceID `json:"surfaceId,omitempty"`
	// DismissalID: see SurfaceID.
	DismissalID DismissalID `json:"dismissalId,omitempty"`
}

// QueueEventResponse is the plugin's answer to a queue event: empty. The
// plugin decides from snapshots alone and only logs reports.
type QueueEventResponse struct{}

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

// QueueReason says why a host did not carry out a decision, or dropped a
// queued message: the Reason of a QueueEvent. A host sends one of the
// constants, whose values are the Reason words of the same name, or its
// own sentence (QueueReason(err.Error())), which the plugin logs as it is.
type QueueReason string

// The reasons of a queue report. QueueReasons lists them.
const (
	// QueueReasonMovedOn means an ordinary message went first, so the
	// submission was refused or dropped (ReasonMovedOn).
	QueueReasonMovedOn QueueReason = QueueReason(ReasonMovedOn)
	// QueueReasonNotOpen means the surface was no longer open when the host
	// acted (ReasonNotOpen).
	QueueReasonNotOpen QueueReason = QueueReason(ReasonNotOpen)
	// QueueReasonAdmissionRefused means the host's queue refused the message
	// (ReasonAdmissionRefused).
	QueueReasonAdmissionRefused QueueReason = QueueReason(ReasonAdmissionRefused)
)

// QueueReasons returns every QueueReason constant, in declaration order.
func QueueReasons() []QueueReason {
	return []QueueReason{QueueReasonMovedOn, QueueReasonNotOpen, QueueReasonAdmissionRefused}
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
