package model

import (
	"strconv"
	"time"

	"github.com/dsh-community/task-surface/plugin/internal/plaintext"
	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Date is a calendar date written YYYY-MM-DD (kind "date"), optionally
// within a window. Its value is such a string, or nil for no answer.
type Date struct {
	// Min and Max bound the date ("YYYY-MM-DD"), or are "".
	Min, Max string
	// MinField and MaxField name the date fields whose values bound the date
	// instead ({"field": id}), or are "".
	MinField, MaxField string
}

// Name implements Kind.
func (Date) Name() string { return "date" }

func (Date) read(d map[string]any) Kind {
	return Date{Min: str(d["min"]), Max: str(d["max"]), MinField: refOf(d["min"]), MaxField: refOf(d["max"])}
}

func (d Date) refs() (minField, maxField string) { return d.MinField, d.MaxField }

// below compares two dates written YYYY-MM-DD, which sort as strings.
func (Date) below(a, b any) bool { return str(a) < str(b) }

func (Date) show(v any) string { return str(v) }

func (Date) words() (below, above string) { return "before", "after" }

// validDate reports whether s is a real calendar date written YYYY-MM-DD.
// time.DateOnly takes exactly four, two and two digits, so it refuses
// "2026-1-01" and "+026-01-01" as the schema's pattern does.
func validDate(s string) bool {
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}

// window names the dates allowed, for a message: "; choose one from
// 2026-01-01 to 2026-03-31", or "" when any date is.
func (d Date) window() string {
	switch {
	case d.Min != "" && d.Max != "":
		return "; choose one from " + d.Min + " to " + d.Max
	case d.Min != "":
		return "; choose one on or after " + d.Min
	case d.Max != "":
		return "; choose one on or before " + d.Max
	}
	return ""
}

// miss says why s does not fit, or returns "".
func (d Date) miss(s string) string {
	switch {
	case !validDate(s):
		return "is not a real calendar date written YYYY-MM-DD" + d.window()
	case d.Min != "" && s < d.Min:
		return "is before the earliest date " + d.Min
	case d.Max != "" && s > d.Max:
		return "is after the latest date " + d.Max
	}
	return ""
}

// rule is the rule s breaks, for a date miss finds wrong.
func (d Date) rule(s string) tasksurface.Rule {
	switch {
	case !validDate(s):
		return tasksurface.RuleNotADate
	case d.Min != "" && s < d.Min:
		return tasksurface.RuleBeforeMin
	}
	return tasksurface.RuleAfterMax
}

// params are a date problem's params: the value (cut to 24 characters) and
// the field's window.
func (d Date) params(s string) map[tasksurface.Param]string {
	p := map[tasksurface.Param]string{tasksurface.ParamValue: problem.Abbreviate(s, 24)}
	if d.Min != "" {
		p[tasksurface.ParamMin] = d.Min
	}
	if d.Max != "" {
		p[tasksurface.ParamMax] = d.Max
	}
	return p
}

func (d Date) check(c *checker) {
	for _, b := range []struct{ name, v string }{{"min", d.Min}, {"max", d.Max}} {
		if b.v != "" && !validDate(b.v) {
			c.add(tasksurface.CodeInvalidValue, c.at(b.name), "%s %q is not a real calendar date; write YYYY-MM-DD.", b.name, b.v)
		}
	}
	// Bounds that are real dates but swapped: an initial date is checked
	// against them as they will be once swapped, so that one outside both
	// is said with the swap.
	sound := c.sound("min", "max")
	if d.Min != "" && d.Max != "" && d.Min > d.Max {
		c.add(tasksurface.CodeInvalidValue, c.at("max"), "max %s is before min %s; swap them.", d.Max, d.Min)
		d.Min, d.Max = d.Max, d.Min
	}
	if !sound {
		d = Date{} // an initial date is then checked alone
	}
	if s, ok := c.f.Initial.(string); ok {
		if why := d.miss(s); why != "" {
			c.initialMiss(strconv.Quote(s) + " " + why)
		}
	}
}

func (d Date) normalForm(f *Field) any {
	return struct {
		head
		Required bool `json:"required,omitempty"`
		Min      any  `json:"min,omitempty"`
		Max      any  `json:"max,omitempty"`
		Initial  any  `json:"initial,omitempty"`
	}{f.head(), f.Required, dateBound(d.Min, d.MinField), dateBound(d.Max, d.MaxField), f.Initial}
}

// dateBound is a literal date, a bound that names a field, or nil.
func dateBound(lit, field string) any {
	if field != "" {
		return refOrNil(field)
	}
	return textOrNil(lit)
}

func (d Date) value(f *Field, v any, c valueCheck) (any, bool) {
	if v == nil {
		return nil, true
	}
	s, ok := v.(string)
	if !ok {
		c.wrongType(f, "a date as a string \"YYYY-MM-DD\" or null", v)
		return nil, false
	}
	if why := d.miss(s); why != "" {
		c.broke(tasksurface.CodeInvalidValue, d.rule(s), d.params(s))
		return nil, false
	}
	return s, true
}

func (Date) start(f *Field) any { return initialOrNil[string](f) }

func (Date) unanswered(v any) bool { return v == nil }

func (Date) needs() string { return "choose a date" }

func (Date) answer(v any) []string {
	if s, ok := v.(string); ok {
		return []string{plaintext.Flatten(s)}
	}
	return []string{notAnswered}
}
