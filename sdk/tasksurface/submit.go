package tasksurface

import "encoding/json"

// SubmitRequest submits the values of an open surface.
type SubmitRequest struct {
	// SessionID is the session.
	SessionID SessionID `json:"sessionId,omitempty"`
	// SurfaceID is the surface submitted.
	SurfaceID SurfaceID `json:"surfaceId,omitempty"`
	// SubmissionID is minted by the client once per attempt and reused on
	// retry.
	SubmissionID SubmissionID `json:"submissionId,omitempty"`
	// Values maps field ids to values.
	Values json.RawMessage `json:"values,omitempty"`
	// Note is an optional free-text note.
	Note string `json:"note,omitempty"`
	// Snapshot is the session as the host holds it.
	Snapshot Snapshot `json:"snapshot"`
	// Locale is the language the client words value problems in: "zh",
	// else English (see Problem.Rule).
	Locale string `json:"locale,omitempty"`
}

// Admission is a user message the host must admit to the session's queue
// for the next turn: at once, and only while the host's state token is
// still StateToken, the token of the snapshot the plugin decided on (a
// compare-and-set). With another token the host does not admit it and
// asks again with a fresh snapshot: the rule of when to admit is the
// plugin's alone. A host that cannot admit the message at all (its queue
// refuses it) logs why in its own log.
type Admission struct {
	// MessageID is the message's id.
	MessageID MessageID `json:"messageId"`
	// Text is the message's visible text, the plugin's readable summary.
	Text string `json:"text"`
	// Source is the message's source, {kind: "user", taskSurface: {...}};
	// the host may add members of its own beside them (WithRpcID).
	Source json.RawMessage `json:"source"`
	// SurfaceID is the surface the message answers.
	SurfaceID SurfaceID `json:"surfaceId"`
	// CallID is the call that opened it.
	CallID CallID `json:"callId"`
	// StateToken is the Snapshot.StateToken the decision was made on.
	StateToken string `json:"stateToken,omitempty"`
}

// Message returns the user message to admit.
func (a *Admission) Message() UserMessage {
	return NewUserMessage(a.MessageID, a.Text, a.Source)
}

// SubmitResponse is the plugin's decision about a submission.
type SubmitResponse struct {
	// Accepted is true when the submission is, or was, accepted. With
	// Admit set the host still has to admit its message, and the
	// submission is accepted only once it has.
	Accepted bool `json:"accepted,omitempty"`
	// MessageID is the submission's user message.
	MessageID MessageID `json:"messageId,omitempty"`
	// Phase is PhaseQueued or PhaseClaiming while the message is on its
	// way, PhaseCommitted for a retry after it reached the log.
	Phase Phase `json:"phase,omitempty"`
	// Reason is set when Accepted is false.
	Reason Reason `json:"reason,omitempty"`
	// Problems lists what is wrong with the request, with pointers into it
	// ("/<fieldId>" into the values, "/submissionId").
	Problems []Problem `json:"problems,omitempty"`
	// Admit is the message the host must admit now; nil for an answer that
	// needs nothing done (a retry whose message is already on its way or
	// in the log, a refusal).
	Admit *Admission `json:"admit,omitempty"`
	// MetaNeeded as in GetActiveResponse.
	MetaNeeded bool `json:"metaNeeded,omitempty"`
}
