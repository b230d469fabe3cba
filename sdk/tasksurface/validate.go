package tasksurface

import "encoding/json"

// ValidateRequest parses a model without opening a surface.
type ValidateRequest struct {
	// Model is the model document (not the tool arguments).
	Model json.RawMessage `json:"model,omitempty"`
}

// ValidateResponse is the outcome of a validation.
type ValidateResponse struct {
	// Valid is true when the model has no problems.
	Valid bool `json:"valid,omitempty"`
	// Problems lists what is wrong, with pointers into the model.
	Problems []Problem `json:"problems,omitempty"`
	// Normalized is the normalised model when Valid is true.
	Normalized json.RawMessage `json:"normalized,omitempty"`
}
