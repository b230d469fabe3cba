package bench

import (
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/fold"

	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// The benchmark models are valid, and as large as their names say.
func TestModelSizes(t *testing.T) {
	t.Parallel()
	for _, size := range []int{4 << 10, 63 << 10} {
		args := Arguments(Model(size))
		if len(args) > size || len(args) < size*9/10 {
			t.Errorf("Model(%d) gives %d bytes of arguments", size, len(args))
		}
	}
	// Every size the growth curves use is valid, the smallest too.
	for _, size := range []int{1 << 10, 2 << 10, 4 << 10, 8 << 10, 16 << 10, 32 << 10, 63 << 10} {
		if _, problems := model.ParseArguments(Arguments(Model(size)), tasksurface.DefaultLimits); len(problems) > 0 {
			t.Errorf("Model(%d) is invalid: %v", size, problems)
		}
	}
}

// The benchmark log has the length asked for, and the fold sees surfaces
// open and close in it as a real session's would.
func TestLog(t *testing.T) {
	t.Parallel()
	events := Log(1000)
	if len(events) != 1000 {
		t.Fatalf("Log(1000) has %d events", len(events))
	}
	_, view, err := fold.FoldJSON(nil, events)
	if err != nil {
		t.Fatal(err)
	}
	for _, outcome := range []string{`"submitted"`, `"dismissed"`, `"bypassed"`} {
		if !strings.Contains(string(view), outcome) {
			t.Errorf("no %s surface in the folded log: %s", outcome, view)
		}
	}
}
