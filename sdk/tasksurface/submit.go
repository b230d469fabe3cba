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
	// Projection, when set, is the session's current projection view, as
	// for GetActiveRequest. Since contract 1.1.
	Projection json.RawMessage `json:"projection,omitempty"`
}

// SubmitResponse is the outcome of a submission.
type SubmitResponse struct {
	// Accepted is true when the message was admitted (or had been, for a
	// retry of the same SubmissionID).
	Accepted bool `json:"accepted,omitempty"`
	// MessageID is the admitted user message.
	MessageID MessageID `json:"messageId,omitempty"`
	// Phase is PhaseQueued for an accepted submission.
	Phase Phase `json:"phase,omitempty"`
	// Reason is set when Accepted is false.
	Reason Reason `json:"reason,omitempty"`
	// Problems lists what is wrong with the values, with pointers into the
	// values document.
	Problems []Problem `json:"problems,omitempty"`
}
