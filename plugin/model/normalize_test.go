package model

import (
	"bytes"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// A parsed model hands out the bytes it measured, as often as asked; an
// append to them does not reach the model.
func TestNormalizedOfAParsedModel(t *testing.T) {
	t.Parallel()
	m, problems := Parse([]byte(`{"version":1,"title":"T","sections":[],"submit":{"label":"S"}}`), tasksurface.Limits{})
	if m == nil {
		t.Fatal(problems)
	}
	a, _ := m.Normalized()
	_ = append(a, "more"...)
	b, _ := m.Normalized()
	if !bytes.Equal(a, b) || string(b) != `{"version":1,"title":"T","sections":[],"fields":[],"submit":{"label":"S"}}` {
		t.Fatalf("Normalized = %s, then %s", a, b)
	}
}
