package submission

import "github.com/dsh-community/task-surface/plugin/model"

// Values are the canonical submitted values of a surface, keyed by field
// id, with exactly one entry per field of the model that is shown
// (model.Model.Shown: a field its condition hides has none), in the form its kind
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

// Unanswered returns the ids of the shown fields of m whose value in v
// counts as no answer, in the model's order (a hidden field is not counted): by the rule that makes a required field
// refused (model.Field.Unanswered) and that the message shows as no answer
// ("(not answered)", "(empty)", "(none selected)", "(none)"). A field that
// v leaves out counts by its default value (DefaultValue), as in the
// message. v is a submission's canonical values (Validate's), or nil.
func Unanswered(m *model.Model, v Values) []string {
	return unansweredOf(m, v, nil)
}

// unansweredOf is Unanswered of the fields that are not in skip.
func unansweredOf(m *model.Model, v Values, skip map[string]bool) []string {
	ids := []string{}
	shown := m.Shown(v)
	for i := range m.Fields {
		f := &m.Fields[i]
		value, ok := v[f.ID]
		if !ok {
			value = f.Default()
		}
		if shown[f.ID] && !skip[f.ID] && f.Unanswered(value) {
			ids = append(ids, f.ID)
		}
	}
	return ids
}
