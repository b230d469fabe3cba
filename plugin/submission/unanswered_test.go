package submission_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/format"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/plugin/submission"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// unansweredModel has a field of every kind, none required, so that any
// value may be left empty.
const unansweredModel = `{"version":1,"title":"Check","sections":[],"fields":[
{"kind":"text","id":"text","label":"Text"},
{"kind":"choice","id":"choice","label":"Choice","allowOther":true,"options":[{"id":"a","label":"A"},{"id":"b","label":"B"}]},
{"kind":"multi-choice","id":"multi","label":"Multi","options":[{"id":"a","label":"A"},{"id":"b","label":"B"}]},
{"kind":"toggle","id":"toggle","label":"Toggle"},
{"kind":"order","id":"order","label":"Order","options":[{"id":"a","label":"A"},{"id":"b","label":"B"}]},
{"kind":"number","id":"number","label":"Number"},
{"kind":"date","id":"date","label":"Date"},
{"kind":"scale","id":"scale","label":"Scale"},
{"kind":"tags","id":"tags","label":"Tags"},
{"kind":"matrix","id":"matrix","label":"Matrix","rows":[{"id":"r1","label":"R1"},{"id":"r2","label":"R2"}],"options":[{"id":"a","label":"A"},{"id":"b","label":"B"}]}],
"submit":{"label":"Send"}}`

// noAnswer are the words the message shows for a value that is no answer.
var noAnswer = []string{"(not answered)", "(empty)", "(none selected)", "(none)"}

// Unanswered names the fields whose value is no answer, by the rule the
// message shows it by: exactly the fields whose line in the message says
// there is no answer (a matrix with a row left unanswered counts whole).
func TestUnansweredNamesTheFieldsTheMessageShowsUnanswered(t *testing.T) {
	t.Parallel()
	m, problems := model.Parse([]byte(unansweredModel), tasksurface.Limits{})
	if m == nil {
		t.Fatal(problems)
	}
	all := []string{"text", "choice", "multi", "number", "date", "scale", "tags", "matrix"}
	tests := []struct {
		name   string
		values string
		want   []string
	}{
		{"nothing sent: every field by its default", `{}`, all},
		{"empty values of every kind", `{"text":"","choice":null,"multi":[],"toggle":false,"number":null,"date":null,"scale":null,"tags":[],"matrix":{}}`, all},
		{"text that shows nothing is no answer", `{"text":" \u200b\n"}`, all},
		{"answers of every kind", `{"text":"x","choice":"a","multi":["b"],"toggle":false,"order":["b","a"],"number":0,"date":"2026-12-01","scale":1,"tags":["t"],"matrix":{"r1":"a","r2":"b"}}`, []string{}},
		{"the user's own answer is an answer", `{"choice":{"other":"mine"}}`, []string{"text", "multi", "number", "date", "scale", "tags", "matrix"}},
		{"a matrix with one row unanswered", `{"text":"x","choice":"a","multi":["a"],"number":1,"date":"2026-12-01","scale":3,"tags":["t"],"matrix":{"r1":"a"}}`, []string{"matrix"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			values, problems := submission.Validate(m, []byte(tt.values), "", tasksurface.Limits{})
			if problems != nil {
				t.Fatal(problems)
			}
			got := submission.Unanswered(m, values)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Unanswered = %q, want %q", got, tt.want)
			}
			lines := strings.Split(format.Format(m, values, ""), "\n")[1:]
			for i, f := range m.Fields {
				shown := false
				for _, w := range noAnswer {
					shown = shown || strings.HasSuffix(lines[i], ": "+w) || (f.ID == "matrix" && strings.Contains(lines[i]+strings.Join(lines[i+1:], "\n"), w))
				}
				if unanswered := slices.Contains(got, f.ID); shown != unanswered {
					t.Errorf("%s: the message says %q, Unanswered says %v", f.ID, lines[i], unanswered)
				}
			}
		})
	}
}

// With no values every field counts by its default: a required order
// starts unanswered (the user must confirm it); an optional order, a toggle
// and a text with an initial value start answered.
func TestUnansweredOfNothing(t *testing.T) {
	t.Parallel()
	m, _ := model.Parse([]byte(`{"version":1,"title":"T","sections":[],"fields":[
{"kind":"order","id":"o","label":"O","required":true,"options":[{"id":"a","label":"A"}]},
{"kind":"order","id":"p","label":"P","options":[{"id":"a","label":"A"}]},
{"kind":"toggle","id":"g","label":"G"},
{"kind":"text","id":"t","label":"T","initial":"kept"}],"submit":{"label":"S"}}`), tasksurface.Limits{})
	if got := submission.Unanswered(m, nil); !reflect.DeepEqual(got, []string{"o"}) {
		t.Errorf("Unanswered(nil) = %q: a required order starts unanswered, an optional one, a toggle and a text with its initial value do not", got)
	}
	if got := submission.Unanswered(&model.Model{}, nil); got == nil || len(got) != 0 {
		t.Errorf("Unanswered of no fields = %#v, want an empty list", got)
	}
}

