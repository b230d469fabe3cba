package model

import (
	"reflect"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// A condition or a bound written in another vocabulary is told the model's
// form of what its author meant, with the ids of the model, in one line:
// dsh-ask-form's visible_if expression is the condition itself, "equals"
// is "is" (as an array), a negated condition is the other values, a list
// of conditions is a chain, a bound that is a field's id is {"field": id}.
func TestConditionsAndBoundsOfOtherVocabulariesAreSaidInTheModelsWords(t *testing.T) {
	t.Parallel()
	const db = `{"kind":"choice","id":"db","label":"DB","options":[{"id":"postgres","label":"PostgreSQL"},{"id":"sqlite","label":"SQLite"}]},`
	const toggle = `{"kind":"toggle","id":"canary","label":"Canary"},`
	tests := []struct {
		name, fields, ptr, want string
	}{
		{"visible_if as dsh-ask-form writes it", db + `{"kind":"text","id":"t","label":"T","visible_if":"db == 'postgres'"}`,
			"/fields/1/visible_if", `this model calls it "when"; write "when": {"field": "db", "is": ["postgres"]}.`},
		{"an option's label in the expression reads as its id", db + `{"kind":"text","id":"t","label":"T","visible_if":"db == 'SQLite'"}`,
			"/fields/1/visible_if", `write "when": {"field": "db", "is": ["sqlite"]}.`},
		{"alternatives are the values of is", db + `{"kind":"text","id":"t","label":"T","visibleIf":"db == \"postgres\" || db == 'sqlite'"}`,
			"/fields/1/visibleIf", `write "when": {"field": "db", "is": ["postgres", "sqlite"]}.`},
		{"a list", db + `{"kind":"text","id":"t","label":"T","showIf":"db in ['postgres', 'sqlite']"}`,
			"/fields/1/showIf", `write "when": {"field": "db", "is": ["postgres", "sqlite"]}.`},
		{"a toggle's name alone", toggle + `{"kind":"text","id":"t","label":"T","show_if":"canary"}`,
			"/fields/1/show_if", `write "when": {"field": "canary", "is": [true]}.`},
		{"a toggle negated", toggle + `{"kind":"text","id":"t","label":"T","condition":"!canary"}`,
			"/fields/1/condition", `write "when": {"field": "canary", "is": [false]}.`},
		{"a toggle compared with a string", toggle + `{"kind":"text","id":"t","label":"T","visible_if":"canary == 'true'"}`,
			"/fields/1/visible_if", `write "when": {"field": "canary", "is": [true]}.`},
		{"an expression a condition cannot say", `{"kind":"number","id":"n","label":"N"},{"kind":"text","id":"t","label":"T","visible_if":"n > 3"}`,
			"/fields/1/visible_if", `this model calls it "when", {"field": <id of an earlier choice, multi-choice or toggle>, "is": [<its option ids, or true or false>]}.`},
		{"equals is is, an array", db + `{"kind":"text","id":"t","label":"T","when":{"field":"db","equals":"postgres"}}`,
			"/fields/1/when/equals", `this model calls it "is", an array of the values that show this field: "is": ["postgres"].`},
		{"in is is", db + `{"kind":"text","id":"t","label":"T","when":{"field":"db","in":["postgres","sqlite"]}}`,
			"/fields/1/when/in", `this model calls it "is", an array of the values that show this field: "is": ["postgres", "sqlite"].`},
		{"a negated choice is its other options", db + `{"kind":"text","id":"t","label":"T","when":{"field":"db","not":["sqlite"]}}`,
			"/fields/1/when/not", `a condition has no negation: list in "is" the values that show this field instead, here "is": ["postgres"].`},
		{"a negated toggle is the other value", toggle + `{"kind":"text","id":"t","label":"T","when":{"field":"canary","isNot":true}}`,
			"/fields/1/when/isNot", `here "is": [false].`},
		{"a negated multi-choice is said in general", `{"kind":"multi-choice","id":"m","label":"M","options":[{"id":"a","label":"A"},{"id":"b","label":"B"}]},{"kind":"text","id":"t","label":"T","when":{"field":"m","not":["a"]}}`,
			"/fields/1/when/not", `list in "is" the values that show this field instead (the other option ids, or the other of true and false).`},
		{"two conditions are a chain", db + toggle + `{"kind":"text","id":"t","label":"T","when":[{"field":"db","is":["postgres"]},{"field":"canary","is":[true]}]}`,
			"/fields/2/when", `"when" must be one object {"field": id, "is": [...]}, not an array; to need both, keep here the one on "canary" and give field "canary" "when": {"field": "db", "is": ["postgres"]}: a field shows only while the field its condition names is shown.`},
		{"two conditions in the other order", db + toggle + `{"kind":"text","id":"t","label":"T","when":[{"field":"canary","is":[true]},{"field":"db","is":["postgres"]}]}`,
			"/fields/2/when", `keep here the one on "canary" and give field "canary" "when": {"field": "db", "is": ["postgres"]}`},
		{"three conditions", db + toggle + `{"kind":"toggle","id":"x","label":"X"},{"kind":"text","id":"t","label":"T","when":[{"field":"db","is":["postgres"]},{"field":"canary","is":[true]},{"field":"x","is":[true]}]}`,
			"/fields/3/when", `to need several, keep here the one that names the latest field and put the others on that field the same way`},
		{"a bound's field under another name", `{"kind":"date","id":"a","label":"A"},{"kind":"date","id":"b","label":"B","min":{"id":"a"}}`,
			"/fields/1/min/id", `this model calls it "field".`},
		{"a date bound that is a field's id", `{"kind":"date","id":"start","label":"A"},{"kind":"date","id":"end","label":"B","min":"start"}`,
			"/fields/1/min", `"min" is "start", the id of a field; to bound it by that field's answer write {"field": "start"}, or write a date such as "2026-12-01".`},
		{"a number bound that is a field's id", `{"kind":"number","id":"cap","label":"A"},{"kind":"number","id":"n","label":"B","max":"cap"}`,
			"/fields/1/max", `"max" must be a number or {"field": id}, not a string; to bound it by the answer of field "cap" write {"field": "cap"}.`},
		{"a bound that is its own field's id", `{"kind":"date","id":"start","label":"A","min":"start"}`,
			"/fields/0/min", `"min" is "start"; write it to match ^[0-9]{4}-[0-9]{2}-[0-9]{2}$, such as "2026-12-01".`},
		{"a bound that is the id of a field of another kind", `{"kind":"date","id":"d","label":"A"},{"kind":"number","id":"n","label":"B","max":"d"}`,
			"/fields/1/max", `"max" must be a number or {"field": id}, not a string.`},
		{"a date as a number's bound", `{"kind":"number","id":"n","label":"N","min":"2026-12-01"}`,
			"/fields/0/min", `"min" must be a number or {"field": id}, not a string; "2026-12-01" is a date, and a date bound belongs to a field of kind "date".`},
		{"a number in quotes as a bound", `{"kind":"number","id":"n","label":"N","min":"10"}`,
			"/fields/0/min", `"min" must be a number or {"field": id}, not a string; write the value without quotes.`},
		{"an allocation's sum_to", `{"kind":"allocation","id":"w","label":"W","sum_to":100,"options":[{"id":"a","label":"A"},{"id":"b","label":"B"}]}`,
			"/fields/0/sum_to", `this model calls it "total".`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, ps := Parse([]byte(`{"version":2,"title":"T","sections":[],"fields":[`+tt.fields+`],"submit":{"label":"S"}}`), tasksurface.Limits{})
			if len(ps) != 1 {
				t.Errorf("%d problems, want the one line: %v", len(ps), ps)
			}
			for _, p := range ps {
				if p.Pointer == tt.ptr && strings.Contains(p.Message, tt.want) {
					return
				}
			}
			t.Errorf("no problem at %s says %q: %v", tt.ptr, tt.want, ps)
		})
	}
}

