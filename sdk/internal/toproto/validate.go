package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto1"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ValidateRequest converts a validation request.
func ValidateRequest(in *tasksurface.ValidateRequest) *tsproto1.ValidateRequest {
	return &tsproto1.ValidateRequest{ModelJson: in.Model}
}

// ValidateResponse converts a validation response.
func ValidateResponse(in *tasksurface.ValidateResponse) *tsproto1.ValidateResponse {
	return &tsproto1.ValidateResponse{Valid: in.Valid, Problems: Problems(in.Problems), NormalizedJson: in.Normalized}
}
