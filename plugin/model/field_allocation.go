package model

import (
	"bytes"
	"encoding/json"
	"math"
	"math/big"
	"strconv"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/plugin/internal/plaintext"
	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Allocation places a fixed total across options (kind "allocation"): 40
// engineer-weeks across projects, 100 points across goals. Its value is an
// object of option id → amount (a float64), every option present: each
// amount 0 or more and a whole number of steps, and the amounts summing to
// Total exactly, in exact decimals (0.1 + 0.2 is 0.3). Every amount 0 is no
// answer.
type Allocation struct {
	// Options are what the total is placed across.
	Options []Option
	// Total is what the amounts sum to; more than 0.
	Total float64
	// Unit is shown after each amount, such as "points".
	Unit string
	// Step is the grain of an amount (each is a whole number of steps); 1
	// when the model gives none.
	Step float64
}

// Name implements Kind.
func (Allocation) Name() string { return "allocation" }

func (Allocation) read(d map[string]any) Kind {
	a := Allocation{Options: optionsOf(d["options"]), Unit: str(d["unit"]), Step: 1}
	if t, ok := numberValue(d["total"]); ok {
		a.Total = t
	}
	if s, ok := numberValue(d["step"]); ok && s > 0 {
		a.Step = s
	}
	return a
}

// onGrid reports whether x is a whole number of steps.
func (a Allocation) onGrid(x float64) bool {
	q := new(big.Rat).Quo(decimal(x), decimal(a.Step))
	return q.IsInt()
}

// sum adds amounts exactly.
func sum(amounts map[string]float64) *big.Rat {
	s := new(big.Rat)
	for _, x := range amounts {
		s.Add(s, decimal(x))
	}
	return s
}

// miss says how amounts that are not all 0 miss the total, or "": "the
// amounts sum to 80 of 100 points; 20 left to place", "...; 10 over".
func (a Allocation) miss(amounts map[string]float64) string {
	s := sum(amounts)
	diff := new(big.Rat).Sub(decimal(a.Total), s)
	if diff.Sign() == 0 {
		return ""
	}
	got, _ := s.Float64()
	out := "the amounts sum to " + FormatNumber(got) + " of " + FormatNumber(a.Total) + a.unit()
	d, _ := diff.Abs(diff).Float64()
	if s.Cmp(decimal(a.Total)) < 0 {
		return out + "; " + FormatNumber(d) + " left to place"
	}
	return out + "; " + FormatNumber(d) + " over"
}

// unit is " points", or "".
func (a Allocation) unit() string {
	if u := plaintext.Flatten(a.Unit); u != "" {
		return " " + u
	}
	return ""
}

// zero reports whether every amount is 0.
func zero(amounts map[string]float64) bool {
	for _, x := range amounts {
		if x != 0 {
			return false
		}
	}
	return true
}

func (a Allocation) check(c *checker) {
	ids, idsOK := c.ids("options", "the options of a field")
	if a.Total == 0 && !c.ps.Has(c.at("total")) {
		if _, present := c.doc["total"]; present {
			c.add(tasksurface.CodeInvalidValue, c.at("total"), "total is too small to tell from 0 in a 64-bit float; use a total of at least 1e-300.")
		}
	}
	if s, ok := numberValue(c.doc["step"]); ok && s == 0 {
		c.add(tasksurface.CodeInvalidValue, c.at("step"), "step is too small to tell from 0 in a 64-bit float; use a step of at least 1e-300.")
	}
	if a.Total > 0 && c.sound("total", "step") && !a.onGrid(a.Total) {
		c.add(tasksurface.CodeInvalidValue, c.at("step"), "step %s does not divide total %s, so no answer could sum to it; use a step that divides the total.", FormatNumber(a.Step), FormatNumber(a.Total))
	}
	initial, isObj := c.doc["initial"].(map[string]any)
	if !isObj || !idsOK || !c.sound("total", "step", "initial") {
		return
	}
	amounts := make(map[string]float64, len(initial))
	good := true
	for _, id := range sortedKeys(initial) {
		at := jsonpointer.Append(c.at("initial"), id)
		x, ok := numberValue(initial[id])
		switch {
		case c.ps.Has(at) || !ok:
			good = false
		case !containsString(ids, id):
			c.add(tasksurface.CodeInvalidInitial, at, "%s is not an option id; use only %s.", quote(id), problem.Names(ids))
			good = false
		case x < 0:
			c.add(tasksurface.CodeInvalidInitial, at, "initial amount %s is below 0; amounts are 0 or more.", FormatNumber(x))
			good = false
		case !a.onGrid(x):
			c.add(tasksurface.CodeInvalidInitial, at, "initial amount %s is not a whole number of steps of %s; change it or omit initial.", FormatNumber(x), FormatNumber(a.Step))
			good = false
		}
		amounts[id] = x
	}
	if good && !zero(amounts) {
		if why := a.miss(amounts); why != "" {
			c.add(tasksurface.CodeInvalidInitial, c.at("initial"), "in initial, %s; make them sum to %s, or omit initial.", why, FormatNumber(a.Total))
		}
	}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// amounts are an allocation's amounts in the options' order, as the
// normalised model writes its initial value.
type amounts struct {
	ids  []string
	vals map[string]float64
}

// MarshalJSON writes {"id": amount, ...} in the options' order, each amount
// by FormatNumber.
func (a amounts) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, id := range a.ids {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(id)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.WriteString(FormatNumber(a.vals[id]))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// normalForm states the step (1 by default) and the initial amounts of
// every option (0 where the model gives none), in the options' order.
func (a Allocation) normalForm(f *Field) any {
	return struct {
		head
		Required bool        `json:"required,omitempty"`
		Options  []Option    `json:"options"`
		Total    json.Number `json:"total"`
		Unit     string      `json:"unit,omitempty"`
		Step     json.Number `json:"step"`
		Initial  amounts     `json:"initial"`
	}{f.head(), f.Required, nonNil(a.Options), json.Number(FormatNumber(a.Total)), a.Unit, json.Number(FormatNumber(a.Step)), amounts{optionIDs(a.Options), a.filled(f.Initial)}}
}

// filled is v's amounts with every option, 0 where v has none.
func (a Allocation) filled(v any) map[string]float64 {
	given, _ := v.(map[string]float64)
	out := make(map[string]float64, len(a.Options))
	for _, o := range a.Options {
		out[o.ID] = given[o.ID]
	}
	return out
}

func (a Allocation) value(f *Field, v any, c valueCheck) (any, bool) {
	if v == nil {
		return a.filled(nil), true
	}
	o, isObj := v.(map[string]any)
	if !isObj {
		c.wrongType(f, "an object of option id to amount", v)
		return nil, false
	}
	given := make(map[string]float64, len(o))
	ok := true
	for _, id := range sortedKeys(o) {
		at := c.item(id)
		lit, isNum := o[id].(json.Number)
		if !hasOption(a.Options, id) {
			at.add(tasksurface.CodeNotAnOption, "%s is not an option of %s; use only %s.", quote(id), quote(f.Label), problem.Names(optionIDs(a.Options)))
			ok = false
			continue
		}
		if o[id] == nil {
			continue // an amount left empty is none: 0, as one left out
		}
		if !isNum {
			at.wrongType(f, "amounts as numbers or null", o[id])
			ok = false
			continue
		}
		x, err := strconv.ParseFloat(string(lit), 64)
		switch {
		case err != nil || math.IsInf(x, 0) || x < 0 || x > maxMagnitude:
			at.add(tasksurface.CodeInvalidValue, "%s takes amounts from 0 to 1e15, not %s.", quote(f.Label), problem.Abbreviate(string(lit), 24))
			ok = false
			continue
		case !a.onGrid(x):
			at.add(tasksurface.CodeInvalidValue, "%s: %s is not a whole number of steps of %s.", quote(f.Label), FormatNumber(x), FormatNumber(a.Step))
			ok = false
			continue
		}
		if x == 0 {
			x = 0 // no -0
		}
		given[id] = x
	}
	if !ok {
		return nil, false
	}
	out := a.filled(given)
	if zero(out) {
		return out, true // no answer; required says so
	}
	if why := a.miss(out); why != "" {
		c.add(tasksurface.CodeInvalidValue, "%s: %s.", quote(f.Label), why)
		return nil, false
	}
	return out, true
}

func (a Allocation) start(f *Field) any { return a.filled(f.Initial) }

func (Allocation) unanswered(v any) bool {
	amounts, ok := v.(map[string]float64)
	return !ok || zero(amounts)
}

func (Allocation) needs() string { return "place the whole total" }

// answer is one line per option in the model's order, "Label: 10 points",
// or notAnswered when every amount is 0.
func (a Allocation) answer(v any) []string {
	given, ok := v.(map[string]float64)
	if !ok || zero(given) {
		return []string{notAnswered}
	}
	labels := optionLabels(a.Options)
	lines := make([]string, 0, len(a.Options))
	for _, o := range a.Options {
		lines = append(lines, labels.get(o.ID)+": "+FormatNumber(given[o.ID])+a.unit())
	}
	return lines
}
