package model

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"

	"github.com/dsh-community/task-surface/plugin/internal/plaintext"
	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Number is a number (kind "number"), optionally bounded, whole, and on a
// grid of steps from Min (or 0), counted in exact decimals (0.1 divides 1).
// Its value is a float64, or nil for no answer.
type Number struct {
	// Min and Max bound the value, or are nil.
	Min, Max *float64
	// MinField and MaxField name the number fields whose values bound the
	// value instead ({"field": id}), or are "". They do not move the grid.
	MinField, MaxField string
	// Step is the distance between allowed values from Min (or 0), or nil.
	Step *float64
	// Unit is shown after the value, such as "ms".
	Unit string
	// Integer allows whole numbers only.
	Integer bool
}

// maxMagnitude bounds every number of the model and every submitted one.
const maxMagnitude = 1e15

// Name implements Kind.
func (Number) Name() string { return "number" }

func (Number) read(d map[string]any) Kind {
	return Number{Min: numberPtr(d["min"]), Max: numberPtr(d["max"]), MinField: refOf(d["min"]), MaxField: refOf(d["max"]), Step: numberPtr(d["step"]), Unit: str(d["unit"]), Integer: d["integer"] == true}
}

func (n Number) refs() (minField, maxField string) { return n.MinField, n.MaxField }

func (Number) below(a, b any) bool {
	x, _ := a.(float64)
	y, _ := b.(float64)
	return x < y
}

func (Number) show(v any) string {
	x, _ := v.(float64)
	return FormatNumber(x)
}

func (Number) words() (below, above string) { return "below", "above" }

// base is the grid's origin: a literal Min, or 0 (a min that names a field
// does not move the grid).
func (n Number) base() float64 {
	if n.Min != nil {
		return *n.Min
	}
	return 0
}

// onGrid reports whether v is a whole number of steps from the base. A
// step that is not positive makes no grid (the schema refuses it), so every
// value is on it.
func (n Number) onGrid(v float64) bool {
	if n.Step == nil || !(*n.Step > 0) {
		return true
	}
	q := new(big.Rat).Sub(decimal(v), decimal(n.base()))
	return q.Quo(q, decimal(*n.Step)).IsInt()
}

// around returns the two values of the grid of step from the base that are
// next to v, the lower first.
func (n Number) around(v, step float64) (lo, hi float64) {
	st := decimal(step)
	q := new(big.Rat).Sub(decimal(v), decimal(n.base()))
	q.Quo(q, st)
	k := new(big.Int).Div(q.Num(), q.Denom()) // floor: the denominator is positive
	low := new(big.Rat).Add(decimal(n.base()), new(big.Rat).Mul(new(big.Rat).SetInt(k), st))
	lo, _ = low.Float64()
	hi, _ = low.Add(low, st).Float64()
	return lo, hi
}

// fault names the first rule v breaks, or "" when it fits: below min,
// above max, not whole in an integer field, off the step's grid. A finite v
// is assumed.
func (n Number) fault(v float64) tasksurface.Rule {
	switch {
	case n.Min != nil && v < *n.Min:
		return tasksurface.RuleBelowMin
	case n.Max != nil && v > *n.Max:
		return tasksurface.RuleAboveMax
	case n.Integer && !whole(v):
		return tasksurface.RuleNotWhole
	case !n.onGrid(v):
		return tasksurface.RuleOffStep
	}
	return ""
}

// allowed reports whether x passes every rule of the field and is within
// ±1e15.
func (n Number) allowed(x float64) bool {
	return math.Abs(x) <= maxMagnitude && n.fault(x) == ""
}

