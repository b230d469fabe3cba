package refhost_test

import (
	"context"
	"testing"

	"github.com/dsh-community/task-surface/sdk/refhost"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Trace reports each host service call with its session, in order, with
// its answer after its request; after Trace(nil) nothing is reported.
func TestTrace(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	h := refhost.New(nil)
	session := h.ImportSession(nil)
	var hops []refhost.Hop
	h.Trace(func(hp refhost.Hop) { hops = append(hops, hp) })
	if _, err := h.ReadToolResult(ctx, &tasksurface.ReadToolResultRequest{SessionID: session, CallID: "call_1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.AdmitUserMessage(ctx, &tasksurface.AdmitUserMessageRequest{SessionID: session, MessageID: "m1", Text: "hi"}); err != nil {
		t.Fatal(err)
	}
	h.Trace(nil)
	if _, err := h.ReadToolResult(ctx, &tasksurface.ReadToolResultRequest{SessionID: session, CallID: "call_1"}); err != nil {
		t.Fatal(err)
	}
	want := []string{"ReadToolResult", "AdmitUserMessage"}
	if len(hops) != len(want) {
		t.Fatalf("got %d hops %+v, want %v", len(hops), hops, want)
	}
	for i, hp := range hops {
		if hp.Service != want[i] || hp.SessionID != session || hp.Out.Before(hp.In) {
			t.Errorf("hop %d = %+v, want %s in session %s, answered after it arrived", i, hp, want[i], session)
		}
	}
}
