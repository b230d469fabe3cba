package model

import (
	"maps"
	"slices"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/plugin/internal/plaintext"
	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/plugin/internal/strictjson"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Matrix is one answer per row from one shared list of options (kind
// "matrix"). Its value maps every row id to an option id, or to nil while
// the row is unanswered; a required one needs every row answered.
type Matrix struct {
	// Rows are the questions, each answered with one of Options.
	Rows []Column
	// Options are the answers every row offers.
	Options []Option
}

// Name implements Kind.
func (Matrix) Name() string { return "matrix" }

func (Matrix) read(d map[string]any) Kind {
	return Matrix{Rows: items(d["rows"]), Options: optionsOf(d["options"])}
}

func (Matrix) check(c *checker) {
	rows, rowsOK := c.ids("rows", "the rows of a matrix")
	options, optionsOK := c.ids("options", "the options of a field")
	answers, _ := c.doc["initial"].(map[string]any)
	if !rowsOK || !optionsOK {
		return
	}
	for _, row := range slices.Sorted(maps.Keys(answers)) {
		at := jsonpointer.Append(c.at("initial"), row)
		if !slices.Contains(rows, row) {
			c.add(tasksurface.CodeInvalidInitial, at, "%s is not a row id; use only %s.", quote(row), problem.Names(rows))
		} else if s, ok := answers[row].(string); ok && !slices.Contains(options, s) {
			c.add(tasksurface.CodeInvalidInitial, at, "%s is not an option id; use one of %s.", quote(s), problem.Names(options))
		}
	}
}

func (m Matrix) normalForm(f *Field) any {
	return struct {
		head
		Required bool     `json:"required,omitempty"`
		Rows     []Column `json:"rows"`
		Options  []Option `json:"options"`
		Initial  any      `json:"initial,omitempty"`
	}{f.head(), f.Required, nonNil(m.Rows), nonNil(m.Options), f.Initial}
}

func (m Matrix) hasRow(id string) bool {
	return slices.ContainsFunc(m.Rows, func(r Column) bool { return r.ID == id })
}

// value checks an object of row ids to an option id or null. Rows it
// leaves out are unanswered; the canonical value holds every row.
func (m Matrix) value(f *Field, v any, c valueCheck) (any, bool) {
	answers, ok := v.(map[string]any)
	if !ok {
		c.wrongType(f, "an object of row ids to option ids (or null)", v)
		return nil, false
	}
	good := true
	for _, row := range slices.Sorted(maps.Keys(answers)) {
		at := c.item(row)
		if !m.hasRow(row) {
			rows := make([]string, len(m.Rows))
			for i, r := range m.Rows {
				rows[i] = r.ID
			}
			at.add(tasksurface.CodeNotAnOption, "%s is not a row of %s; use only %s.", quote(row), quote(f.Label), problem.Names(rows))
			good = false
			continue
		}
		switch a := answers[row].(type) {
		case nil:
		case string:
			if !hasOption(m.Options, a) {
				at.add(tasksurface.CodeNotAnOption, "%s is not an option of %s; use one of %s, or null.", quote(a), quote(f.Label), problem.Names(optionIDs(m.Options)))
				good = false
			}
		default:
			at.add(tasksurface.CodeWrongType, "a row of %s takes one option id or null, not %s.", quote(f.Label), strictjson.TypeName(a))
			good = false
		}
	}
	if !good {
		return nil, false
	}
	out := make(map[string]any, len(m.Rows))
	for _, r := range m.Rows {
		out[r.ID] = answers[r.ID]
	}
	return out, true
}

// start is the initial answers, every other row unanswered.
func (m Matrix) start(f *Field) any {
	initial, _ := f.Initial.(map[string]string)
	out := make(map[string]any, len(m.Rows))
	for _, r := range m.Rows {
		if id, ok := initial[r.ID]; ok {
			out[r.ID] = id
		} else {
			out[r.ID] = nil
		}
	}
	return out
}

// unanswered: a row left unanswered leaves the whole unanswered.
func (m Matrix) unanswered(v any) bool {
	answers, ok := v.(map[string]any)
	if !ok {
		return true
	}
	for _, r := range m.Rows {
		if answers[r.ID] == nil {
			return true
		}
	}
	return false
}

func (Matrix) needs() string { return "answer every row" }

// answer is one line per row in the model's order: "Row label: Option
// label", or the row's label and notAnswered.
func (m Matrix) answer(v any) []string {
	answers, _ := v.(map[string]any)
	labels := optionLabels(m.Options)
	lines := make([]string, len(m.Rows))
	for i, r := range m.Rows {
		answer := notAnswered
		if id, ok := answers[r.ID].(string); ok {
			answer = labels.get(id)
		}
		lines[i] = plaintext.Flatten(r.Label) + ": " + answer
	}
	return lines
}
