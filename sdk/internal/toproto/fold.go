package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto2"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// FoldRequest converts a fold request.
func FoldRequest(in *tasksurface.FoldRequest) *tsproto2.FoldRequest {
	events := make([][]byte, len(in.Events))
	for i, e := range in.Events {
		events[i] = e
	}
	return &tsproto2.FoldRequest{StateJson: in.State, EventsJson: events}
}

// FoldResponse converts a fold response.
func FoldResponse(in *tasksurface.FoldResponse) *tsproto2.FoldResponse {
	out := &tsproto2.FoldResponse{StateJson: in.State, ViewJson: in.View}
	for _, p := range in.Problems {
		out.Problems = append(out.Problems, &tsproto2.LogProblem{Index: int32(p.Index), Seq: p.Seq, Type: validUTF8(p.Type), Problem: Problems([]tasksurface.Problem{p.Problem})[0]})
	}
	return out
}
