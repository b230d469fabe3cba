package fromproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto1"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ConfigureRequest converts a configuration request. The host services
// are attached by the transport, which owns the broker.
func ConfigureRequest(in *tsproto1.ConfigureRequest) *tasksurface.ConfigureRequest {
	return &tasksurface.ConfigureRequest{Limits: Limits(in.GetLimits()), HostName: in.GetHostName()}
}

// ConfigureResponse converts a configuration response.
func ConfigureResponse(in *tsproto1.ConfigureResponse) *tasksurface.ConfigureResponse {
	return &tasksurface.ConfigureResponse{
		EffectiveLimits: Limits(in.GetEffectiveLimits()),
		Problems:        Problems(in.GetProblems()),
	}
}
