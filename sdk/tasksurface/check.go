package tasksurface

import "encoding/json"

// CheckRequest asks the plugin to judge the answers of the open surface as
// they stand, as a client does while the user types; nothing is sent.
type CheckRequest struct {
	// SessionID is the session.
	SessionID SessionID `json:"sessionId,omitempty"`
	// SurfaceID is the surface the answers are for.
	SurfaceID SurfaceID `json:"surfaceId,omitempty"`
	// Values maps field ids to values, as a SubmitRequest's.
	Values json.RawMessage `json:"values,omitempty"`
	// Note is the optional note.
	Note string `json:"note,omitempty"`
	// Snapshot is the session as the host holds it.
	Snapshot Snapshot `json:"snapshot"`
	// Locale is the language the client words value problems in: "zh",
	// else English (see Problem.Rule).
	Locale string `json:"locale,omitempty"`
}

// CheckResponse is the plugin's judgement of the answers.
type CheckResponse struct {
	// Checked is true when the answers were judged against the surface.
	Checked bool `json:"checked,omitempty"`
	// Problems are what a Submit of these answers would refuse, with
	// pointers into the request ("/<fieldId>..." into the values, "/note").
	Problems []Problem `json:"problems,omitempty"`
	// Unanswered lists the ids of the fields whose value counts as no
	// answer, in the model's order.
	Unanswered []string `json:"unanswered,omitempty"`
	// Reason is set when Checked is false: ReasonNotOpen or ReasonStale.
	Reason Reason `json:"reason,omitempty"`
	// MetaNeeded as in GetActiveResponse.
	MetaNeeded bool `json:"metaNeeded,omitempty"`
}
