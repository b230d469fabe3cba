package fromproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ConfigureRequest converts a configuration request.
func ConfigureRequest(in *tsproto3.ConfigureRequest) *tasksurface.ConfigureRequest {
	return &tasksurface.ConfigureRequest{Limits: Limits(in.GetLimits()), HostName: in.GetHostName()}
}

// ConfigureResponse converts a configuration response.
func ConfigureResponse(in *tsproto3.ConfigureResponse) *tasksurface.ConfigureResponse {
	return &tasksurface.ConfigureResponse{
		EffectiveLimits: Limits(in.GetEffectiveLimits()),
		Problems:        Problems(in.GetProblems()),
	}
}
