package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// FoldRequest converts a fold request.
func FoldRequest(in *tasksurface.FoldRequest) *tsproto3.FoldRequest {
	events := make([][]byte, len(in.Events))
	for i, e := range in.Events {
		events[i] = e
	}
	return &tsproto3.FoldRequest{StateJson: in.State, EventsJson: events}
}

// FoldResponse converts a fold response.
func FoldResponse(in *tasksurface.FoldResponse) *tsproto3.FoldResponse {
	out := &tsproto3.FoldResponse{StateJson: in.State, ViewJson: in.View}
	for _, p := range in.Problems {
		out.Problems = append(out.Problems, &tsproto3.LogProblem{Index: int32(p.Index), Seq: p.Seq, Type: validUTF8(p.Type), Problem: Problems([]tasksurface.Problem{p.Problem})[0]})
	}
	return out
}
