package tasksurface

import "encoding/json"

// SubmitRequest submits the values of an open surface.
type SubmitRequest struct {
	// SessionID is the session.
	SessionID string
	// SurfaceID is the surface submitted.
	SurfaceID string
	// SubmissionID is minted by the client once per attempt and reused on
	// retry.
	SubmissionID string
	// Values maps field ids to values.
	Values json.RawMessage
	// Note is an optional free-text note.
	Note string
}

// SubmitResponse is the outcome of a submission.
type SubmitResponse struct {
	// Accepted is true when the message was admitted (or had been, for a
	// retry of the same SubmissionID).
	Accepted bool
	// MessageID is the admitted user message.
	MessageID string
	// Phase is PhaseQueued for an accepted submission.
	Phase Phase
	// Reason is set when Accepted is false.
	Reason Reason
	// Problems lists what is wrong with the values, with pointers into the
	// values document.
	Problems []Problem
}
