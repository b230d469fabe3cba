package fold

import (
	"encoding/json"
	"fmt"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Bounds of the state. They keep the projection small no matter how long the
// session grows.
const (
	// MaxCalls bounds the show_task_surface calls awaiting their result.
	MaxCalls = 16
	// MaxDismissals bounds the dismissal command runs awaiting their done
	// event.
	MaxDismissals = 16
	// MaxOutcomes bounds the closed surfaces remembered.
	MaxOutcomes = 16
)

// Outcomes of a closed surface: the contract's words (tasksurface.Outcome).
const (
	// OutcomeSubmitted means a correlated user message answered the surface.
	OutcomeSubmitted = tasksurface.OutcomeSubmitted
	// OutcomeDismissed means a dismissal command closed the surface.
	OutcomeDismissed = tasksurface.OutcomeDismissed
	// OutcomeBypassed means an ordinary user message superseded the surface.
	OutcomeBypassed = tasksurface.OutcomeBypassed
	// OutcomeReplaced means another surface opened while this one was open.
	OutcomeReplaced = tasksurface.OutcomeReplaced
)

// Occurrence identifies one opened surface: the call that opened it and the
// surface id it minted (the view's shape, declared in sdk/tasksurface).
type Occurrence = tasksurface.OpenSurface

// PendingDismissal is a dismissal command run whose command/done has not
// been folded yet.
type PendingDismissal struct {
	// CommandID is the command run.
	CommandID string `json:"commandId"`
	// SurfaceID is the surface the run names, or "" for the open one.
	SurfaceID string `json:"surfaceId"`
	// DismissalID is the client's dismissal id, when the run names one.
	DismissalID string `json:"dismissalId,omitempty"`
}

// Outcome records how a surface closed (the view's shape, declared in
// sdk/tasksurface).
type Outcome = tasksurface.ClosedSurface

// State is the projection state. The zero State, like Init, is the state of
// an empty log. Apply never modifies a State it is given, so States may
// share backing arrays.
type State struct {
	// Active is the open surface, or nil.
	Active *Occurrence `json:"active"`
	// Calls are show_task_surface call ids awaiting their result, oldest
	// first.
	Calls []string `json:"calls"`
	// Dismissals are dismissal command runs awaiting their done event,
	// oldest first.
	Dismissals []PendingDismissal `json:"dismissals"`
	// Outcomes are the last closed surfaces, oldest first.
	Outcomes []Outcome `json:"outcomes"`
}

// Init returns the state of an empty log.
func Init() State {
	return State{}.withLists()
}

// withLists returns s with empty lists in place of nil ones.
func (s State) withLists() State {
	if s.Calls == nil {
		s.Calls = []string{}
	}
	if s.Dismissals == nil {
		s.Dismissals = []PendingDismissal{}
	}
	if s.Outcomes == nil {
		s.Outcomes = []Outcome{}
	}
	return s
}

// MarshalJSON writes the state with empty lists as [] rather than null, in
// the shape and key order of the JavaScript twin's state.
func (s State) MarshalJSON() ([]byte, error) {
	type plain State
	return json.Marshal(plain(s.withLists()))
}

// UnmarshalJSON reads a state written by MarshalJSON or by the JavaScript
// twin. Unknown keys are an error, so a state of another shape is never
// half-read.
func (s *State) UnmarshalJSON(b []byte) error {
	type plain State
	var p plain
	if err := decodeStrict(b, &p); err != nil {
		return fmt.Errorf("fold state: %w", err)
	}
	if p.Active != nil && (p.Active.CallID == "" || p.Active.SurfaceID == "") {
		return fmt.Errorf("fold state: active surface without call id or surface id")
	}
	*s = State(p).withLists()
	return nil
}
