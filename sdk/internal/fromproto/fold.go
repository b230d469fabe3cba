package fromproto

import (
	"encoding/json"

	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// FoldRequest converts a fold request.
func FoldRequest(in *tsproto3.FoldRequest) *tasksurface.FoldRequest {
	events := make([]json.RawMessage, len(in.GetEventsJson()))
	for i, e := range in.GetEventsJson() {
		events[i] = e
	}
	return &tasksurface.FoldRequest{State: raw(in.GetStateJson()), Events: events}
}

// FoldResponse converts a fold response.
func FoldResponse(in *tsproto3.FoldResponse) *tasksurface.FoldResponse {
	out := &tasksurface.FoldResponse{State: raw(in.GetStateJson()), View: raw(in.GetViewJson())}
	for _, p := range in.GetProblems() {
		pr := Problems([]*tsproto3.Problem{p.GetProblem()})
		out.Problems = append(out.Problems, tasksurface.LogProblem{Index: int(p.GetIndex()), Seq: p.GetSeq(), Type: p.GetType(), Problem: pr[0]})
	}
	return out
}
