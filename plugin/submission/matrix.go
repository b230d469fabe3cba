package submission

import (
	"maps"
	"slices"
	"strings"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/plugin/internal/strictjson"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// checkMatrix checks a matrix field's value: an object of row ids to an
// option id or null. Rows it leaves out are unanswered. The canonical
// value holds every row of the field.
func checkMatrix(f *model.Field, ptr string, v any, ps *problems) (any, bool) {
	answers, ok := v.(map[string]any)
	if !ok {
		ps.Add(tasksurface.CodeWrongType, ptr, "%s takes an object of row ids to option ids (or null), not %s.", quote(f.Label), strictjson.TypeName(v))
		return nil, false
	}
	good := true
	for _, row := range slices.Sorted(maps.Keys(answers)) {
		at := jsonpointer.Append(ptr, row)
		if !slices.ContainsFunc(f.Rows, func(r model.Column) bool { return r.ID == row }) {
			ps.Add(tasksurface.CodeNotAnOption, at, "%s is not a row of %s; use only %s.", quote(row), quote(f.Label), rowList(f))
			good = false
			continue
		}
		switch a := answers[row].(type) {
		case nil:
		case string:
			if !hasOption(f, a) {
				ps.Add(tasksurface.CodeNotAnOption, at, "%s is not an option of %s; use one of %s, or null.", quote(a), quote(f.Label), optionList(f))
				good = false
			}
		default:
			ps.Add(tasksurface.CodeWrongType, at, "a row of %s takes one option id or null, not %s.", quote(f.Label), strictjson.TypeName(a))
			good = false
		}
	}
	if !good {
		return nil, false
	}
	out := make(map[string]any, len(f.Rows))
	for _, r := range f.Rows {
		out[r.ID] = answers[r.ID]
	}
	return out, true
}

// matrixDefault is a matrix field's value when the values leave it out:
// its initial answers, every other row unanswered.
func matrixDefault(f model.Field) map[string]any {
	initial, _ := f.Initial.(map[string]string)
	out := make(map[string]any, len(f.Rows))
	for _, r := range f.Rows {
		if id, ok := initial[r.ID]; ok {
			out[r.ID] = id
		} else {
			out[r.ID] = nil
		}
	}
	return out
}

// rowList names a matrix field's row ids for a message.
func rowList(f *model.Field) string {
	ids := make([]string, len(f.Rows))
	for i, r := range f.Rows {
		ids[i] = quote(r.ID)
	}
	return strings.Join(ids, ", ")
}

// checkChosenCount checks the number of options a non-empty multi-choice
// answer holds against the field's minItems and maxItems.
func checkChosenCount(f *model.Field, ptr string, n int, ps *problems) bool {
	switch {
	case n == 0:
		return true
	case n < f.MinItems:
		ps.Add(tasksurface.CodeTooFew, ptr, "%s needs at least %d options chosen, not %d.", quote(f.Label), f.MinItems, n)
	case f.MaxItems > 0 && n > f.MaxItems:
		ps.Add(tasksurface.CodeTooMany, ptr, "%s takes at most %d options, not %d.", quote(f.Label), f.MaxItems, n)
	default:
		return true
	}
	return false
}
