package hosttest

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strings"

	pluginmodel "github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Values answers every shown field of a model, as GetActive returns it
// (the normalised model): a field's own initial value where it has one
// (the plugin checked that it fits), else a value of the field's kind within
// its bounds — the last option of a choice, the first half of a
// multi-choice's options (within minItems and maxItems), every row of a
// matrix, true for a toggle, the options reversed for an order, a number's
// or a date's lower bound (else its upper one; else 0 or the first day of
// 2027), a scale's upper one, a tag the field suggests, an allocation's whole
// total on its first option.
//
// It follows the version 2 model as the plugin judges it: a field a
// condition ("when") hides is left out, by the plugin's own rule
// (the plugin's model.Model.Shown over these answers); a bound written as another field
// ({"field": id}) is that field's answer while it is shown and answered (the
// plugin's reading of it), moved onto the number's step grid (from a
// literal min, or 0); an allocation places its total exactly. A test submits the result to exercise a
// surface end to end; the plugin still judges it (a text's pattern is not
// read, so such a field needs its initial value).
func Values(raw json.RawMessage) (json.RawMessage, error) {
	var m struct {
		Fields []rawField `json:"fields"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	parsed, problems := pluginmodel.Parse(raw, tasksurface.Limits{})
	if len(problems) > 0 {
		return nil, fmt.Errorf("hosttest: the model does not parse: %s at %q", problems[0].Code, problems[0].Pointer)
	}
	out := make(map[string]any, len(m.Fields))
	canonical := make(map[string]any, len(m.Fields)) // the answers the conditions read
	for _, f := range m.Fields {
		if f.refers() {
			continue // after the fields it may name
		}
		v, c := f.answer()
		out[f.ID], canonical[f.ID] = v, c
	}
	shown := parsed.Shown(canonical)
	for _, f := range m.Fields {
		if !f.refers() {
			continue
		}
		answered := func(id string) (json.RawMessage, bool) {
			v, ok := out[id].(json.RawMessage)
			return v, ok && shown[id]
		}
		out[f.ID] = f.bounded(answered)
	}
	for id := range out {
		if !shown[id] {
			delete(out, id)
		}
	}
	return json.Marshal(out)
}

// rawField is a field of the normalised model, as Values reads it.
type rawField struct {
	Kind        string          `json:"kind"`
	ID          string          `json:"id"`
	Label       string          `json:"label"`
	Initial     json.RawMessage `json:"initial"`
	Min         json.RawMessage `json:"min"`
	Max         json.RawMessage `json:"max"`
	Step        json.RawMessage `json:"step"`
	Total       json.RawMessage `json:"total"`
	MaxLength   int             `json:"maxLength"`
	Suggestions []string        `json:"suggestions"`
	MinItems    int             `json:"minItems"`
	MaxItems    int             `json:"maxItems"`
	Options     []struct {
		ID string `json:"id"`
	} `json:"options"`
	Rows []struct {
		ID string `json:"id"`
	} `json:"rows"`
}

// initial reports whether the field starts with a value.
func (f rawField) initial() bool {
	return len(f.Initial) > 0 && string(f.Initial) != "null"
}

// refers reports whether a bound of the field names another field and the
// field has no initial value to send instead.
func (f rawField) refers() bool {
	return (f.Kind == "number" || f.Kind == "date") && !f.initial() && (ref(f.Min) != "" || ref(f.Max) != "")
}

// ref is the id a bound {"field": id} names, or "".
func ref(bound json.RawMessage) string {
	var r struct {
		Field string `json:"field"`
	}
	if len(bound) == 0 || bound[0] != '{' || json.Unmarshal(bound, &r) != nil {
		return ""
	}
	return r.Field
}

// answer is the field's answer as sent and in the canonical form the
// conditions read (an option id, a list of them, a boolean; nil for the
// kinds no condition names).
func (f rawField) answer() (sent, canonical any) {
	ids := make([]string, len(f.Options))
	for i, o := range f.Options {
		ids[i] = o.ID
	}
	if f.initial() {
		switch f.Kind {
		case "text", "number", "date", "scale", "tags":
			return f.Initial, nil
		case "allocation":
			// The normalised model states every amount; all 0 is no answer.
			var amounts map[string]float64
			if json.Unmarshal(f.Initial, &amounts) == nil && slices.ContainsFunc(slices.Collect(maps.Values(amounts)), func(x float64) bool { return x != 0 }) {
				return f.Initial, nil
			}
		}
	}
	switch f.Kind {
	case "text":
		answer := "An answer to: " + f.Label
		if f.MaxLength > 0 && len([]rune(answer)) > f.MaxLength {
			answer = string([]rune(answer)[:f.MaxLength])
		}
		return answer, nil
	case "choice":
		id := ids[len(ids)-1]
		return id, id
	case "multi-choice":
		n := (len(ids) + 1) / 2
		if f.MaxItems > 0 {
			n = min(n, f.MaxItems)
		}
		chosen := ids[:max(n, f.MinItems)]
		return chosen, chosen
	case "matrix":
		answers := map[string]string{}
		for i, r := range f.Rows {
			answers[r.ID] = ids[i%len(ids)]
		}
		return answers, nil
	case "toggle":
		return true, true
	case "order":
		rev := make([]string, len(ids))
		for i, id := range ids {
			rev[len(ids)-1-i] = id
		}
		return rev, nil
	case "number", "date":
		return f.bounded(func(string) (json.RawMessage, bool) { return nil, false }), nil
	case "scale":
		return f.Max, nil
	case "tags":
		if len(f.Suggestions) > 0 {
			return f.Suggestions[:1], nil
		}
		return []string{"demo"}, nil
	case "allocation":
		amounts := make(map[string]json.RawMessage, len(ids))
		for i, id := range ids {
			amounts[id] = json.RawMessage("0")
			if i == 0 {
				amounts[id] = f.Total // the plugin checked that the step divides it
			}
		}
		return amounts, nil
	}
	return nil, nil
}

// bounded is a number's or a date's value, or its initial one: its lower
// bound, else its upper one (a number's moved onto its grid), where a bound
// that names a field is that field's answer (answered gives it while the
// field is shown and answered) and no bound otherwise; without either, 0 or
// 2027-01-01.
func (f rawField) bounded(answered func(id string) (json.RawMessage, bool)) json.RawMessage {
	if f.initial() {
		return f.Initial
	}
	bound := func(b json.RawMessage) []json.RawMessage {
		if id := ref(b); id != "" {
			if v, ok := answered(id); ok {
				return []json.RawMessage{v}
			}
			return nil
		}
		if len(b) == 0 || string(b) == "null" {
			return nil
		}
		return []json.RawMessage{b}
	}
	lows, highs := bound(f.Min), bound(f.Max)
	if f.Kind == "date" {
		switch {
		case len(lows) > 0:
			return lows[0]
		case len(highs) > 0:
			return highs[0]
		}
		return json.RawMessage(`"2027-01-01"`)
	}
	// A number: on the grid from a literal min (or 0) in steps of step.
	base := new(big.Rat)
	if ref(f.Min) == "" && len(lows) > 0 {
		base = rat(lows[0])
	}
	var step *big.Rat
	if len(f.Step) > 0 && string(f.Step) != "null" {
		step = rat(f.Step)
	}
	onGrid := func(x *big.Rat, up bool) json.RawMessage {
		if step != nil && step.Sign() > 0 {
			q := new(big.Rat).Quo(new(big.Rat).Sub(x, base), step)
			n := new(big.Int).Quo(q.Num(), q.Denom()) // toward zero
			if up && new(big.Rat).SetInt(n).Cmp(q) < 0 {
				n.Add(n, big.NewInt(1))
			}
			if !up && new(big.Rat).SetInt(n).Cmp(q) > 0 {
				n.Sub(n, big.NewInt(1))
			}
			x = new(big.Rat).Add(base, new(big.Rat).Mul(new(big.Rat).SetInt(n), step))
		}
		return decimalText(x)
	}
	switch {
	case len(lows) > 0:
		return onGrid(rat(lows[0]), true)
	case len(highs) > 0:
		return onGrid(rat(highs[0]), false)
	}
	return onGrid(new(big.Rat), true)
}

// rat reads a JSON number exactly (0 if it is not one).
func rat(n json.RawMessage) *big.Rat {
	r, ok := new(big.Rat).SetString(string(n))
	if !ok {
		return new(big.Rat)
	}
	return r
}

// decimalText writes x as a JSON number, exactly when its decimal expansion
// ends within 15 places.
func decimalText(x *big.Rat) json.RawMessage {
	if x.IsInt() {
		return json.RawMessage(x.Num().String())
	}
	s := strings.TrimRight(x.FloatString(15), "0")
	return json.RawMessage(strings.TrimSuffix(s, "."))
}
