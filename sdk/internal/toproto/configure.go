package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ConfigureRequest converts a configuration request.
func ConfigureRequest(in *tasksurface.ConfigureRequest) *tsproto3.ConfigureRequest {
	return &tsproto3.ConfigureRequest{Limits: Limits(in.Limits), HostName: in.HostName}
}

// ConfigureResponse converts a configuration response.
func ConfigureResponse(in *tasksurface.ConfigureResponse) *tsproto3.ConfigureResponse {
	return &tsproto3.ConfigureResponse{
		EffectiveLimits: Limits(in.EffectiveLimits),
		Problems:        Problems(in.Problems),
	}
}