// A condition written on a section is told that only a field has one.
func TestAConditionOnASectionIsSaidToBelongToAField(t *testing.T) {
	t.Parallel()
	_, ps := Parse([]byte(`{"version":2,"title":"T","sections":[{"id":"s","when":{"field":"c","is":["a"]},"blocks":[{"kind":"markdown","text":"x"}]}],"submit":{"label":"S"}}`), tasksurface.Limits{})
	want := `remove the unknown key "when"; the keys allowed here are blocks, id, layout, title; only a field has a condition; sections and blocks are always shown.`
	if len(ps) != 1 || ps[0].Pointer != "/sections/0/when" || ps[0].Message != want {
		t.Errorf("got %v, want the one line %q at /sections/0/when", ps, want)
	}
}

func TestParseCondition(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in     string
		field  string
		values []any
	}{
		{"runtime == 'Bun'", "runtime", []any{"Bun"}},
		{`runtime === "Bun"`, "runtime", []any{"Bun"}},
		{"a == 'x' || a == 'y'", "a", []any{"x", "y"}},
		{"a == 'x' or a == 'y'", "a", []any{"x", "y"}},
		{"a in ('x', \"y\")", "a", []any{"x", "y"}},
		{"ok", "ok", []any{true}},
		{" !ok ", "ok", []any{false}},
		{"ok == false", "ok", []any{false}},
		{"a == 'x' || b == 'y'", "", nil},
		{"a != 'x'", "", nil},
		{"!a == 'x'", "", nil},
		{"n > 3", "", nil},
		{"a == x", "", nil},
		{"a in 'x'", "", nil},
		{"", "", nil},
	}
	for _, tt := range tests {
		field, values, ok := parseCondition(tt.in)
		if ok != (tt.field != "") || field != tt.field || !reflect.DeepEqual(values, tt.values) {
			t.Errorf("parseCondition(%q) = %q, %v, %v; want %q, %v", tt.in, field, values, ok, tt.field, tt.values)
		}
	}
}

