package submission_test

import (
	"testing"

	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/plugin/submission"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// A refused value's message names what would be accepted: the nearest
// values on a number's grid, a date's window, the ids to use, quoted.
func TestValueMessagesNameTheAllowedValues(t *testing.T) {
	t.Parallel()
	m, problems := model.Parse([]byte(`{"version":1,"title":"T","sections":[],"fields":[
{"kind":"number","id":"n","label":"Latency","min":0,"max":10,"step":0.5},
{"kind":"number","id":"w","label":"Replicas","integer":true,"max":4},
{"kind":"date","id":"d","label":"Due","min":"2026-01-01","max":"2026-03-31"},
{"kind":"order","id":"o","label":"Steps","options":[{"id":"a","label":"A"},{"id":"b","label":"B"},{"id":"c","label":"C"}]},
{"kind":"matrix","id":"m","label":"Tests","rows":[{"id":"r1","label":"R1"}],"options":[{"id":"x","label":"X"},{"id":"y","label":"Y"}]}],
"submit":{"label":"S"}}`), tasksurface.Limits{})
	if m == nil {
		t.Fatal(problems)
	}
	tests := []struct{ values, want string }{
		{`{"n":0.7}`, `/n: 0.7 must be 0 plus a whole number of steps of 0.5; the nearest allowed values are 0.5 and 1.`},
		{`{"n":9.9}`, `/n: 9.9 must be 0 plus a whole number of steps of 0.5; the nearest allowed values are 9.5 and 10.`},
		{`{"w":3.5}`, `/w: 3.5 is not a whole number; the nearest allowed values are 3 and 4.`},
		{`{"d":"2026-02-30"}`, `/d: "2026-02-30" is not a real calendar date written YYYY-MM-DD; choose one from 2026-01-01 to 2026-03-31.`},
		{`{"o":["a","a"]}`, `/o: "Steps" must list every option exactly once, but it leaves out "b", "c" and it repeats "a".`},
		{`{"m":{"r2":"x"}}`, `/m/r2: "r2" is not a row of "Tests"; use only "r1".`},
	}
	for _, tt := range tests {
		_, problems := submission.Validate(m, []byte(tt.values), "", tasksurface.Limits{})
		if len(problems) != 1 || problems[0].Pointer+": "+problems[0].Message != tt.want {
			t.Errorf("%s: got %v, want %s", tt.values, problems, tt.want)
		}
	}
}

// A value beyond a bound another field's value sets is a rule's problem
// like a literal bound's: the rule, the bound, and the field that sets it,
// worded by the catalog.
func TestBoundsSetByAFieldCarryTheirRule(t *testing.T) {
	t.Parallel()
	m, problems := model.Parse([]byte(`{"version":1,"title":"T","sections":[],"fields":[
{"kind":"number","id":"lo","label":"Start load"},
{"kind":"number","id":"hi","label":"Peak load","min":{"field":"lo"}},
{"kind":"date","id":"from","label":"Start"},
{"kind":"date","id":"to","label":"End","min":{"field":"from"}}],
"submit":{"label":"S"}}`), tasksurface.Limits{})
	if m == nil {
		t.Fatal(problems)
	}
	_, got := submission.Validate(m, []byte(`{"lo":1500,"hi":1200,"from":"2026-02-01","to":"2026-01-01"}`), "", tasksurface.Limits{})
	want := []tasksurface.Problem{
		{Code: tasksurface.CodeInvalidValue, Pointer: "/hi", Message: `1,200 is below 1,500, the value of "Start load", its minimum.`,
			Rule: tasksurface.RuleBelowMin, Params: map[tasksurface.Param]string{"value": "1200", "min": "1500", "field": "Start load"}},
		{Code: tasksurface.CodeInvalidValue, Pointer: "/to", Message: `2026-01-01 is before 2026-02-01, the value of "Start", its earliest date.`,
			Rule: tasksurface.RuleBeforeMin, Params: map[tasksurface.Param]string{"value": "2026-01-01", "min": "2026-02-01", "field": "Start"}},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for i := range want {
		if !got[i].Equal(want[i]) {
			t.Errorf("problem %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}
