package fromproto

import (
	"encoding/json"

	"github.com/dsh-community/task-surface/sdk/internal/tsproto2"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// FoldRequest converts a fold request.
func FoldRequest(in *tsproto2.FoldRequest) *tasksurface.FoldRequest {
	events := make([]json.RawMessage, len(in.GetEventsJson()))
	for i, e := range in.GetEventsJson() {
		events[i] = e
	}
	return &tasksurface.FoldRequest{State: raw(in.GetStateJson()), Events: events}
}

// FoldResponse converts a fold response.
func FoldResponse(in *tsproto2.FoldResponse) *tasksurface.FoldResponse {
	return &tasksurface.FoldResponse{State: raw(in.GetStateJson()), View: raw(in.GetViewJson())}
}
