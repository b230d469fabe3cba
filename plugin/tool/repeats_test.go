package tool

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// One mistake repeated over many options is one line of the text the
// model reads, with the count and the first other places; two alike, or
// alike messages under different parents, stay lines of their own.
func TestInvalidModelFoldsRepeatedProblems(t *testing.T) {
	t.Parallel()
	same := func(n int, ptr string) []tasksurface.Problem {
		var ps []tasksurface.Problem
		for i := range n {
			ps = append(ps, tasksurface.Problem{Code: "unknown-key", Pointer: fmt.Sprintf(ptr, i), Message: "remove the key \"desc\"; use \"detail\"."})
		}
		return ps
	}
	tests := []struct {
		name     string
		problems []tasksurface.Problem
		lines    int
		want     string
	}{
		{"thirty options", same(30, "/fields/0/options/%d/desc"), 1, "The same at 29 more places: /fields/0/options/1/desc, /fields/0/options/2/desc, /fields/0/options/3/desc, …."},
		{"three options", same(3, "/fields/0/options/%d/desc"), 1, "The same at 2 more places: /fields/0/options/1/desc, /fields/0/options/2/desc."},
		{"two options", same(2, "/fields/0/options/%d/desc"), 2, ""},
		{"one option in each of four fields", same(4, "/fields/%d/options/0/desc"), 1, "The same at 3 more places"},
		{"different messages", append(same(2, "/fields/0/options/%d/desc"), tasksurface.Problem{Code: "unknown-key", Pointer: "/fields/0/options/2/desc", Message: "other"}), 3, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			text := InvalidModel(tt.problems)
			lines := strings.Count(text, "\n- ")
			if lines != tt.lines || !strings.Contains(text, tt.want) {
				t.Errorf("%d problem lines, want %d with %q:\n%s", lines, tt.lines, tt.want, text)
			}
		})
	}
}