// A field that a condition or a bound cannot name is told by its kind with
// the kind's article: "an allocation", "a text".
func TestKindsAreNamedWithTheirArticle(t *testing.T) {
	t.Parallel()
	const alloc = `{"kind":"allocation","id":"w","label":"W","total":100,"options":[{"id":"a","label":"A"},{"id":"b","label":"B"}]},`
	tests := []struct{ fields, want string }{
		{alloc + `{"kind":"text","id":"t","label":"T","when":{"field":"w","is":["a"]}}`, `field "w" is an allocation; a condition names`},
		{alloc + `{"kind":"number","id":"n","label":"N","min":{"field":"w"}}`, `field "w" is an allocation; a number's min names`},
		{`{"kind":"text","id":"w","label":"W"},{"kind":"text","id":"t","label":"T","when":{"field":"w","is":["a"]}}`, `field "w" is a text; a condition names`},
	}
	for _, tt := range tests {
		_, ps := Parse([]byte(`{"version":2,"title":"T","sections":[],"fields":[`+tt.fields+`],"submit":{"label":"S"}}`), tasksurface.Limits{})
		if len(ps) != 1 || !strings.HasPrefix(ps[0].Message, tt.want) {
			t.Errorf("got %v, want one problem that begins %q", ps, tt.want)
		}
	}
}

// Amounts written on an allocation's options are told where they go, with
// the field's initial they make; on another kind's options they are not.
func TestAmountsOnAnAllocationsOptionsAreToldTheirPlace(t *testing.T) {
	t.Parallel()
	tests := []struct{ field, ptr, want string }{
		{`{"kind":"allocation","id":"w","label":"W","total":100,"options":[{"id":"a","label":"A","initial":60},{"id":"b","label":"B","initial":40}]}`,
			"/fields/0/options/1/initial", `an allocation's starting amounts are the field's "initial", an object of option id to amount: "initial": {"a": 60, "b": 40}.`},
		{`{"kind":"allocation","id":"w","label":"W","total":100,"options":[{"id":"a","label":"A","amount":"60"},{"id":"b","label":"B"}]}`,
			"/fields/0/options/0/amount", `an allocation's starting amounts are the field's "initial", an object of option id to amount.`},
		{`{"kind":"choice","id":"c","label":"C","options":[{"id":"a","label":"A","value":1}]}`,
			"/fields/0/options/0/value", `remove the unknown key "value"; the keys allowed here are detail, id, label.`},
	}
	for _, tt := range tests {
		_, ps := Parse([]byte(`{"version":2,"title":"T","sections":[],"fields":[`+tt.field+`],"submit":{"label":"S"}}`), tasksurface.Limits{})
		found := false
		for _, p := range ps {
			found = found || p.Pointer == tt.ptr && strings.HasSuffix(p.Message, tt.want)
		}
		if !found {
			t.Errorf("no problem at %s ends %q: %v", tt.ptr, tt.want, ps)
		}
	}
}
