package tasksurface

import "encoding/json"

// FoldRequest applies session events to projection state.
type FoldRequest struct {
	// State is the previous state; nil means the initial state.
	State json.RawMessage
	// Events are session events {type, seq, data} in log order.
	Events []json.RawMessage
}

// FoldResponse is the new projection state and its view.
type FoldResponse struct {
	// State is the new state.
	State json.RawMessage
	// View is what the projection shows.
	View json.RawMessage
}
