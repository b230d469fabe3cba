package tool

import (
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Fresh mistakes an agent plausibly makes when it writes a surface from the
// definition, each with the call it writes after reading only the refusal:
// the text must hold the phrase that leads to the fix, and the fix must be
// valid, so one retry suffices. The conditions (when), the bounds that name
// a field and the allocation kind are among them, and the vocabularies an
// agent brings along: JSON Schema, HTML and dsh-ask-form's.
func TestEveryTrialMistakeIsFixedInOneRetry(t *testing.T) {
	t.Parallel()
	const db = `{"kind":"choice","id":"db","label":"Database","options":[{"id":"postgres","label":"PostgreSQL"},{"id":"sqlite","label":"SQLite"}]}`
	const ab = `"options":[{"id":"a","label":"A"},{"id":"b","label":"B"}]`
	tests := []struct {
		name   string
		args   []byte
		phrase string
		fixed  []byte
	}{{
		name:   "a number in JSON Schema's words",
		args:   call("", db, `{"kind":"number","id":"pool","label":"Pool size","type":"integer","minimum":1,"maximum":200,"default":20}`),
		phrase: `- /fields/1/minimum: remove the unknown key "minimum"; the keys allowed here are help, id, initial, integer, kind, label, max, min, required, step, unit, when; this model calls it "min".`,
		fixed:  call("", db, `{"kind":"number","id":"pool","label":"Pool size","integer":true,"min":1,"max":200,"initial":20}`),
	}, {
		name:   "an HTML checkbox",
		args:   call("", `{"type":"checkbox","name":"agree","label":"I reviewed the diff","checked":false}`),
		phrase: `add the field's "kind": one of text, choice, multi-choice, toggle, order, number, date, scale, tags, matrix, allocation; this one reads as toggle.`,
		fixed:  call("", `{"kind":"toggle","id":"agree","label":"I reviewed the diff","initial":false}`),
	}, {
		name:   "fields inside a section",
		args:   call(`{"id":"s","blocks":[{"kind":"markdown","text":"Pick."}],"fields":[{"kind":"text","id":"t","label":"Notes"}]}`),
		phrase: `fields are an array in the model's /fields, not inside another object.`,
		fixed:  call(`{"id":"s","blocks":[{"kind":"markdown","text":"Pick."}]}`, `{"kind":"text","id":"t","label":"Notes"}`),
	}, {
		name:   "a condition on a later field",
		args:   call("", `{"kind":"number","id":"pool","label":"Pool size","when":{"field":"db","is":["postgres"]}}`, db),
		phrase: `field "db" comes later (/fields/1); a condition names an earlier field, so move this field after it.`,
		fixed:  call("", db, `{"kind":"number","id":"pool","label":"Pool size","when":{"field":"db","is":["postgres"]}}`),
	}, {
		name:   "a condition on a text field",
		args:   call("", `{"kind":"text","id":"env","label":"Environment"}`, `{"kind":"number","id":"replicas","label":"Replicas","when":{"field":"env","is":["prod"]}}`),
		phrase: `field "env" is a text; a condition names a choice, multi-choice or toggle`,
		fixed:  call("", `{"kind":"choice","id":"env","label":"Environment","options":[{"id":"staging","label":"Staging"},{"id":"prod","label":"Production"}]}`, `{"kind":"number","id":"replicas","label":"Replicas","when":{"field":"env","is":["prod"]}}`),
	}, {
		name:   "is as a string",
		args:   call("", db, `{"kind":"number","id":"pool","label":"Pool size","when":{"field":"db","is":"postgres"}}`),
		phrase: `"is" must be an array, not a string.`,
		fixed:  call("", db, `{"kind":"number","id":"pool","label":"Pool size","when":{"field":"db","is":["postgres"]}}`),
	}, {
		name:   "a date bound naming a number field",
		args:   call("", `{"kind":"number","id":"days","label":"Days"}`, `{"kind":"date","id":"end","label":"End","min":{"field":"days"}}`),
		phrase: `field "days" is a number; a date's min names another date field (this surface has no other).`,
		fixed:  call("", `{"kind":"number","id":"days","label":"Days"}`, `{"kind":"date","id":"start","label":"Start"}`, `{"kind":"date","id":"end","label":"End","min":{"field":"start"}}`),
	}, {
		name:   "an allocation whose initial amounts sum wrong",
		args:   call("", `{"kind":"allocation","id":"effort","label":"Effort","total":100,"options":[{"id":"a","label":"A"},{"id":"b","label":"B"},{"id":"c","label":"C"}],"initial":{"a":40,"b":40,"c":30}}`),
		phrase: `- /fields/0/initial: in initial, the amounts sum to 110 of 100; 10 over; make them sum to 100, or omit initial.`,
		fixed:  call("", `{"kind":"allocation","id":"effort","label":"Effort","total":100,"options":[{"id":"a","label":"A"},{"id":"b","label":"B"},{"id":"c","label":"C"}],"initial":{"a":40,"b":30,"c":30}}`),
	}, {
		name:   "an allocation of total 0",
		args:   call("", `{"kind":"allocation","id":"w","label":"Weights","total":0,"unit":"%",`+ab+`}`),
		phrase: `"total" is 0; it must be more than 0.`,
		fixed:  call("", `{"kind":"allocation","id":"w","label":"Weights","total":100,"unit":"%",`+ab+`}`),
	}, {
		name:   "a condition with equals",
		args:   call("", db, `{"kind":"number","id":"pool","label":"Pool size","when":{"field":"db","equals":"postgres"}}`),
		phrase: `this model calls it "is", an array of the values that show this field: "is": ["postgres"].`,
		fixed:  call("", db, `{"kind":"number","id":"pool","label":"Pool size","when":{"field":"db","is":["postgres"]}}`),
	}, {
		name:   "visible_if as dsh-ask-form writes it",
		args:   call("", db, `{"kind":"number","id":"pool","label":"Pool size","visible_if":"db == 'PostgreSQL'"}`),
		phrase: `this model calls it "when"; write "when": {"field": "db", "is": ["postgres"]}.`,
		fixed:  call("", db, `{"kind":"number","id":"pool","label":"Pool size","when":{"field":"db","is":["postgres"]}}`),
	}, {
		name:   "an allocation's options as plain strings",
		args:   call("", `{"kind":"allocation","id":"weights","label":"Criteria weights","total":100,"options":["Performance","Ecosystem","Footprint"]}`),
		phrase: `item 0 of "options" must be an object with the keys id, label, not a string.`,
		fixed:  call("", `{"kind":"allocation","id":"weights","label":"Criteria weights","total":100,"options":[{"id":"performance","label":"Performance"},{"id":"ecosystem","label":"Ecosystem"},{"id":"footprint","label":"Footprint"}]}`),
	}, {
		name:   "a date as a number's min",
		args:   call("", `{"kind":"number","id":"deadline","label":"Deadline","min":"2026-12-01"}`),
		phrase: `"2026-12-01" is a date, and a date bound belongs to a field of kind "date".`,
		fixed:  call("", `{"kind":"date","id":"deadline","label":"Deadline","min":"2026-12-01"}`),
	}, {
		name:   "a condition on an option's name",
		args:   call("", db, `{"kind":"number","id":"pool","label":"Pool size","when":{"field":"db","is":["postgresql"]}}`),
		phrase: `"postgresql" is not an option id of field "db"; use only "postgres", "sqlite".`,
		fixed:  call("", db, `{"kind":"number","id":"pool","label":"Pool size","when":{"field":"db","is":["postgres"]}}`),
	}, {
		name:   "a toggle's condition as a string",
		args:   call("", `{"kind":"toggle","id":"canary","label":"Use a canary"}`, `{"kind":"number","id":"pct","label":"Canary traffic","unit":"%","when":{"field":"canary","is":["true"]}}`),
		phrase: `field "canary" is a toggle; its condition's values are true or false, not "true".`,
		fixed:  call("", `{"kind":"toggle","id":"canary","label":"Use a canary"}`, `{"kind":"number","id":"pct","label":"Canary traffic","unit":"%","when":{"field":"canary","is":[true]}}`),
	}, {
		name:   "a date bounded by itself",
		args:   call("", `{"kind":"date","id":"end","label":"End","min":{"field":"end"}}`),
		phrase: `a field cannot bound itself; name another date field (this surface has no other), or write min as a literal.`,
		fixed:  call("", `{"kind":"date","id":"end","label":"End","min":"2026-12-07"}`),
	}, {
		name:   "a date bound as the other field's id",
		args:   call("", `{"kind":"date","id":"start","label":"Start"}`, `{"kind":"date","id":"end","label":"End","min":"start"}`),
		phrase: `"min" is "start", the id of a field; to bound it by that field's answer write {"field": "start"}`,
		fixed:  call("", `{"kind":"date","id":"start","label":"Start"}`, `{"kind":"date","id":"end","label":"End","min":{"field":"start"}}`),
	}, {
		name:   "a condition on a number",
		args:   call("", `{"kind":"number","id":"replicas","label":"Replicas","integer":true}`, `{"kind":"toggle","id":"pdb","label":"Add a disruption budget","when":{"field":"replicas","is":["3"]}}`),
		phrase: `field "replicas" is a number; a condition names a choice, multi-choice or toggle`,
		fixed:  call("", `{"kind":"choice","id":"replicas","label":"Replicas","options":[{"id":"1","label":"1"},{"id":"2","label":"2"},{"id":"3","label":"3"}]}`, `{"kind":"toggle","id":"pdb","label":"Add a disruption budget","when":{"field":"replicas","is":["3"]}}`),
	}, {
		name:   "dsh-ask-form's sum_to",
		args:   call("", `{"kind":"allocation","id":"weights","label":"Criteria weights","sum_to":100,"options":[{"id":"perf","label":"Performance"},{"id":"eco","label":"Ecosystem"}]}`),
		phrase: `remove the unknown key "sum_to"; the keys allowed here are help, id, initial, kind, label, options, required, step, total, unit, when; this model calls it "total".`,
		fixed:  call("", `{"kind":"allocation","id":"weights","label":"Criteria weights","total":100,"options":[{"id":"perf","label":"Performance"},{"id":"eco","label":"Ecosystem"}]}`),
	}, {
		name:   "two conditions in a list",
		args:   call("", db, `{"kind":"toggle","id":"ha","label":"High availability"}`, `{"kind":"number","id":"pool","label":"Pool size","when":[{"field":"db","is":["postgres"]},{"field":"ha","is":[true]}]}`),
		phrase: `to need both, keep here the one on "ha" and give field "ha" "when": {"field": "db", "is": ["postgres"]}`,
		fixed:  call("", db, `{"kind":"toggle","id":"ha","label":"High availability","when":{"field":"db","is":["postgres"]}}`, `{"kind":"number","id":"pool","label":"Pool size","when":{"field":"ha","is":[true]}}`),
	}, {
		name:   "an allocation's step that does not divide the total",
		args:   call("", `{"kind":"allocation","id":"h","label":"Hours","total":10,"step":3,`+ab+`}`),
		phrase: `step 3 does not divide total 10, so no answer could sum to it; use a step that divides the total.`,
		fixed:  call("", `{"kind":"allocation","id":"h","label":"Hours","total":10,"step":2,`+ab+`}`),
	}, {
		name:   "a negated condition",
		args:   call("", db, `{"kind":"number","id":"pool","label":"Pool size","when":{"field":"db","not":["sqlite"]}}`),
		phrase: `a condition has no negation: list in "is" the values that show this field instead, here "is": ["postgres"].`,
		fixed:  call("", db, `{"kind":"number","id":"pool","label":"Pool size","when":{"field":"db","is":["postgres"]}}`),
	}, {
		name:   "a bound object with id for field",
		args:   call("", `{"kind":"date","id":"start","label":"Start"}`, `{"kind":"date","id":"end","label":"End","min":{"id":"start"}}`),
		phrase: `remove the unknown key "id"; the keys allowed here are field; this model calls it "field".`,
		fixed:  call("", `{"kind":"date","id":"start","label":"Start"}`, `{"kind":"date","id":"end","label":"End","min":{"field":"start"}}`),
	}, {
		name:   "an allocation's amounts with their unit",
		args:   call("", `{"kind":"allocation","id":"w","label":"Weights","total":100,"unit":"%",`+ab+`,"initial":{"a":"60%","b":"40%"}}`),
		phrase: `"a" must be a number, not a string.`,
		fixed:  call("", `{"kind":"allocation","id":"w","label":"Weights","total":100,"unit":"%",`+ab+`,"initial":{"a":60,"b":40}}`),
	}, {
		name:   "an allocation's amounts on its options",
		args:   call("", `{"kind":"allocation","id":"w","label":"Weights","total":100,"options":[{"id":"a","label":"A","initial":60},{"id":"b","label":"B","initial":40}]}`),
		phrase: `an allocation's starting amounts are the field's "initial", an object of option id to amount: "initial": {"a": 60, "b": 40}.`,
		fixed:  call("", `{"kind":"allocation","id":"w","label":"Weights","total":100,`+ab+`,"initial":{"a":60,"b":40}}`),
	}, {
		name:   "a condition naming a field by another name",
		args:   call("", db, `{"kind":"number","id":"pool","label":"Pool size","when":{"field":"database","is":["postgres"]}}`),
		phrase: `"database" is not a field id of this surface; name an earlier choice, multi-choice or toggle: "db".`,
		fixed:  call("", db, `{"kind":"number","id":"pool","label":"Pool size","when":{"field":"db","is":["postgres"]}}`),
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m, problems := model.ParseArguments(tt.args, tasksurface.Limits{})
			if m != nil {
				t.Fatal("the mistake is accepted")
			}
			if text := InvalidModel(problems); !strings.Contains(text, tt.phrase) {
				t.Errorf("the text reads\n%s\nwithout the words that lead to the fix:\n%s", text, tt.phrase)
			}
			if m, problems := model.ParseArguments(tt.fixed, tasksurface.Limits{}); m == nil {
				t.Errorf("the call the text leads to is refused:\n%s", InvalidModel(problems))
			}
		})
	}
}
