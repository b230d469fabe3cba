package problem_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

func TestFinishSortsDeduplicatesAndCaps(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		fill  func(l *problem.List)
		want  []string
		count int
	}{
		{"empty", func(*problem.List) {}, nil, 0},
		{"sorted by pointer then code, repeats dropped", func(l *problem.List) {
			l.Add(tasksurface.CodeTooLong, "/a/10", "m")
			l.Add(tasksurface.CodeMissing, "/a/2", "m")
			l.Add(tasksurface.CodeEmpty, "/a/2", "m")
			l.Add(tasksurface.CodeEmpty, "/a/2", "m")
			l.Add(tasksurface.CodeWrongType, "", "m")
		}, []string{" wrong-type", "/a/2 empty", "/a/2 missing", "/a/10 too-long"}, 4},
		{"cut at MaxListed", func(l *problem.List) {
			for i := range problem.MaxListed + 3 {
				l.Add(tasksurface.CodeMissing, fmt.Sprintf("/f/%d", i), "m")
			}
		}, nil, problem.MaxListed + 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var l problem.List
			tt.fill(&l)
			got := l.Finish("try again")
			if len(got) != tt.count {
				t.Fatalf("got %d problems, want %d", len(got), tt.count)
			}
			for i, w := range tt.want {
				if s := got[i].Pointer + " " + string(got[i].Code); s != w {
					t.Errorf("problem %d = %q, want %q", i, s, w)
				}
			}
			if tt.count > problem.MaxListed {
				last := got[problem.MaxListed]
				if last.Code != tasksurface.CodeTooManyProblems || last.Message != "3 more problems are not shown; fix the ones above and try again." {
					t.Errorf("last = %+v", last)
				}
			}
		})
	}
}

func TestHasMatchesPointerAndCodes(t *testing.T) {
	t.Parallel()
	var l problem.List
	l.Add(tasksurface.CodeInvalidValue, "/fields/0/max", "max is below min")
	for _, c := range []struct {
		name    string
		pointer string
		codes   []tasksurface.Code
		want    bool
	}{
		{"any code at the pointer", "/fields/0/max", nil, true},
		{"its own code", "/fields/0/max", []tasksurface.Code{tasksurface.CodeUnknownKey, tasksurface.CodeInvalidValue}, true},
		{"another code only", "/fields/0/max", []tasksurface.Code{tasksurface.CodeUnknownKey}, false},
		{"another pointer", "/fields/0/min", nil, false},
		{"a pointer it starts", "/fields/0", nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := l.Has(c.pointer, c.codes...); got != c.want {
				t.Errorf("Has(%q, %v) = %v, want %v", c.pointer, c.codes, got, c.want)
			}
		})
	}
}

func TestNamesQuotesAndFoldsAfterTen(t *testing.T) {
	t.Parallel()
	many := make([]string, 30)
	for i := range many {
		many[i] = fmt.Sprintf("id%d", i)
	}
	tests := []struct {
		names []string
		want  string
	}{
		{nil, ""},
		{[]string{"a"}, `"a"`},
		{[]string{"a", `b"c`}, `"a", "b\"c"`},
		{many[:10], `"id0", "id1", "id2", "id3", "id4", "id5", "id6", "id7", "id8", "id9"`},
		{many, `"id0", "id1", "id2", "id3", "id4", "id5", "id6", "id7", "id8", "id9" and 20 more`},
		{[]string{strings.Repeat("x", 50)}, `"` + strings.Repeat("x", 40) + `…"`},
	}
	for _, tt := range tests {
		if got := problem.Names(tt.names); got != tt.want {
			t.Errorf("Names(%q) = %s, want %s", tt.names, got, tt.want)
		}
	}
}

func TestCountCountsNounsRight(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		n    int
		want string
	}{{0, "0 options"}, {1, "1 option"}, {2, "2 options"}} {
		if got := problem.Count(tt.n, "option"); got != tt.want {
			t.Errorf("Count(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
	var l problem.List
	for i := range problem.MaxListed + 1 {
		l.Add(tasksurface.CodeMissing, fmt.Sprintf("/f/%d", i), "m")
	}
	if got := l.Finish("try again"); got[problem.MaxListed].Message != "1 more problem is not shown; fix the ones above and try again." {
		t.Errorf("last = %q", got[problem.MaxListed].Message)
	}
}
