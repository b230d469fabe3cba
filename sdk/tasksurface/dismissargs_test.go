package tasksurface_test

import (
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

func TestParseDismissArgs(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		args               string
		surface, dismissal string
		ok                 bool
	}{
		"bare verb means the open surface": {"dismiss", "", "", true},
		"surface only":                     {"dismiss tsf_1", "tsf_1", "", true},
		"surface and dismissal":            {" dismiss  tsf_1 d-1 ", "tsf_1", "d-1", true},
		"round trip of DismissArgs":        {tasksurface.DismissArgs("tsf_2", "d:2"), "tsf_2", "d:2", true},
		"empty":                            {"", "", "", false},
		"another verb":                     {"submit tsf_1", "", "", false},
		"too many words":                   {"dismiss a b c", "", "", false},
		"invalid surface id":               {"dismiss __proto__", "", "", false},
		"invalid dismissal id":             {"dismiss tsf_1 <x>", "", "", false},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s, d, ok := tasksurface.ParseDismissArgs(tc.args)
			if string(s) != tc.surface || string(d) != tc.dismissal || ok != tc.ok {
				t.Errorf("ParseDismissArgs(%q) = %q, %q, %v; want %q, %q, %v", tc.args, s, d, ok, tc.surface, tc.dismissal, tc.ok)
			}
		})
	}
}