// nearestValues are the allowed values next to v, the lower first: at most
// one below v and one above it, each on the field's grid (the step's from
// the base, whole numbers when the field is integer and has no step, as an
// integer field's step is whole), within min and max. Each passes the field's
// own check; none is v.
func (n Number) nearestValues(v float64) []float64 {
	step := 0.0
	switch {
	case n.Step != nil && *n.Step > 0:
		step = *n.Step
	case n.Integer:
		step = 1
	default:
		return nil
	}
	lo, hi := n.around(v, step)
	var out []float64
	for _, x := range []float64{lo, hi} {
		if x != v && n.allowed(x) && !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// nearest names the allowed values next to v: "; the nearest allowed
// values are 0.5 and 1", or "" when there are none.
func (n Number) nearest(v float64) string {
	vals := n.nearestValues(v)
	switch len(vals) {
	case 2:
		return "; the nearest allowed values are " + FormatNumber(vals[0]) + " and " + FormatNumber(vals[1])
	case 1:
		return "; the nearest allowed value is " + FormatNumber(vals[0])
	}
	return ""
}

// miss says why v does not fit, or returns "": "is below the minimum 0",
// "must be 0 plus a whole number of steps of 0.5; the nearest allowed values
// are 0.5 and 1", ... A finite v within ±1e15 is assumed.
func (n Number) miss(v float64) string {
	_, _, why := n.judge(v)
	return why
}

// judge says why v does not fit, as the rule it breaks with the rule's
// params and in words (miss), or returns "" three times.
func (n Number) judge(v float64) (tasksurface.Rule, map[tasksurface.Param]string, string) {
	rule := n.fault(v)
	params := map[tasksurface.Param]string{tasksurface.ParamValue: FormatNumber(v)}
	switch rule {
	case tasksurface.RuleBelowMin:
		params[tasksurface.ParamMin] = FormatNumber(*n.Min)
		return rule, params, "is below the minimum " + FormatNumber(*n.Min)
	case tasksurface.RuleAboveMax:
		params[tasksurface.ParamMax] = FormatNumber(*n.Max)
		return rule, params, "is above the maximum " + FormatNumber(*n.Max)
	case tasksurface.RuleNotWhole:
		n.nearestParams(v, params)
		return rule, params, "must be a whole number" + n.nearest(v)
	case tasksurface.RuleOffStep:
		params[tasksurface.ParamBase], params[tasksurface.ParamStep] = FormatNumber(n.base()), FormatNumber(*n.Step)
		n.nearestParams(v, params)
		return rule, params, fmt.Sprintf("must be %s plus a whole number of steps of %s%s", FormatNumber(n.base()), FormatNumber(*n.Step), n.nearest(v))
	}
	return "", nil, ""
}

// nearestParams adds the nearest allowed values to params, as below and
// above: each when there is one.
func (n Number) nearestParams(v float64, params map[tasksurface.Param]string) {
	for _, x := range n.nearestValues(v) {
		if x < v {
			params[tasksurface.ParamBelow] = FormatNumber(x)
		} else {
			params[tasksurface.ParamAbove] = FormatNumber(x)
		}
	}
}

func (n Number) check(c *checker) {
	for _, b := range []struct {
		name string
		v    *float64
	}{{"min", n.Min}, {"max", n.Max}, {"step", n.Step}} {
		if b.v != nil && n.Integer && !whole(*b.v) {
			c.add(tasksurface.CodeInvalidValue, c.at(b.name), "%s is %s, but the field is integer; use a whole number.", b.name, FormatNumber(*b.v))
		}
	}
	if n.Step != nil && *n.Step == 0 {
		// Above 0 as written (the schema's bound), 0 as a float64: its
		// normalised form would be refused when the log is replayed.
		c.add(tasksurface.CodeInvalidValue, c.at("step"), "step is too small to tell from 0 in a 64-bit float; use a step of at least 1e-300.")
	}
	// The keys with a problem of their own before the bounds are compared:
	// an initial value is not checked against them.
	boundsSound, stepSound := c.sound("min", "max"), c.sound("step")
	// g is the field as the problems below ask it to be (the bounds in
	// order): an initial value is checked against it, so that what it gets
	// wrong on its own is reported with them, and what follows from them is
	// not.
	g := Number{Min: n.Min, Max: n.Max, Step: n.Step, Integer: n.Integer}
	if n.Min != nil && n.Max != nil && *n.Min > *n.Max {
		c.add(tasksurface.CodeInvalidValue, c.at("max"), "max %s is below min %s; swap them.", FormatNumber(*n.Max), FormatNumber(*n.Min))
		g.Min, g.Max = n.Max, n.Min
	}
	if g.Min != nil && g.Max != nil && g.Step != nil && *g.Step > 0 && !g.onGrid(*g.Max) {
		lo, hi := g.around(*g.Max, *g.Step)
		span, _ := new(big.Rat).Sub(decimal(*g.Max), decimal(*g.Min)).Float64()
		c.add(tasksurface.CodeInvalidValue, c.at("step"), "step %s does not divide max − min (%s − %s), so max is off the grid of steps from min; its nearest values on it are %s and %s. Use a step that divides %s, or max %s or %s.",
			FormatNumber(*g.Step), FormatNumber(*g.Max), FormatNumber(*g.Min), FormatNumber(lo), FormatNumber(hi), FormatNumber(span), FormatNumber(lo), FormatNumber(hi))
	}
	if !boundsSound {
		g.Min, g.Max, g.Step = nil, nil, nil // an initial value is then checked without them
	}
	if !stepSound {
		g.Step = nil
	}
	if v, ok := c.f.Initial.(float64); ok {
		if why := g.miss(v); why != "" {
			c.initialMiss(FormatNumber(v) + " " + why)
		}
	}
}

// normalForm states the step of an integer field: 1 when it has none.
func (n Number) normalForm(f *Field) any {
	step := numberText(n.Step)
	if step == "" && n.Integer {
		step = "1"
	}
	return struct {
		head
		Required bool        `json:"required,omitempty"`
		Min      any         `json:"min,omitempty"`
		Max      any         `json:"max,omitempty"`
		Step     json.Number `json:"step,omitempty"`
		Unit     string      `json:"unit,omitempty"`
		Integer  bool        `json:"integer,omitempty"`
		Initial  any         `json:"initial,omitempty"`
	}{f.head(), f.Required, boundOrNil(n.Min, n.MinField), boundOrNil(n.Max, n.MaxField), step, n.Unit, n.Integer, initialNumber(f)}
}

// boundOrNil is a literal bound, a bound that names a field, or nil.
func boundOrNil(lit *float64, field string) any {
	if field != "" {
		return refOrNil(field)
	}
	return numberOrNil(lit)
}

func (n Number) value(f *Field, v any, c valueCheck) (any, bool) {
	return checkedNumber(f, v, c, n.judge)
}

// checkedNumber checks a submitted number: null (no answer), or a JSON
// number within ±1e15 that judge finds nothing wrong with.
func checkedNumber(f *Field, v any, c valueCheck, judge func(float64) (tasksurface.Rule, map[tasksurface.Param]string, string)) (any, bool) {
	if v == nil {
		return nil, true
	}
	lit, ok := v.(json.Number)
	if !ok {
		c.wrongType(f, "a number or null", v)
		return nil, false
	}
	n, err := strconv.ParseFloat(string(lit), 64)
	if err != nil || math.IsInf(n, 0) || math.Abs(n) > maxMagnitude {
		c.broke(tasksurface.CodeInvalidValue, tasksurface.RuleOutOfRange, map[tasksurface.Param]string{tasksurface.ParamValue: problem.Abbreviate(string(lit), 24), tasksurface.ParamLimit: FormatNumber(maxMagnitude)})
		return nil, false
	}
	if n == 0 {
		n = 0 // no -0
	}
	if rule, params, why := judge(n); why != "" {
		c.broke(tasksurface.CodeInvalidValue, rule, params)
		return nil, false
	}
	return n, true
}

func (Number) start(f *Field) any { return initialOrNil[float64](f) }

func (Number) unanswered(v any) bool { return v == nil }

func (Number) needs() string { return "give a value" }

func (n Number) answer(v any) []string {
	x, ok := v.(float64)
	if !ok {
		return []string{notAnswered}
	}
	if unit := plaintext.Flatten(n.Unit); unit != "" {
		return []string{FormatNumber(x) + " " + unit}
	}
	return []string{FormatNumber(x)}
}
