package model

import (
	"strconv"

	"github.com/dsh-community/task-surface/plugin/internal/plaintext"
	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// MultiChoice is any subset of options (kind "multi-choice"). Its value is
// the chosen option ids in the options' declared order (a set: the order of
// clicks is not information), never nil, followed by the user's own answer
// (an Other) where AllowOther lets them give one; no option is no answer.
type MultiChoice struct {
	// Options are the choices.
	Options []Option
	// AllowOther lets the user add an answer in their own words.
	AllowOther bool
	// MinItems is the fewest options an answer holds, or 0; MaxItems the
	// most, or 0. An empty answer is not held to them.
	MinItems, MaxItems int
}

// noneSelected is an empty answer, in the message.
const noneSelected = "(none selected)"

// Name implements Kind.
func (MultiChoice) Name() string { return "multi-choice" }

func (MultiChoice) read(d map[string]any) Kind {
	return MultiChoice{Options: optionsOf(d["options"]), AllowOther: d["allowOther"] == true, MinItems: integer(d["minItems"]), MaxItems: integer(d["maxItems"])}
}

func (m MultiChoice) check(c *checker) {
	ids, ok := c.ids("options", "the options of a field")
	if !ok {
		return
	}
	switch n := len(ids); {
	case m.MinItems > n:
		c.add(tasksurface.CodeInvalidValue, c.at("minItems"), "minItems %d is more than the %s; lower it or add options.", m.MinItems, problem.Count(n, "option"))
	case m.MaxItems > n:
		c.add(tasksurface.CodeInvalidValue, c.at("maxItems"), "maxItems %d is more than the %s; lower it or leave it out.", m.MaxItems, problem.Count(n, "option"))
	case m.MaxItems > 0 && m.MinItems > m.MaxItems:
		c.add(tasksurface.CodeInvalidValue, c.at("maxItems"), "maxItems %d is less than minItems %d; raise maxItems or lower minItems.", m.MaxItems, m.MinItems)
	}
	if _, ok := c.initialIDs(ids); !ok || !c.sound("minItems", "maxItems") {
		return
	}
	chosen, _ := c.f.Initial.([]string)
	switch n := len(chosen); {
	case n > 0 && n < m.MinItems:
		c.add(tasksurface.CodeInvalidInitial, c.at("initial"), "initial holds %s, fewer than minItems %d; add options or omit initial.", problem.Count(n, "option"), m.MinItems)
	case m.MaxItems > 0 && n > m.MaxItems:
		c.add(tasksurface.CodeInvalidInitial, c.at("initial"), "initial holds %s, more than maxItems %d; remove some or omit initial.", problem.Count(n, "option"), m.MaxItems)
	}
}

// normalForm states the initial options in their declared order.
func (m MultiChoice) normalForm(f *Field) any {
	var initial any
	if ids, ok := f.Initial.([]string); ok {
		initial = declaredOrder(m.Options, ids)
	}
	return struct {
		head
		Required   bool     `json:"required,omitempty"`
		Options    []Option `json:"options"`
		AllowOther bool     `json:"allowOther,omitempty"`
		MinItems   int      `json:"minItems,omitempty"`
		MaxItems   int      `json:"maxItems,omitempty"`
		Initial    any      `json:"initial,omitempty"`
	}{f.head(), f.Required, nonNil(m.Options), m.AllowOther, m.MinItems, m.MaxItems, initial}
}

func (m MultiChoice) value(f *Field, v any, c valueCheck) (any, bool) {
	v, other, otherOK := trailingOther(f, m.AllowOther, m.Options, v, c)
	ids, ok := optionArray(f, m.Options, v, c)
	ok = ok && otherOK
	seen := map[string]bool{}
	for i, id := range ids {
		if id == "" {
			continue // not an option id; already reported
		}
		if seen[id] {
			c.index(i).add(tasksurface.CodeDuplicateOption, "option %s is listed twice; list each chosen option once.", quote(id))
			ok = false
		}
		seen[id] = true
	}
	if !ok {
		return nil, false
	}
	chosen := declaredOrder(m.Options, ids)
	n := len(chosen)
	if other != nil {
		n++
	}
	switch {
	case n == 0:
	case n < m.MinItems:
		c.broke(tasksurface.CodeTooFew, tasksurface.RuleTooFew, map[tasksurface.Param]string{tasksurface.ParamCount: strconv.Itoa(n), tasksurface.ParamMin: strconv.Itoa(m.MinItems)})
		return nil, false
	case m.MaxItems > 0 && n > m.MaxItems:
		c.broke(tasksurface.CodeTooMany, tasksurface.RuleTooMany, map[tasksurface.Param]string{tasksurface.ParamCount: strconv.Itoa(n), tasksurface.ParamMax: strconv.Itoa(m.MaxItems)})
		return nil, false
	}
	if other == nil {
		return chosen, true
	}
	withOther := make([]any, 0, n)
	for _, id := range chosen {
		withOther = append(withOther, id)
	}
	return append(withOther, *other), true
}

func (m MultiChoice) start(f *Field) any {
	ids, _ := f.Initial.([]string)
	return declaredOrder(m.Options, ids)
}

func (MultiChoice) unanswered(v any) bool { return empty(v) }

func (MultiChoice) needs() string { return "choose an option" }

func (m MultiChoice) answer(v any) []string {
	var parts []string
	labels := optionLabels(m.Options)
	ids, _ := v.([]string)
	for _, id := range ids {
		parts = append(parts, plaintext.Item(labels.get(id)))
	}
	items, _ := v.([]any) // ids, then the user's own answer
	for _, x := range items {
		switch x := x.(type) {
		case string:
			parts = append(parts, plaintext.Item(labels.get(x)))
		case Other:
			parts = append(parts, x.answer())
		}
	}
	if len(parts) == 0 {
		return []string{noneSelected}
	}
	return oneLine(parts)
}
