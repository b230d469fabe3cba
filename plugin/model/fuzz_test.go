package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// tightLimits make the fuzzer reach every limit with small inputs.
var tightLimits = tasksurface.Limits{MaxModelBytes: 512, MaxBlocks: 2, MaxFields: 2, MaxTableRows: 2}

// FuzzParse feeds arbitrary bytes to Parse and ParseArguments. Neither may
// panic; each returns a model or problems, never both; problems are sorted,
// capped and well formed; a model's normalised bytes fit the limit and
// parse again to the same bytes; a valid model stays valid, with the same
// normalised bytes, when wrapped as {"model": ...}. The seed corpus in testdata/fuzz/FuzzParse
// holds the inputs of the conformance vectors.
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"version":1,"title":"T","sections":[],"submit":{"label":"S"}}`), false)
	f.Add([]byte(`{"model":{"version":1,"title":"T","sections":[{"id":"s","layout":{"kind":"grid","columns":2},"blocks":[{"kind":"table","columns":[{"id":"c","label":"C"}],"rows":[{"c":1.5e3}]}]}],"fields":[{"kind":"order","id":"o","label":"O","options":[{"id":"a","label":"A"},{"id":"b","label":"B"}],"initial":["b","a"]}],"submit":{"label":"S"}}}`), true)
	f.Add([]byte(`{"version":1,"title":"\ud800","sections":[],"submit":{"label":"S"},"a/b~":null}`), false)
	f.Fuzz(func(t *testing.T, raw []byte, tight bool) {
		limits := tasksurface.Limits{}
		if tight {
			limits = tightLimits
		}
		for _, parse := range []func([]byte, tasksurface.Limits) (*Model, []tasksurface.Problem){Parse, ParseArguments} {
			m, problems := parse(raw, limits)
			checkOutcome(t, m, problems, limits.WithDefaults())
		}
		// A valid model is just as valid inside the tool arguments.
		m, _ := Parse(raw, limits)
		if m == nil || len(raw)+len(`{"model":}`) > rawSizeFactor*int(limits.WithDefaults().MaxModelBytes) {
			return
		}
		wrapped, problems := ParseArguments(append(append([]byte(`{"model":`), raw...), '}'), limits)
		if wrapped == nil {
			t.Fatalf("valid as a model, invalid as arguments: %v", problems)
		}
		a, _ := m.Normalized()
		b, _ := wrapped.Normalized()
		if !bytes.Equal(a, b) {
			t.Fatalf("Parse and ParseArguments normalise differently:\n%s\n%s", a, b)
		}
	})
}

func checkOutcome(t *testing.T, m *Model, problems []tasksurface.Problem, limits tasksurface.Limits) {
	t.Helper()
	if (m == nil) == (len(problems) == 0) {
		t.Fatalf("want exactly one of a model and problems: model %v, problems %v", m != nil, problems)
	}
	if len(problems) > MaxProblems+1 {
		t.Fatalf("%d problems, more than the cap", len(problems))
	}
	body := problems
	if n := len(problems); n == MaxProblems+1 {
		if problems[n-1].Code != tasksurface.CodeTooManyProblems {
			t.Fatalf("a full list must end in too-many-problems: %v", problems[n-1])
		}
		body = problems[:n-1]
	}
	if !slices.IsSortedFunc(body, problem.Compare) {
		t.Fatalf("problems are not sorted: %v", problems)
	}
	for _, p := range problems {
		if !knownCodes[p.Code] || p.Message == "" {
			t.Fatalf("malformed problem %#v", p)
		}
		if p.Pointer != "" && p.Pointer[0] != '/' {
			t.Fatalf("malformed pointer %q", p.Pointer)
		}
	}
	if m == nil {
		return
	}
	norm, err := m.Normalized()
	if err != nil {
		t.Fatalf("Normalized: %v", err)
	}
	if len(norm) > int(limits.MaxModelBytes) {
		t.Fatalf("normalised model is %d bytes, over %d", len(norm), limits.MaxModelBytes)
	}
	again, problems := Parse(norm, limits)
	if again == nil {
		t.Fatalf("the normalised model does not parse: %v\n%s", problems, norm)
	}
	if b, _ := again.Normalized(); !bytes.Equal(b, norm) {
		t.Fatalf("normalising twice changed the bytes:\n%s\n%s", norm, b)
	}
}

// FuzzRoundTripNumbers writes a number field and a scale with fuzzed
// literals for their bounds, step and initial value (numbers at the edges
// of their range and precision among the seeds): a model valid once must
// stay valid, with the same normalised bytes, when its normalised form is
// read again, as a replayed log reads it.
func FuzzRoundTripNumbers(f *testing.F) {
	for _, seed := range [][4]string{
		{"-1e15", "1e15", "1e15", "1000000000000000.0"},
		{"0", "1", "0.1", "0.30000000000000004"},
		{"0.1", "0.7", "0.2", "0.5"},
		{"-0", "1e-300", "1e-300", "5e-324"},
		{"999999999999999.9", "1e15", "0.1", "1e15"},
		{"1", "11", "1", "11"},
		{"-100", "100", "25", "-75"},
		{"1.7976931348623157e308", "2", "3", "4"},
	} {
		f.Add(seed[0], seed[1], seed[2], seed[3])
	}
	f.Fuzz(func(t *testing.T, lo, hi, step, initial string) {
		for _, lit := range []string{lo, hi, step, initial} {
			if !json.Valid([]byte(lit)) || !strings.ContainsAny(lit[:1], "-0123456789") {
				return
			}
		}
		raw := fmt.Sprintf(`{"version":1,"title":"T","sections":[],"fields":[`+
			`{"kind":"number","id":"n","label":"N","min":%s,"max":%s,"step":%s,"initial":%s},`+
			`{"kind":"scale","id":"s","label":"S","min":%s,"max":%s,"initial":%s}],"submit":{"label":"S"}}`,
			lo, hi, step, initial, lo, hi, initial)
		m, _ := Parse([]byte(raw), tasksurface.Limits{})
		if m == nil {
			// Each field alone, so that a scale out of range does not hide the number.
			raw = fmt.Sprintf(`{"version":1,"title":"T","sections":[],"fields":[{"kind":"number","id":"n","label":"N","min":%s,"max":%s,"step":%s,"initial":%s}],"submit":{"label":"S"}}`, lo, hi, step, initial)
			if m, _ = Parse([]byte(raw), tasksurface.Limits{}); m == nil {
				return
			}
		}
		norm, _ := m.Normalized()
		again, problems := Parse(norm, tasksurface.Limits{})
		if again == nil {
			t.Fatalf("valid once, refused when read again: %v\n%s\n%s", problems, raw, norm)
		}
		if b, _ := again.Normalized(); !bytes.Equal(b, norm) {
			t.Fatalf("read again, the normalised bytes changed:\n%s\n%s", norm, b)
		}
	})
}
