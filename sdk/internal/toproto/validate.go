package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ValidateRequest converts a validation request.
func ValidateRequest(in *tasksurface.ValidateRequest) *tsproto3.ValidateRequest {
	return &tsproto3.ValidateRequest{ModelJson: in.Model}
}

// ValidateResponse converts a validation response.
func ValidateResponse(in *tasksurface.ValidateResponse) *tsproto3.ValidateResponse {
	return &tsproto3.ValidateResponse{Valid: in.Valid, Problems: Problems(in.Problems), NormalizedJson: in.Normalized}
}
