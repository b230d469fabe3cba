package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto1"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ConfigureRequest converts a configuration request; the broker id is
// chosen by the transport.
func ConfigureRequest(in *tasksurface.ConfigureRequest, hostBrokerID uint32) *tsproto1.ConfigureRequest {
	return &tsproto1.ConfigureRequest{
		Limits:       Limits(in.Limits),
		HostBrokerId: hostBrokerID,
		HostName:     in.HostName,
	}
}

// ConfigureResponse converts a configuration response.
func ConfigureResponse(in *tasksurface.ConfigureResponse) *tsproto1.ConfigureResponse {
	return &tsproto1.ConfigureResponse{
		EffectiveLimits: Limits(in.EffectiveLimits),
		Problems:        Problems(in.Problems),
	}
}
