package tool

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// One mistake repeated over many options is one line of the text the
// model reads, with the count and every other place, and so is one rule
// broken at many ids each with its own value; two alike, alike messages
// under different parents, or messages that differ in more than a quoted
// value, stay lines of their own.
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
		{"thirty options", same(30, "/fields/0/options/%d/desc"), 1, "The same at 29 more places: /fields/0/options/1/desc, /fields/0/options/2/desc, /fields/0/options/3/desc, /fields/0/options/4/desc, /fields/0/options/5/desc, /fields/0/options/6/desc, /fields/0/options/7/desc, /fields/0/options/8/desc, /fields/0/options/9/desc, /fields/0/options/10/desc, /fields/0/options/11/desc, /fields/0/options/12/desc, /fields/0/options/13/desc, /fields/0/options/14/desc, /fields/0/options/15/desc, /fields/0/options/16/desc, /fields/0/options/17/desc, /fields/0/options/18/desc, /fields/0/options/19/desc, /fields/0/options/20/desc, /fields/0/options/21/desc, /fields/0/options/22/desc, /fields/0/options/23/desc, /fields/0/options/24/desc, /fields/0/options/25/desc, /fields/0/options/26/desc, /fields/0/options/27/desc, /fields/0/options/28/desc, /fields/0/options/29/desc."},
		{"one rule broken with three values", []tasksurface.Problem{
			{Code: "invalid-value", Pointer: "/fields/0/id", Message: `"a b" is not a valid id: use only ASCII letters.`},
			{Code: "invalid-value", Pointer: "/fields/1/id", Message: `"c\"d" is not a valid id: use only ASCII letters.`},
			{Code: "invalid-value", Pointer: "/fields/2/id", Message: `"é" is not a valid id: use only ASCII letters.`},
		}, 1, `- /fields/0/id: "a b" is not a valid id: use only ASCII letters. The same rule at 2 more places: /fields/1/id, /fields/2/id. [invalid-value]`},
		{"one rule at three keys of their own", []tasksurface.Problem{
			{Code: "invalid-value", Pointer: "/fields/0/id", Message: `"a b" is not a valid id.`},
			{Code: "invalid-value", Pointer: "/fields/0/label", Message: `"c d" is not a valid id.`},
			{Code: "invalid-value", Pointer: "/fields/0/help", Message: `"é" is not a valid id.`},
		}, 3, ""},
		{"two rules of one wording but for a number", []tasksurface.Problem{
			{Code: "too-long", Pointer: "/fields/0/label", Message: `"label" has 201 characters.`},
			{Code: "too-long", Pointer: "/fields/1/label", Message: `"label" has 202 characters.`},
			{Code: "too-long", Pointer: "/fields/2/label", Message: `"label" has 203 characters.`},
		}, 3, ""},
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
