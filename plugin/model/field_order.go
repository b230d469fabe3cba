package model

import (
	"slices"
	"strconv"
	"strings"

	"github.com/dsh-community/task-surface/plugin/internal/plaintext"
	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Order is a ranking of options (kind "order"). Its value lists every
// option id once, in the user's order. A required one starts as nil, no
// answer, until the user confirms or changes the order shown; an optional
// one starts as its initial order.
type Order struct {
	// Options are the items to put in order.
	Options []Option
}

// Name implements Kind.
func (Order) Name() string { return "order" }

func (Order) read(d map[string]any) Kind { return Order{Options: optionsOf(d["options"])} }

func (Order) check(c *checker) {
	ids, ok := c.ids("options", "the options of a field")
	if _, isList := c.doc["initial"].([]any); !ok || !isList {
		return
	}
	seen, _ := c.initialIDs(ids)
	var missing []string
	for _, id := range ids {
		if !seen[id] {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		c.add(tasksurface.CodeInvalidInitial, c.at("initial"), "an order's initial must list every option id exactly once; add %s or omit initial.", problem.Names(missing))
	}
}

// shown is the order the field shows before the user moves anything: its
// initial order, else the options' declared order.
func (o Order) shown(f *Field) []string {
	if ids, ok := f.Initial.([]string); ok && len(ids) == len(o.Options) {
		return slices.Clone(ids)
	}
	return optionIDs(o.Options)
}

// normalForm states initial always: the order shown.
func (o Order) normalForm(f *Field) any {
	return struct {
		head
		Required bool     `json:"required,omitempty"`
		Options  []Option `json:"options"`
		Initial  []string `json:"initial"`
	}{f.head(), f.Required, nonNil(o.Options), o.shown(f)}
}

func (o Order) value(f *Field, v any, c valueCheck) (any, bool) {
	if v == nil && f.Required {
		return nil, true // untouched; reported as required
	}
	ids, ok := optionArray(f, o.Options, v, c)
	if !ok {
		return nil, false
	}
	var missing, repeated []string
	seen := map[string]int{}
	for _, id := range ids {
		seen[id]++
		if seen[id] == 2 {
			repeated = append(repeated, id)
		}
	}
	for _, opt := range o.Options {
		if seen[opt.ID] == 0 {
			missing = append(missing, opt.ID)
		}
	}
	if len(missing) > 0 || len(repeated) > 0 {
		var why []string
		if len(missing) > 0 {
			why = append(why, "it leaves out "+problem.Names(missing))
		}
		if len(repeated) > 0 {
			why = append(why, "it repeats "+problem.Names(repeated))
		}
		c.add(tasksurface.CodeNotAPermutation, "%s must list every option exactly once, but %s.", quote(f.Label), strings.Join(why, " and "))
		return nil, false
	}
	return slices.Clone(ids), true
}

func (o Order) start(f *Field) any {
	if f.Required {
		return nil // the user must confirm or change the order
	}
	return o.shown(f)
}

func (Order) unanswered(v any) bool { return v == nil }

func (Order) needs() string { return "confirm or change the order" }

func (o Order) answer(v any) []string {
	ids, ok := v.([]string)
	if !ok {
		return []string{notAnswered}
	}
	labels := optionLabels(o.Options)
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.Itoa(i+1) + ". " + plaintext.Item(labels.get(id))
	}
	return oneLine(parts)
}
