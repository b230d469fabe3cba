package tasksurface

import "encoding/json"

// ValidateRequest parses a model without opening a surface.
type ValidateRequest struct {
	// Model is the model document (not the tool arguments).
	Model json.RawMessage
}

// ValidateResponse is the outcome of a validation.
type ValidateResponse struct {
	// Valid is true when the model has no problems.
	Valid bool
	// Problems lists what is wrong, with pointers into the model.
	Problems []Problem
	// Normalized is the normalised model when Valid is true.
	Normalized json.RawMessage
}
