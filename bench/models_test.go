package bench

import (
	"testing"

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
		if _, problems := model.ParseArguments(args, tasksurface.DefaultLimits); len(problems) > 0 {
			t.Errorf("Model(%d) is invalid: %v", size, problems)
		}
	}
}
