package tasksurface

import "encoding/json"

// GetActiveRequest asks for the open surface of a session.
type GetActiveRequest struct {
	// SessionID is the session.
	SessionID SessionID `json:"sessionId,omitempty"`
	// SurfaceID, when set, must name the open surface.
	SurfaceID SurfaceID `json:"surfaceId,omitempty"`
	// Projection, when set, is the session's current projection view; the
	// plugin uses it instead of asking Host.ReadProjection (one round trip
	// fewer). Leave it out unless it is as current as ReadProjection's
	// answer would be. Since contract 1.1.
	Projection json.RawMessage `json:"projection,omitempty"`
	// ModelHeld says the caller holds the model and Markdown of SurfaceID
	// already, as a client reading its open surface again does (a surface's
	// model never changes): when SurfaceID is the open surface, the answer
	// leaves Model and Markdown empty and the plugin neither encodes nor sends
	// them. A plugin older than contract 1.2 ignores it and sends both.
	ModelHeld bool `json:"modelHeld,omitempty"`
}

// PendingSubmission is the one submission in flight for a surface.
type PendingSubmission struct {
	// SubmissionID is the client's id for the attempt.
	SubmissionID SubmissionID `json:"submissionId"`
	// MessageID is the id of the admitted user message.
	MessageID MessageID `json:"messageId"`
	// Phase is PhaseQueued or PhaseClaiming.
	Phase Phase `json:"phase"`
}

// GetActiveResponse is the open surface, or why there is none.
type GetActiveResponse struct {
	// Active is true when a surface is open.
	Active bool `json:"active,omitempty"`
	// CallID is the show_task_surface call that opened it.
	CallID CallID `json:"callId,omitempty"`
	// SurfaceID is the open surface.
	SurfaceID SurfaceID `json:"surfaceId,omitempty"`
	// Model is the normalised model; empty when the request said ModelHeld.
	Model json.RawMessage `json:"model,omitempty"`
	// Markdown maps each markdown block's JSON Pointer to sanitised HTML;
	// empty when the request said ModelHeld.
	Markdown json.RawMessage `json:"markdown,omitempty"`
	// Pending is the submission in flight, or nil.
	Pending *PendingSubmission `json:"pending,omitempty"`
	// Reason is set when Active is false: ReasonNotOpen or ReasonStale.
	Reason Reason `json:"reason,omitempty"`
}
