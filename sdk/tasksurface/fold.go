package tasksurface

import "encoding/json"

// FoldRequest applies session events to projection state.
type FoldRequest struct {
	// State is the previous state; nil means the initial state.
	State json.RawMessage `json:"state,omitempty"`
	// Events are session events in log order, each an Event encoded as
	// JSON ({type, seq, time, data}); see LogEventTypes for the types the
	// fold reads and the payload types for their data.
	Events []json.RawMessage `json:"events,omitempty"`
}

// FoldResponse is the new projection state and its view.
type FoldResponse struct {
	// State is the new state.
	State json.RawMessage `json:"state,omitempty"`
	// View is what the projection shows.
	View json.RawMessage `json:"view,omitempty"`
	// Problems lists the events of the request of a type the fold reads
	// that it could not read, each with its position and a pointer into
	// it; the fold left the state unchanged for each.
	Problems []LogProblem `json:"problems,omitempty"`
}
