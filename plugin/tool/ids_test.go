package tool

import (
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Minted surface ids are valid ids and do not repeat.
func TestNewSurfaceID(t *testing.T) {
	t.Parallel()
	a, b := newSurfaceID(), newSurfaceID()
	if !tasksurface.ValidID(a) || a == b {
		t.Errorf("newSurfaceID() = %q then %q, want two different valid ids", a, b)
	}
}
