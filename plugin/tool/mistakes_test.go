package tool

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// call is the arguments of a call with the given fields and blocks.
func call(blocks string, fields ...string) []byte {
	return []byte(`{"model":{"version":1,"title":"Plan","sections":[` + blocks + `],"fields":[` + strings.Join(fields, ",") + `],"submit":{"label":"Send"}}}`)
}

// ids writes n objects {"id": "<prefix><i>", "label": "L"} as a JSON list's items.
func ids(prefix string, n int) string {
	items := make([]string, n)
	for i := range items {
		items[i] = fmt.Sprintf(`{"id":"%s%d","label":"L"}`, prefix, i)
	}
	return strings.Join(items, ",")
}

// Every mistake an agent makes is refused with lines that say what to
// change, so one retry fixes it: the table holds each mistake, the exact
// lines of the text the agent reads, and the call the lines lead to, which
// must then be valid. One mistake gives one line (no line follows from
// another), ids are quoted, long lists are cut after ten, and a value off
// its grid or window names the allowed values nearest to it.
func TestEveryMistakeIsFixedInOneRetry(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		args  []byte
		lines []string
		fixed []byte
	}{{
		name:  "a toggle made required",
		args:  call("", `{"kind":"toggle","id":"ship","label":"Ship it?","required":true}`),
		lines: []string{`- /fields/0/required: remove the unknown key "required"; the keys allowed here are help, id, initial, kind, label, when; a toggle cannot be required: ask a decision the user must make as a required choice. [unknown-key]`},
		fixed: call("", `{"kind":"choice","id":"ship","label":"Ship it?","required":true,"options":[{"id":"yes","label":"Yes"},{"id":"no","label":"No"}]}`),
	}, {
		name:  "an order's initial that leaves out 29 of 30 options",
		args:  call("", `{"kind":"order","id":"o","label":"O","options":[`+ids("o", 30)+`],"initial":["o0"]}`),
		lines: []string{`- /fields/0/initial: an order's initial must list every option id exactly once; add "o1", "o2", "o3", "o4", "o5", "o6", "o7", "o8", "o9", "o10" and 19 more or omit initial. [invalid-initial]`},
		fixed: call("", `{"kind":"order","id":"o","label":"O","options":[`+ids("o", 30)+`]}`),
	}, {
		name: "options written as strings, and an initial one of them",
		args: call("", `{"kind":"choice","id":"c","label":"C","options":["a","b"],"initial":"a"}`),
		lines: []string{
			`- /fields/0/options/0: item 0 of "options" must be an object with the keys id, label, not a string. [wrong-type]`,
			`- /fields/0/options/1: item 1 of "options" must be an object with the keys id, label, not a string. [wrong-type]`,
		},
		fixed: call("", `{"kind":"choice","id":"c","label":"C","options":[{"id":"a","label":"a"},{"id":"b","label":"b"}],"initial":"a"}`),
	}, {
		name:  "a repeated option id: no initial error follows from it",
		args:  call("", `{"kind":"choice","id":"c","label":"C","options":[{"id":"a","label":"A"},{"id":"a","label":"B"}],"initial":"b"}`),
		lines: []string{`- /fields/0/options/1/id: id "a" is already used at /fields/0/options/0/id; ids must be unique among the options of a field. [duplicate-id]`},
		fixed: call("", `{"kind":"choice","id":"c","label":"C","options":[{"id":"a","label":"A"},{"id":"b","label":"B"}],"initial":"b"}`),
	}, {
		name:  "a step that does not divide max − min",
		args:  call("", `{"kind":"number","id":"n","label":"N","min":0,"max":10,"step":3,"initial":6}`),
		lines: []string{`- /fields/0/step: step 3 does not divide max − min (10 − 0), so max is off the grid of steps from min; its nearest values on it are 9 and 12. Use a step that divides 10, or max 9 or 12; initial must be on the grid too. [invalid-value]`},
		fixed: call("", `{"kind":"number","id":"n","label":"N","min":0,"max":9,"step":3,"initial":6}`),
	}, {
		name:  "an initial number off the grid",
		args:  call("", `{"kind":"number","id":"n","label":"N","min":0,"step":0.5,"initial":0.7}`),
		lines: []string{`- /fields/0/initial: initial 0.7 must be 0 plus a whole number of steps of 0.5; the nearest allowed values are 0.5 and 1; change it or omit initial. [invalid-initial]`},
		fixed: call("", `{"kind":"number","id":"n","label":"N","min":0,"step":0.5,"initial":0.5}`),
	}, {
		name:  "a fraction as a whole number's initial",
		args:  call("", `{"kind":"number","id":"n","label":"N","integer":true,"initial":2.5}`),
		lines: []string{`- /fields/0/initial: initial 2.5 must be a whole number; the nearest allowed values are 2 and 3; change it or omit initial. [invalid-initial]`},
		fixed: call("", `{"kind":"number","id":"n","label":"N","integer":true,"initial":3}`),
	}, {
		name:  "bounds swapped: the initial value is not also out of them",
		args:  call("", `{"kind":"number","id":"n","label":"N","min":10,"max":1,"initial":5}`),
		lines: []string{`- /fields/0/max: max 1 is below min 10; swap them. [invalid-value]`},
		fixed: call("", `{"kind":"number","id":"n","label":"N","min":1,"max":10,"initial":5}`),
	}, {
		name:  "a date that does not exist",
		args:  call("", `{"kind":"date","id":"d","label":"D","min":"2026-01-01","max":"2026-03-31","initial":"2026-02-30"}`),
		lines: []string{`- /fields/0/initial: initial "2026-02-30" is not a real calendar date written YYYY-MM-DD; choose one from 2026-01-01 to 2026-03-31; change it or omit initial. [invalid-initial]`},
		fixed: call("", `{"kind":"date","id":"d","label":"D","min":"2026-01-01","max":"2026-03-31","initial":"2026-02-28"}`),
	}, {
		name:  "a date written another way",
		args:  call("", `{"kind":"date","id":"d","label":"D","min":"12/01/2026"}`),
		lines: []string{`- /fields/0/min: "min" is "12/01/2026"; write it to match ^[0-9]{4}-[0-9]{2}-[0-9]{2}$, such as "2026-12-01". [invalid-value]`},
		fixed: call("", `{"kind":"date","id":"d","label":"D","min":"2026-12-01"}`),
	}, {
		name:  "a reserved id",
		args:  call("", `{"kind":"text","id":"constructor","label":"C"}`),
		lines: []string{`- /fields/0/id: "constructor" is reserved because JavaScript objects inherit it; choose another id. [reserved-id]`},
		fixed: call("", `{"kind":"text","id":"builder","label":"C"}`),
	}, {
		name:  "a bidi override in a label",
		args:  call("", `{"kind":"text","id":"t","label":"Approve \u202egnp.exe"}`),
		lines: []string{`- /fields/0/label: this text holds a bidi embedding or override (U+202E) at character 9; remove it. [forbidden-character]`},
		fixed: call("", `{"kind":"text","id":"t","label":"Approve gnp.exe"}`),
	}, {
		name:  "a label of spaces",
		args:  call("", `{"kind":"text","id":"t","label":"   "}`),
		lines: []string{`- /fields/0/label: "label" holds only white space or invisible characters; write visible text. [empty]`},
		fixed: call("", `{"kind":"text","id":"t","label":"Notes"}`),
	}, {
		name:  "a matrix's initial answer for a row it has not",
		args:  call("", `{"kind":"matrix","id":"m","label":"M","rows":[{"id":"r1","label":"R"}],"options":[{"id":"a","label":"A"},{"id":"b","label":"B"}],"initial":{"r9":"a"}}`),
		lines: []string{`- /fields/0/initial/r9: "r9" is not a row id; use only "r1". [invalid-initial]`},
		fixed: call("", `{"kind":"matrix","id":"m","label":"M","rows":[{"id":"r1","label":"R"}],"options":[{"id":"a","label":"A"},{"id":"b","label":"B"}],"initial":{"r1":"a"}}`),
	}, {
		name:  "a kind of another form library",
		args:  call("", `{"kind":"select","id":"s","label":"S"}`),
		lines: []string{`- /fields/0/kind: "select" is not a field kind of version 1; use one of text, choice, multi-choice, toggle, order, number, date, scale, tags, matrix, allocation. [unknown-kind]`},
		fixed: call("", `{"kind":"text","id":"s","label":"S"}`),
	}, {
		name:  "a scale of 21 points",
		args:  call("", `{"kind":"scale","id":"s","label":"S","min":0,"max":20}`),
		lines: []string{`- /fields/0/max: a scale from 0 to 20 has 21 points; use at most 11. [invalid-value]`},
		fixed: call("", `{"kind":"scale","id":"s","label":"S","min":0,"max":10}`),
	}, {
		name:  "more tags than a field may hold",
		args:  call("", `{"kind":"tags","id":"t","label":"T","maxItems":30}`),
		lines: []string{`- /fields/0/maxItems: "maxItems" is 30; it must be at most 20. [invalid-value]`},
		fixed: call("", `{"kind":"tags","id":"t","label":"T","maxItems":20}`),
	}, {
		name:  "minItems over the options",
		args:  call("", `{"kind":"multi-choice","id":"m","label":"M","options":[{"id":"a","label":"A"}],"minItems":2}`),
		lines: []string{`- /fields/0/minItems: minItems 2 is more than the 1 options; lower it or add options. [invalid-value]`},
		fixed: call("", `{"kind":"multi-choice","id":"m","label":"M","options":[{"id":"a","label":"A"}],"minItems":1}`),
	}, {
		name:  "a key of another kind",
		args:  call("", `{"kind":"choice","id":"c","label":"C","options":[{"id":"a","label":"A"}],"multiline":true}`),
		lines: []string{`- /fields/0/multiline: remove the unknown key "multiline"; the keys allowed here are allowOther, help, id, initial, kind, label, options, required, when. [unknown-key]`},
		fixed: call("", `{"kind":"choice","id":"c","label":"C","options":[{"id":"a","label":"A"}]}`),
	}, {
		name:  "a row key that is no column, among twelve columns",
		args:  call(`{"id":"s","blocks":[{"kind":"table","columns":[` + ids("c", 12) + `],"rows":[{"x":1}]}]}`),
		lines: []string{`- /sections/0/blocks/0/rows/0/x: row key "x" is not a column id; use one of "c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9" and 2 more. [unknown-column]`},
		fixed: call(`{"id":"s","blocks":[{"kind":"table","columns":[` + ids("c", 12) + `],"rows":[{"c0":1}]}]}`),
	}, {
		name:  "Windows line breaks in Markdown",
		args:  call(`{"id":"s","blocks":[{"kind":"markdown","text":"a\r\nb\r\nc"}]}`),
		lines: []string{`- /sections/0/blocks/0/text: this text holds 2 carriage returns (U+000D), the first at character 2; remove all 2 and write line breaks as \n alone. [forbidden-character]`},
		fixed: call(`{"id":"s","blocks":[{"kind":"markdown","text":"a\nb\nc"}]}`),
	}, {
		name:  "the model wrapped twice",
		args:  []byte(`{"model":{"model":{"version":1,"title":"Plan","sections":[],"submit":{"label":"Send"}}}}`),
		lines: []string{`- (root): the model is wrapped in a second {"model": ...}; the arguments are {"model": {"version": 1, "title": ...}}, with the model's own keys directly under "model". [invalid-arguments]`},
		fixed: []byte(`{"model":{"version":1,"title":"Plan","sections":[],"submit":{"label":"Send"}}}`),
	}}
	const head = "show_task_surface was not shown: the model is invalid. Fix these and call it again.\nEach line is a JSON Pointer into `model`, then the problem:\n"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m, problems := model.ParseArguments(tt.args, tasksurface.Limits{})
			if m != nil {
				t.Fatal("the mistake is accepted")
			}
			if got, want := InvalidModel(problems), head+strings.Join(tt.lines, "\n"); got != want {
				t.Errorf("the text reads\n%s\nwant\n%s", got, want)
			}
			if m, problems := model.ParseArguments(tt.fixed, tasksurface.Limits{}); m == nil {
				t.Errorf("the call the lines lead to is refused: %v", problems)
			}
		})
	}
}
