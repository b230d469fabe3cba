package model

import (
	"fmt"

	"github.com/dsh-community/task-surface/plugin/internal/plaintext"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Scale is a rating of whole points from Min to Max (kind "scale"), at
// most 11 points, 1 to 5 unless the model says otherwise. Its value is a
// float64, or nil for no answer.
type Scale struct {
	// Min and Max are the ends, or nil for the defaults.
	Min, Max *float64
	// MinLabel and MaxLabel name the ends, or are "".
	MinLabel, MaxLabel string
}

// The default ends of a scale, and its most points.
const (
	defaultScaleMin, defaultScaleMax = 1, 5
	maxScalePoints                   = 11
)

// Words placing a value on its scale in the message: "4 on a scale of 1
// to 5", as the transcript row says it.
const (
	scaleOf = " on a scale of "
	scaleTo = " to "
)

// Name implements Kind.
func (Scale) Name() string { return "scale" }

func (Scale) read(d map[string]any) Kind {
	return Scale{Min: numberPtr(d["min"]), Max: numberPtr(d["max"]), MinLabel: str(d["minLabel"]), MaxLabel: str(d["maxLabel"])}
}

// Ends returns the scale's ends, the defaults where the model gives none.
func (s Scale) ends() (lo, hi float64) {
	lo, hi = defaultScaleMin, defaultScaleMax
	if s.Min != nil {
		lo = *s.Min
	}
	if s.Max != nil {
		hi = *s.Max
	}
	return lo, hi
}

func (s Scale) miss(v float64) string {
	_, _, why := s.judge(v)
	return why
}

// judge says why v is no point of the scale, as the rule it breaks (below
// its first point, above its last, a fraction) with the scale's ends as
// params, and in words (miss), or returns "" three times.
func (s Scale) judge(v float64) (tasksurface.Rule, map[tasksurface.Param]string, string) {
	lo, hi := s.ends()
	var rule tasksurface.Rule
	switch {
	case v < lo:
		rule = tasksurface.RuleBelowMin
	case v > hi:
		rule = tasksurface.RuleAboveMax
	case !whole(v):
		rule = tasksurface.RuleNotWhole
	default:
		return "", nil, ""
	}
	params := map[tasksurface.Param]string{tasksurface.ParamValue: FormatNumber(v), tasksurface.ParamMin: FormatNumber(lo), tasksurface.ParamMax: FormatNumber(hi)}
	return rule, params, fmt.Sprintf("must be a whole number from %s to %s", FormatNumber(lo), FormatNumber(hi))
}

func (s Scale) check(c *checker) {
	lo, hi := s.ends()
	end := c.at("max")
	if s.Max == nil {
		end = c.at("min")
	}
	switch {
	case lo >= hi:
		c.add(tasksurface.CodeInvalidValue, end, "a scale runs from min %s up to a larger max, not %s; raise max.", FormatNumber(lo), FormatNumber(hi))
	case hi-lo+1 > maxScalePoints:
		c.add(tasksurface.CodeInvalidValue, end, "a scale from %s to %s has %s points; use at most %d.", FormatNumber(lo), FormatNumber(hi), FormatNumber(hi-lo+1), maxScalePoints)
	}
	if v, ok := c.f.Initial.(float64); ok && c.sound("min", "max") {
		if why := s.miss(v); why != "" {
			c.initialMiss(FormatNumber(v) + " " + why)
		}
	}
}

// normalForm states both ends.
func (s Scale) normalForm(f *Field) any {
	lo, hi := s.ends()
	return struct {
		head
		Required bool   `json:"required,omitempty"`
		Min      any    `json:"min"`
		Max      any    `json:"max"`
		MinLabel string `json:"minLabel,omitempty"`
		MaxLabel string `json:"maxLabel,omitempty"`
		Initial  any    `json:"initial,omitempty"`
	}{f.head(), f.Required, numberOrNil(&lo), numberOrNil(&hi), s.MinLabel, s.MaxLabel, initialNumber(f)}
}

func (s Scale) value(f *Field, v any, c valueCheck) (any, bool) {
	return checkedNumber(f, v, c, s.judge)
}

func (Scale) start(f *Field) any { return initialOrNil[float64](f) }

func (Scale) unanswered(v any) bool { return v == nil }

func (Scale) needs() string { return "give a value" }

// answer reads "4 on a scale of 1 to 5", or with end labels "4 on a scale
// of 1 (Poor) to 5 (Great)".
func (s Scale) answer(v any) []string {
	x, ok := v.(float64)
	if !ok {
		return []string{notAnswered}
	}
	end := func(n float64, label string) string {
		if label = plaintext.Flatten(label); label != "" {
			return FormatNumber(n) + " (" + label + ")"
		}
		return FormatNumber(n)
	}
	lo, hi := s.ends()
	return []string{FormatNumber(x) + scaleOf + end(lo, s.MinLabel) + scaleTo + end(hi, s.MaxLabel)}
}
