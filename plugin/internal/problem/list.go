package problem

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// MaxListed is the most problems Finish returns before a final
// too-many-problems entry.
const MaxListed = 50

// List collects problems while a document is read and checked. The zero
// value is an empty list.
type List struct {
	// Items are the problems in the order they were found.
	Items []tasksurface.Problem
}

// Add records one problem; its message is format and args as fmt.Sprintf
// writes them.
func (l *List) Add(code tasksurface.Code, pointer, format string, args ...any) {
	l.Items = append(l.Items, tasksurface.Problem{
		Code:    code,
		Message: fmt.Sprintf(format, args...),
		Pointer: pointer,
	})
}

// AddRule records one problem of a submitted value that breaks rule of its
// field, with the rule's params (tasksurface.Problem.Rule, Params) beside
// the message, format and args as fmt.Sprintf writes them.
func (l *List) AddRule(code tasksurface.Code, pointer string, rule tasksurface.Rule, params map[tasksurface.Param]string, format string, args ...any) {
	l.Add(code, pointer, format, args...)
	l.Items[len(l.Items)-1].Rule, l.Items[len(l.Items)-1].Params = rule, params
}

// Has reports whether a problem with one of codes is recorded at pointer;
// with no codes, whether any problem is.
func (l *List) Has(pointer string, codes ...tasksurface.Code) bool {
	for _, p := range l.Items {
		if p.Pointer == pointer && (len(codes) == 0 || slices.Contains(codes, p.Code)) {
			return true
		}
	}
	return false
}

// Finish returns the problems sorted (see Compare), without repeats and
// cut at MaxListed, or nil when there are none. A cut list ends with a
// too-many-problems entry whose message asks the reader to fix the ones
// above and then do retry ("call again", "submit again"). The list itself
// is left as it is.
func (l *List) Finish(retry string) []tasksurface.Problem {
	if len(l.Items) == 0 {
		return nil
	}
	list := slices.Clone(l.Items)
	slices.SortStableFunc(list, Compare)
	list = slices.CompactFunc(list, tasksurface.Problem.Equal)
	if len(list) > MaxListed {
		more := len(list) - MaxListed
		list = append(list[:MaxListed:MaxListed], tasksurface.Problem{
			Code:    tasksurface.CodeTooManyProblems,
			Message: fmt.Sprintf("%d more %s not shown; fix the ones above and %s.", more, plural(more, "problem is", "problems are"), retry),
			Pointer: "",
		})
	}
	return list
}

// Abbreviate shortens s to at most n characters for a message, marking a
// cut with "…".
func Abbreviate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

// Compare orders problems by pointer (see jsonpointer.Compare), then code,
// then message.
func Compare(a, b tasksurface.Problem) int {
	if c := jsonpointer.Compare(a.Pointer, b.Pointer); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Code, b.Code); c != 0 {
		return c
	}
	return cmp.Compare(a.Message, b.Message)
}

// MaxNamed is the most names Names writes before it counts the rest.
const MaxNamed = 10

// Names writes names for a message: each in double quotes and cut to 40
// characters, joined by ", ", the first MaxNamed of them and then how many
// more there are: `"a", "b", "c"` or `"a", …, "j" and 20 more`.
func Names(names []string) string {
	var b strings.Builder
	for i, n := range names {
		if i == MaxNamed {
			fmt.Fprintf(&b, " and %d more", len(names)-MaxNamed)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(Abbreviate(n, 40)))
	}
	return b.String()
}

// Count writes n and a noun counted right for a message: "1 option",
// "2 options", "0 options". The plural adds "s".
func Count(n int, noun string) string {
	return strconv.Itoa(n) + " " + plural(n, noun, noun+"s")
}

// plural is one for n == 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
