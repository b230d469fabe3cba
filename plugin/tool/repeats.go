package tool

import (
	"fmt"
	"strings"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// minRepeats is the fewest identical problems at sibling pointers that
// InvalidModel writes as one line.
const minRepeats = 3

// shownRepeats is how many of the other pointers such a line names.
const shownRepeats = 3

// repeat is a problem as InvalidModel writes it: with the pointers of the
// identical problems folded into it.
type repeat struct {
	tasksurface.Problem
	others []string
}

// foldRepeats folds identical problems at sibling pointers (the same code
// and message, pointers that differ only in their array indexes, such as
// /fields/0/options/3/id and /fields/2/options/4/id) into the first of
// them, when there are at least minRepeats, so that one mistake repeated
// over thirty options reads as one line. The problems themselves (the
// response's list) stay whole; only the text folds them.
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
				continue
			}
			first[key] = len(out)
		}
		out = append(out, repeat{Problem: p})
	}
	return out
}

// siblingKey is p's code, message and pointer with its array indexes left
// out; ok is false for a pointer without an index.
func siblingKey(p tasksurface.Problem) (string, bool) {
	toks := jsonpointer.Tokens(p.Pointer)
	indexed := false
	for i, tok := range toks {
		if jsonpointer.IsIndex(tok) {
			toks[i], indexed = "*", true
		}
	}
	return string(p.Code) + "\x00" + p.Message + "\x00" + strings.Join(toks, "\x00"), indexed
}

// also says where else the same problem is, for the end of its line.
func (r repeat) also() string {
	if len(r.others) == 0 {
		return ""
	}
	shown := r.others[:min(len(r.others), shownRepeats)]
	more := ""
	if len(r.others) > len(shown) {
		more = ", …"
	}
	return fmt.Sprintf(" The same at %d more places: %s%s.", len(r.others), strings.Join(shown, ", "), more)
}
