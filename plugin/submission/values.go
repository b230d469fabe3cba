package submission

import "github.com/dsh-community/task-surface/plugin/model"

// Values are the canonical submitted values of a surface, keyed by field
// id, with exactly one entry per field of the model, in the form its kind
// gives it (model.Kind; README.md lists them): a string, nil, a []string, a
// bool, a float64, a map[string]any of row ids, or, where the user gave their
// own answer, a model.Other or a []any ending in one.
//
// Values marshal to the JSON object a client would send.
type Values map[string]any

// DefaultValue is the value a field takes when the values document leaves
// it out: its initial value in canonical form, or its kind's value for no
// answer (model.Field.Default).
func DefaultValue(f model.Field) any {
	return f.Default()
}
