package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto2"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ValidateRequest converts a validation request.
func ValidateRequest(in *tasksurface.ValidateRequest) *tsproto2.ValidateRequest {
	return &tsproto2.ValidateRequest{ModelJson: in.Model}
}

// ValidateResponse converts a validation response.
func ValidateResponse(in *tasksurface.ValidateResponse) *tsproto2.ValidateResponse {
	return &tsproto2.ValidateResponse{Valid: in.Valid, Problems: Problems(in.Problems), NormalizedJson: in.Normalized}
}
