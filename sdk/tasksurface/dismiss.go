package tasksurface

// DismissRequest closes an open surface without submitting it.
type DismissRequest struct {
	// SessionID is the session.
	SessionID SessionID `json:"sessionId,omitempty"`
	// SurfaceID is the surface dismissed.
	SurfaceID SurfaceID `json:"surfaceId,omitempty"`
	// DismissalID is minted by the client and reused on retry.
	DismissalID DismissalID `json:"dismissalId,omitempty"`
}

// DismissResponse is the outcome of a dismissal.
type DismissResponse struct {
	// Dismissed is true when the dismissal was recorded (or had been, for a
	// retry of the same DismissalID).
	Dismissed bool `json:"dismissed,omitempty"`
	// EventSeq is the log sequence of the dismissal record.
	EventSeq int64 `json:"eventSeq,omitempty"`
	// Reason is set when Dismissed is false. When the host did not record
	// the dismissal it is the host's own reason, if it gave one, else
	// ReasonNotRecorded.
	Reason Reason `json:"reason,omitempty"`
}
