package submission

import (
	"slices"

	"github.com/dsh-community/task-surface/plugin/model"
)

// Values are the canonical submitted values of a surface, keyed by field
// id, with exactly one entry per field of the model:
//
//   - text: a string;
//   - choice: an option id as a string, or nil when no option is chosen;
//   - multi-choice: a []string of distinct option ids in the options'
//     declared order (never nil; empty when nothing is chosen);
//   - toggle: a bool;
//   - order: a []string holding every option id once, in the user's order,
//     or nil for a required order the user has not confirmed or changed;
//   - matrix: a map[string]any of every row id to an option id, or nil
//     when the row is unanswered;
//   - number and scale: a float64, or nil when unanswered;
//   - date: a string "YYYY-MM-DD", or nil when unanswered;
//   - tags: a []string of distinct tags, in the user's order (never nil);
//   - the user's own answer (allowOther): an Other in place of a choice's
//     option id, and a multi-choice's value becomes a []any of its option
//     ids (strings) in declared order followed by one Other.
//
// Values marshal to the JSON object a client would send.
type Values map[string]any

// DefaultValue is the value a field takes when the values document leaves
// it out: its initial value when the model declares one, else "" for text,
// nil (unanswered) for a choice, an empty list for a multi-choice, false
// for a toggle, the options' declared order for an order field (nil when
// it is required: the user must confirm it), every row unanswered but the
// initial ones for a matrix, nil
// (unanswered) for a number, scale or date, and an empty list for tags. A
// multi-choice initial is put in declared order like a submitted value.
func DefaultValue(f model.Field) any {
	switch f.Kind {
	case model.FieldText:
		s, _ := f.Initial.(string)
		return s
	case model.FieldChoice, model.FieldDate:
		if s, ok := f.Initial.(string); ok {
			return s
		}
		return nil
	case model.FieldMultiChoice:
		ids, _ := f.Initial.([]string)
		return declaredOrder(f, ids)
	case model.FieldToggle:
		b, _ := f.Initial.(bool)
		return b
	case model.FieldOrder:
		if f.Required {
			return nil // the user must confirm or change the order
		}
		if ids, ok := f.Initial.([]string); ok && len(ids) == len(f.Options) {
			return slices.Clone(ids)
		}
		return optionIDs(f)
	case model.FieldMatrix:
		return matrixDefault(f)
	case model.FieldNumber, model.FieldScale:
		if n, ok := f.Initial.(float64); ok {
			return n
		}
		return nil
	case model.FieldTags:
		tags, _ := f.Initial.([]string)
		return append([]string{}, tags...)
	}
	return nil
}

// optionIDs lists a field's option ids in declared order.
func optionIDs(f model.Field) []string {
	ids := make([]string, len(f.Options))
	for i, o := range f.Options {
		ids[i] = o.ID
	}
	return ids
}

// declaredOrder returns the option ids of f that are in chosen, in the
// options' declared order; never nil.
func declaredOrder(f model.Field, chosen []string) []string {
	out := []string{}
	for _, o := range f.Options {
		if slices.Contains(chosen, o.ID) {
			out = append(out, o.ID)
		}
	}
	return out
}
