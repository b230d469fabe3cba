package tasksurface_test

import (
	"encoding/json"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// WithRpcID adds the request id to a source and keeps every other member.
func TestWithRpcID(t *testing.T) {
	t.Parallel()
	src := json.RawMessage(`{"kind":"user","taskSurface":{"version":1,"submissionId":"s1","callId":"c1","surfaceId":"tsf_1","values":{"a":1}}}`)
	got, ok := tasksurface.ParseMessageSource(tasksurface.WithRpcID(src, "rpc-7"))
	if !ok || got.Kind != "user" || got.RpcID != "rpc-7" || got.TaskSurface == nil ||
		got.TaskSurface.SurfaceID != "tsf_1" || got.TaskSurface.SubmissionID != "s1" || string(got.TaskSurface.Values) != `{"a":1}` {
		t.Errorf("WithRpcID = %+v", got)
	}
	if out := tasksurface.WithRpcID(json.RawMessage(`"user"`), "rpc-7"); string(out) != `"user"` {
		t.Errorf("WithRpcID on a non-object = %s", out)
	}
}
