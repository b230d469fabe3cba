package model

import (
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

func TestProblemPointersEscapeKeys(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		raw  string
		want string
	}{
		{"slash in an unknown key", `{"version":1,"title":"T","sections":[],"submit":{"label":"S"},"a/b":1}`, "/a~1b"},
		{"tilde in an unknown key", `{"version":1,"title":"T","sections":[],"submit":{"label":"S"},"a~b":1}`, "/a~0b"},
		{"tilde then one", `{"version":1,"title":"T","sections":[],"submit":{"label":"S"},"~1":1}`, "/~01"},
		{"slash in a row key", `{"version":1,"title":"T","sections":[{"id":"s","blocks":[{"kind":"table","columns":[{"id":"c","label":"C"}],"rows":[{"x/y~z":1}]}]}],"submit":{"label":"S"}}`, "/sections/0/blocks/0/rows/0/x~1y~0z"},
		{"slash in a duplicate key", `{"version":1,"title":"T","sections":[],"submit":{"label":"S"},"a/b":1,"a/b":2}`, "/a~1b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, problems := Parse([]byte(tt.raw), tasksurface.Limits{})
			found := false
			for _, p := range problems {
				if p.Pointer == tt.want {
					found = true
				}
			}
			if !found {
				t.Errorf("no problem at %q: %v", tt.want, problems)
			}
		})
	}
}