// Check judges values as they stand: the problems a submit would give, and
// the fields that are no answer, where a refused value counts as an answer
// (a wrong one) and a document that cannot be read names none.
func TestCheckJudgesValuesAsTheyStand(t *testing.T) {
	t.Parallel()
	m, problems := model.Parse([]byte(unansweredModel), tasksurface.Limits{})
	if m == nil {
		t.Fatal(problems)
	}
	tests := []struct {
		name       string
		values     string
		codes      []tasksurface.Code
		unanswered []string
	}{
		{"valid: what Unanswered names", `{"text":"x","choice":"a"}`, nil, []string{"multi", "number", "date", "scale", "tags", "matrix"}},
		{"a refused value is an answer", `{"number":"7","date":"2026-02-30"}`, []tasksurface.Code{tasksurface.CodeInvalidValue, tasksurface.CodeWrongType}, []string{"text", "choice", "multi", "scale", "tags", "matrix"}},
		{"not JSON: nothing read", `{"text":`, []tasksurface.Code{tasksurface.CodeInvalidJSON}, nil},
		{"not an object: nothing read", `[]`, []tasksurface.Code{tasksurface.CodeWrongType}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			problems, unanswered := submission.Check(m, []byte(tt.values), "", tasksurface.Limits{})
			var codes []tasksurface.Code
			for _, p := range problems {
				codes = append(codes, p.Code)
			}
			if !reflect.DeepEqual(codes, tt.codes) || !reflect.DeepEqual(unanswered, tt.unanswered) {
				t.Errorf("Check = %v, %q; want codes %v, unanswered %q", problems, unanswered, tt.codes, tt.unanswered)
			}
			if values, want := submission.Validate(m, []byte(tt.values), "", tasksurface.Limits{}); !reflect.DeepEqual(want, problems) || (values != nil) != (problems == nil) {
				t.Errorf("Validate gives %v, Check %v", want, problems)
			}
		})
	}
}

// A hidden field is not counted: the Dock's check names only the shown
// fields left unanswered, so a question the user cannot see never holds up
// the progress, and a value the draft kept for it is refused as hidden.
func TestCheckCountsOnlyShownFields(t *testing.T) {
	t.Parallel()
	m, problems := model.Parse([]byte(`{"version":2,"title":"Check","sections":[],"fields":[
{"kind":"choice","id":"target","label":"Target","options":[{"id":"full","label":"Full"},{"id":"canary","label":"Canary"}]},
{"kind":"number","id":"share","label":"Share","required":true,"when":{"field":"target","is":["canary"]}},
{"kind":"allocation","id":"effort","label":"Effort","options":[{"id":"a","label":"A"},{"id":"b","label":"B"}],"total":10,"when":{"field":"target","is":["canary","full"]}}],
"submit":{"label":"Send"}}`), tasksurface.Limits{})
	if m == nil {
		t.Fatal(problems)
	}
	tests := []struct {
		name       string
		values     string
		unanswered []string
		codes      []tasksurface.Code
	}{
		{"nothing chosen: only the target is shown", `{}`, []string{"target"}, nil},
		{"a full rollout shows the effort, not the share", `{"target":"full"}`, []string{"effort"}, nil},
		{"a canary shows the required share", `{"target":"canary","effort":{"a":4,"b":6}}`, []string{"share"}, []tasksurface.Code{tasksurface.CodeRequired}},
		{"a share kept in the draft is refused once hidden", `{"target":"full","share":5,"effort":{"a":10}}`, []string{}, []tasksurface.Code{tasksurface.CodeHidden}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			problems, unanswered := submission.Check(m, []byte(tt.values), "", tasksurface.Limits{})
			if !slices.Equal(unanswered, tt.unanswered) {
				t.Errorf("unanswered %q, want %q", unanswered, tt.unanswered)
			}
			var codes []tasksurface.Code
			for _, p := range problems {
				codes = append(codes, p.Code)
			}
			if !slices.Equal(codes, tt.codes) {
				t.Errorf("problems %v, want codes %v", problems, tt.codes)
			}
		})
	}
}
