package submission

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// problems collects findings while a submission is checked.
type problems struct {
	list []tasksurface.Problem
}

// add records one problem.
func (ps *problems) add(code, pointer, format string, args ...any) {
	ps.list = append(ps.list, tasksurface.Problem{Code: tasksurface.Code(code), Message: fmt.Sprintf(format, args...), Pointer: pointer})
}

// finish sorts, deduplicates and caps the problems: by pointer (see
// comparePointers), then code, then message.
func (ps *problems) finish() []tasksurface.Problem {
	if len(ps.list) == 0 {
		return nil
	}
	list := slices.Clone(ps.list)
	slices.SortStableFunc(list, func(a, b tasksurface.Problem) int {
		if c := comparePointers(a.Pointer, b.Pointer); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Code, b.Code); c != 0 {
			return c
		}
		return cmp.Compare(a.Message, b.Message)
	})
	list = slices.Compact(list)
	if len(list) > MaxProblems {
		more := len(list) - MaxProblems
		list = append(list[:MaxProblems:MaxProblems], tasksurface.Problem{
			Code:    CodeTooManyProblems,
			Message: fmt.Sprintf("%d more problems are not shown; fix the ones above and submit again.", more),
			Pointer: "",
		})
	}
	return list
}

// pointerEscaper escapes one JSON Pointer reference token (RFC 6901).
var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// pointerUnescaper reverses pointerEscaper.
var pointerUnescaper = strings.NewReplacer("~1", "/", "~0", "~")

// pointerAppend returns ptr extended by one reference token.
func pointerAppend(ptr, token string) string {
	return ptr + "/" + pointerEscaper.Replace(token)
}

// pointerIndex returns ptr extended by an array index.
func pointerIndex(ptr string, i int) string {
	return ptr + "/" + strconv.Itoa(i)
}

// comparePointers orders JSON Pointers token by token, the way the model
// parser does: two array indexes compare as numbers, other tokens as byte
// strings, and a pointer sorts before the pointers it is a prefix of.
func comparePointers(a, b string) int {
	ta, tb := tokens(a), tokens(b)
	for i := 0; i < len(ta) && i < len(tb); i++ {
		x, y := ta[i], tb[i]
		if isIndex(x) && isIndex(y) && len(x) != len(y) {
			return len(x) - len(y)
		}
		if c := strings.Compare(x, y); c != 0 {
			return c
		}
	}
	return len(ta) - len(tb)
}

func tokens(ptr string) []string {
	if ptr == "" {
		return nil
	}
	parts := strings.Split(ptr[1:], "/")
	for i, p := range parts {
		parts[i] = pointerUnescaper.Replace(p)
	}
	return parts
}

func isIndex(tok string) bool {
	if tok == "" || (len(tok) > 1 && tok[0] == '0') {
		return false
	}
	for i := 0; i < len(tok); i++ {
		if tok[i] < '0' || tok[i] > '9' {
			return false
		}
	}
	return true
}

// quote quotes a user-supplied string for a message, cut to 40 characters.
func quote(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		r := []rune(s)
		s = string(r[:40]) + "…"
	}
	return strconv.Quote(s)
}

func itoa(i int) string { return strconv.Itoa(i) }
