package tool

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// minRepeats is the fewest problems of one rule at sibling pointers that
// InvalidModel writes as one line.
const minRepeats = 3

// repeat is a problem as InvalidModel writes it: with the pointers of the
// problems of the same rule folded into it.
type repeat struct {
	tasksurface.Problem
	others []string
	// alike is whether the others' messages are the problem's own, word for
	// word (not only its rule, with other quoted values).
	alike bool
}

// foldRepeats folds the problems of one rule at sibling pointers (the same
// code, the same message but for its quoted values, pointers that differ
// only in their array indexes, such as /fields/0/options/3/id and
// /fields/2/options/4/id) into the first of them, when there are at least
// minRepeats, so that one mistake repeated over thirty options, or thirty
// ids that break the id pattern each with its own value, reads as one line
// that names every place. The problems themselves (the response's list)
// stay whole; only the text folds them.
func foldRepeats(problems []tasksurface.Problem) []repeat {
	out := make([]repeat, 0, len(problems))
	first := make(map[string]int) // sibling key -> index in out
	count := make(map[string]int)
	for _, p := range problems {
		if key, ok := siblingKey(p); ok {
			count[key]++
		}
	}
	for _, p := range problems {
		key, ok := siblingKey(p)
		if ok && count[key] >= minRepeats {
			if i, seen := first[key]; seen {
				out[i].others = append(out[i].others, p.Pointer)
				out[i].alike = out[i].alike && p.Message == out[i].Message
				continue
			}
			first[key] = len(out)
		}
		out = append(out, repeat{Problem: p, alike: true})
	}
	return out
}

// quoted matches a Go-quoted string in a message: the value a rule is
// broken with ("Field 1"), which the pointer names too.
var quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

// siblingKey is p's code, its message with every quoted value left out, and
// its pointer with its array indexes left out; ok is false for a pointer
// without an index.
func siblingKey(p tasksurface.Problem) (string, bool) {
	toks := jsonpointer.Tokens(p.Pointer)
	indexed := false
	for i, tok := range toks {
		if jsonpointer.IsIndex(tok) {
			toks[i], indexed = "*", true
		}
	}
	return string(p.Code) + "\x00" + quoted.ReplaceAllString(p.Message, `"…"`) + "\x00" + strings.Join(toks, "\x00"), indexed
}

// also names every other place of the same problem, for the end of its
// line: " The same at 2 more places: /fields/1/id, /fields/2/id.", or "the
// same rule" when the values differ.
func (r repeat) also() string {
	if len(r.others) == 0 {
		return ""
	}
	what := "The same"
	if !r.alike {
		what = "The same rule"
	}
	return fmt.Sprintf(" %s at %d more places: %s.", what, len(r.others), strings.Join(r.others, ", "))
}
