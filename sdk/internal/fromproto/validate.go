package fromproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ValidateRequest converts a validation request.
func ValidateRequest(in *tsproto3.ValidateRequest) *tasksurface.ValidateRequest {
	return &tasksurface.ValidateRequest{Model: raw(in.GetModelJson())}
}

// ValidateResponse converts a validation response.
func ValidateResponse(in *tsproto3.ValidateResponse) *tasksurface.ValidateResponse {
	return &tasksurface.ValidateResponse{Valid: in.GetValid(), Problems: Problems(in.GetProblems()), Normalized: raw(in.GetNormalizedJson())}
}
