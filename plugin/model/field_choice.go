package model

import (
	"slices"

	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Choice is one option out of several (kind "choice"). Its value is an
// option id, the user's own answer (an Other) where AllowOther lets them
// give one, or nil for no answer.
type Choice struct {
	// Options are the choices.
	Options []Option
	// AllowOther lets the user answer in their own words besides the
	// options.
	AllowOther bool
}

// Name implements Kind.
func (Choice) Name() string { return "choice" }

func (Choice) read(d map[string]any) Kind {
	return Choice{Options: optionsOf(d["options"]), AllowOther: d["allowOther"] == true}
}

func (Choice) check(c *checker) {
	ids, ok := c.ids("options", "the options of a field")
	if s, isStr := c.f.Initial.(string); isStr && ok && !slices.Contains(ids, s) {
		c.add(tasksurface.CodeInvalidInitial, c.at("initial"), "initial %s is not an option id; use one of %s or omit initial.", quote(s), problem.Names(ids))
	}
}

func (ch Choice) normalForm(f *Field) any {
	return struct {
		head
		Required   bool     `json:"required,omitempty"`
		Options    []Option `json:"options"`
		AllowOther bool     `json:"allowOther,omitempty"`
		Initial    any      `json:"initial,omitempty"`
	}{f.head(), f.Required, nonNil(ch.Options), ch.AllowOther, f.Initial}
}

func (ch Choice) value(f *Field, v any, c valueCheck) (any, bool) {
	if v == nil {
		return nil, true
	}
	if o, isObj := v.(map[string]any); isObj && meantAsOther(ch.AllowOther, o) {
		return checkOther(f, ch.AllowOther, ch.Options, o, c)
	}
	s, ok := v.(string)
	if !ok {
		c.wrongType(f, "one option id or null", v)
		return nil, false
	}
	if !hasOption(ch.Options, s) {
		c.add(tasksurface.CodeNotAnOption, "%s is not an option of %s; use one of %s, or null.", quote(s), quote(f.Label), problem.Names(optionIDs(ch.Options)))
		return nil, false
	}
	return s, true
}

func (Choice) start(f *Field) any { return initialOrNil[string](f) }

func (Choice) unanswered(v any) bool { return v == nil }

func (Choice) needs() string { return "choose an option" }

func (ch Choice) answer(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{optionLabels(ch.Options).get(v)}
	case Other:
		return []string{v.answer()}
	}
	return []string{notAnswered}
}
