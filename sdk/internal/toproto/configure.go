package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto2"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ConfigureRequest converts a configuration request.
func ConfigureRequest(in *tasksurface.ConfigureRequest) *tsproto2.ConfigureRequest {
	return &tsproto2.ConfigureRequest{Limits: Limits(in.Limits), HostName: in.HostName}
}

// ConfigureResponse converts a configuration response.
func ConfigureResponse(in *tasksurface.ConfigureResponse) *tsproto2.ConfigureResponse {
	return &tsproto2.ConfigureResponse{
		EffectiveLimits: Limits(in.EffectiveLimits),
		Problems:        Problems(in.Problems),
	}
}
