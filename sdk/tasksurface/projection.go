package tasksurface

import "encoding/json"

// ProjectionView is the view of the session projection (ProjectionKey):
// the open surface and the last closed ones, oldest first. The plugin's fold
// writes it (FoldResponse.View), a host hands it back in every Snapshot and
// ShowRequest, and the browser reads it; this type is its one declaration,
// from which tools/contractgen writes the JavaScript and TypeScript names.
// It is written with an empty Outcomes as [], never null.
type ProjectionView struct {
	// Active is the open surface, or nil.
	Active *OpenSurface `json:"active"`
	// Outcomes are the last closed surfaces, oldest first (the fold keeps
	// at most 16).
	Outcomes []ClosedSurface `json:"outcomes"`
}

// OpenSurface is a surface the projection names: the show_task_surface
// call that opened it and the surface id it minted.
type OpenSurface struct {
	// CallID is the show_task_surface call that opened the surface.
	CallID CallID `json:"callId"`
	// SurfaceID is the surface.
	SurfaceID SurfaceID `json:"surfaceId"`
}

// ClosedSurface records how a surface closed. An optional member
// (MessageID, SubmissionID, DismissalID) is left out when empty, never
// null or "".
type ClosedSurface struct {
	// CallID is the show_task_surface call that opened the surface.
	CallID CallID `json:"callId"`
	// SurfaceID is the surface.
	SurfaceID SurfaceID `json:"surfaceId"`
	// Outcome is how it closed.
	Outcome Outcome `json:"outcome"`
	// Seq is the log sequence of the event that closed the surface (for a
	// submission, the user message that carries the answers).
	Seq int64 `json:"seq"`
	// MessageID is the closing user message's id (submitted, bypassed).
	MessageID MessageID `json:"messageId,omitempty"`
	// SubmissionID is the submission's id (submitted).
	SubmissionID SubmissionID `json:"submissionId,omitempty"`
	// DismissalID is the dismissal's id, when the command named one
	// (dismissed).
	DismissalID DismissalID `json:"dismissalId,omitempty"`
}

// Outcome is how a surface closed, as the projection view records it
// (ClosedSurface.Outcome). A reader meets an outcome it does not know as
// any other closing.
type Outcome string

// The outcomes of a closed surface. Outcomes lists them all.
const (
	// OutcomeSubmitted means a correlated user message answered the surface.
	OutcomeSubmitted Outcome = "submitted"
	// OutcomeDismissed means a dismissal command closed the surface.
	OutcomeDismissed Outcome = "dismissed"
	// OutcomeBypassed means an ordinary user message superseded the surface.
	OutcomeBypassed Outcome = "bypassed"
	// OutcomeReplaced means another surface opened while this one was open.
	OutcomeReplaced Outcome = "replaced"
)

// Outcomes returns every outcome, in declaration order.
func Outcomes() []Outcome {
	return []Outcome{OutcomeSubmitted, OutcomeDismissed, OutcomeBypassed, OutcomeReplaced}
}

// Known reports whether o is one of Outcomes.
func (o Outcome) Known() bool {
	switch o {
	case OutcomeSubmitted, OutcomeDismissed, OutcomeBypassed, OutcomeReplaced:
		return true
	}
	return false
}

// MarshalJSON writes the view with an empty outcome list as [].
func (v ProjectionView) MarshalJSON() ([]byte, error) {
	type plain ProjectionView
	p := plain(v)
	if p.Outcomes == nil {
		p.Outcomes = []ClosedSurface{}
	}
	return json.Marshal(p)
}

// OutcomeOf returns the last closing recorded for a surface, if the view
// still remembers it.
func (v ProjectionView) OutcomeOf(surfaceID SurfaceID) (ClosedSurface, bool) {
	for i := len(v.Outcomes) - 1; i >= 0; i-- {
		if v.Outcomes[i].SurfaceID == surfaceID {
			return v.Outcomes[i], true
		}
	}
	return ClosedSurface{}, false
}
