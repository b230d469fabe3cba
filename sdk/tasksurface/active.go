package tasksurface

import "encoding/json"

// GetActiveRequest asks for the open surface of a session.
type GetActiveRequest struct {
	// SessionID is the session.
	SessionID SessionID `json:"sessionId,omitempty"`
	// SurfaceID, when set, must name the open surface.
	SurfaceID SurfaceID `json:"surfaceId,omitempty"`
	// ModelHeld says the caller holds the model and Markdown of SurfaceID
	// already, as a client reading its open surface again does (a surface's
	// model never changes): when SurfaceID is the open surface, the answer
	// leaves Model and Markdown empty and the plugin neither encodes nor
	// sends them.
	ModelHeld bool `json:"modelHeld,omitempty"`
	// Snapshot is the session as the host holds it.
	Snapshot Snapshot `json:"snapshot"`
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
	// Reason is set when Active is false: always ReasonNotOpen.
	Reason Reason `json:"reason,omitempty"`
	// MetaNeeded says the plugin does not hold the open surface's model:
	// ask again with Snapshot.OpeningMeta. Nothing else is set.
	MetaNeeded bool `json:"metaNeeded,omitempty"`
}
