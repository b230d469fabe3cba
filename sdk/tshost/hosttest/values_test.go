package hosttest_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/dsh-community/task-surface/plugin/server"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost/hostkit"
	"github.com/dsh-community/task-surface/sdk/tshost/hosttest"
)

// Values answers every example surface, typed inputs included, with
// answers the plugin accepts.
func TestValuesFitEveryExample(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "examples", "surfaces", "*.json"))
	if err != nil || len(files) < 7 {
		t.Fatalf("example surfaces %v, %v; want all seven", files, err)
	}
	ctx := t.Context()
	kit := hostkit.New(hostkit.Config{Storage: hostkit.NewMemoryStorage()})
	if err := kit.Bind(ctx, server.New("test", nil)); err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			model, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			args, _ := json.Marshal(map[string]json.RawMessage{"model": model})
			session := kit.NewSession()
			if res, err := kit.CallTool(ctx, session, "call_1", args); err != nil || !res.OK {
				t.Fatalf("CallTool = %+v, %v", res, err)
			}
			active, err := kit.GetActive(ctx, &tasksurface.GetActiveRequest{SessionID: session})
			if err != nil || !active.Active {
				t.Fatalf("GetActive = %+v, %v", active, err)
			}
			values, err := hosttest.Values(active.Model)
			if err != nil {
				t.Fatal(err)
			}
			sub, err := kit.Submit(ctx, &tasksurface.SubmitRequest{SessionID: session, SurfaceID: active.SurfaceID, SubmissionID: "sub-1", Values: values})
			if err != nil || !sub.Accepted {
				t.Errorf("the answers %s were refused: %+v, %v", values, sub, err)
			}
		})
	}
}
