package hosttest

import "encoding/json"

// Values answers every field of a model, as GetActive returns it: a
// field's own initial value where a text or typed field has one (the
// plugin checked that it fits), else a value of the field's kind within its
// bounds — the last option of a choice, the first half of a multi-choice's
// options (within minItems and maxItems), every row of a matrix, true for a
// toggle, the options reversed for an order, a number's or a date's lower
// bound, a scale's upper one, a tag the field suggests. A test submits it
// to exercise a surface end to end; the plugin still judges it (a text's
// pattern is not read, so such a field needs its initial value).
func Values(model json.RawMessage) (json.RawMessage, error) {
	var m struct {
		Fields []struct {
			Kind        string          `json:"kind"`
			ID          string          `json:"id"`
			Label       string          `json:"label"`
			Initial     json.RawMessage `json:"initial"`
			Min         json.RawMessage `json:"min"`
			Max         json.RawMessage `json:"max"`
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
		} `json:"fields"`
	}
	if err := json.Unmarshal(model, &m); err != nil {
		return nil, err
	}
	out := map[string]any{}
	for _, f := range m.Fields {
		ids := make([]string, len(f.Options))
		for i, o := range f.Options {
			ids[i] = o.ID
		}
		typed := f.Kind == "number" || f.Kind == "date" || f.Kind == "scale" || f.Kind == "tags"
		if len(f.Initial) > 0 && string(f.Initial) != "null" && (typed || f.Kind == "text") {
			out[f.ID] = f.Initial
			continue
		}
		switch f.Kind {
		case "text":
			answer := "An answer to: " + f.Label
			if f.MaxLength > 0 && len([]rune(answer)) > f.MaxLength {
				answer = string([]rune(answer)[:f.MaxLength])
			}
			out[f.ID] = answer
		case "choice":
			out[f.ID] = ids[len(ids)-1]
		case "multi-choice":
			n := (len(ids) + 1) / 2
			if f.MaxItems > 0 {
				n = min(n, f.MaxItems)
			}
			out[f.ID] = ids[:max(n, f.MinItems)]
		case "matrix":
			answers := map[string]string{}
			for i, r := range f.Rows {
				answers[r.ID] = ids[i%len(ids)]
			}
			out[f.ID] = answers
		case "toggle":
			out[f.ID] = true
		case "order":
			rev := make([]string, len(ids))
			for i, id := range ids {
				rev[len(ids)-1-i] = id
			}
			out[f.ID] = rev
		case "number", "date":
			// The lower bound fits both bounds and the step grid; without
			// one, zero or the first day of 2027.
			switch {
			case len(f.Min) > 0:
				out[f.ID] = f.Min
			case f.Kind == "number" && len(f.Max) > 0:
				out[f.ID] = f.Max
			case f.Kind == "number":
				out[f.ID] = 0
			default:
				out[f.ID] = "2027-01-01"
			}
		case "scale":
			out[f.ID] = f.Max
		case "tags":
			if len(f.Suggestions) > 0 {
				out[f.ID] = f.Suggestions[:1]
			} else {
				out[f.ID] = []string{"demo"}
			}
		}
	}
	return json.Marshal(out)
}
