package model

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/plugin/internal/words"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// randomDecimal is a decimal with up to places digits after the point, of at
// most about scale in magnitude.
func randomDecimal(r *rand.Rand, scale float64, places int) string {
	v := (r.Float64()*2 - 1) * scale
	return FormatNumber(math.Round(v*math.Pow10(places)) / math.Pow10(places))
}

// Every value a refused number's message suggests is one the field then
// accepts: over random fields (with or without min and max, a step or none,
// whole numbers or not, offsets of the grid from 0) and random values,
// including 400.3 in a whole-number field of steps of 50 from 100.
func TestNearestValuesAreAllowed(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(49, 3))
	fields, suggestions := 0, 0
	check := func(f *Field, raw string) {
		var ps problem.List
		if _, ok := f.Value(json.Number(raw), "/n", &ps); ok {
			return
		}
		msg := ps.Items[0].Message
		// The nearest allowed values the message names are its params below
		// and above (the catalog writes them grouped).
		for _, k := range []tasksurface.Param{tasksurface.ParamBelow, tasksurface.ParamAbove} {
			s, ok := ps.Items[0].Params[k]
			if !ok {
				continue
			}
			if !strings.Contains(msg, words.Group(s)) {
				t.Fatalf("field %s: %s is refused with %q, which does not name the suggested %s", f.ID, raw, msg, s)
			}
			suggestions++
			var again problem.List
			if _, ok := f.Value(json.Number(s), "/n", &again); !ok {
				t.Fatalf("field %s: %s is refused with %q, and the suggested %s with %q", f.ID, raw, msg, s, again.Items[0].Message)
			}
		}
	}
	fixed := `{"kind":"number","id":"load","label":"Load","min":100,"max":5000,"step":50,"integer":true}`
	for i := range 3000 {
		doc := fixed
		if i > 0 {
			integer := r.IntN(2) == 0
			places := r.IntN(3)
			if integer {
				places = 0
			}
			keys := []string{`"kind":"number"`, `"id":"n` + fmt.Sprint(i) + `"`, `"label":"N"`}
			min := randomDecimal(r, 1000, places)
			step := FormatNumber(float64(1+r.IntN(60)) / math.Pow10(places))
			if r.IntN(4) > 0 {
				keys = append(keys, `"min":`+min)
			}
			if r.IntN(3) > 0 {
				keys = append(keys, `"step":`+step)
			}
			if r.IntN(3) > 0 {
				lo, _ := numberValue(json.Number(min))
				st, _ := numberValue(json.Number(step))
				keys = append(keys, `"max":`+FormatNumber(lo+float64(r.IntN(200))*st))
			}
			if integer {
				keys = append(keys, `"integer":true`)
			}
			doc = "{" + strings.Join(keys, ",") + "}"
		}
		m, _ := Parse([]byte(`{"version":1,"title":"T","sections":[],"fields":[`+doc+`],"submit":{"label":"S"}}`), tasksurface.Limits{})
		if m == nil {
			continue // a max off the grid by float rounding: not a field to ask about
		}
		fields++
		f := &m.Fields[0]
		if i == 0 {
			check(f, "400.3")
		}
		for range 20 {
			check(f, randomDecimal(r, 1500, 3))
		}
	}
	if fields < 2000 || suggestions < 10000 {
		t.Fatalf("only %d fields and %d suggestions were tried", fields, suggestions)
	}
}
