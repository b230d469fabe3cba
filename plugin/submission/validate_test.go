package submission

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// testModel has one field of every kind.
func testModel() *model.Model {
	opts := func(ids ...string) []model.Option {
		out := make([]model.Option, len(ids))
		for i, id := range ids {
			out[i] = model.Option{ID: id, Label: strings.ToUpper(id)}
		}
		return out
	}
	return &model.Model{
		Version: 1,
		Title:   "Test",
		Fields: []model.Field{
			{Kind: model.Text{}, ID: "name", Label: "Name", Required: true},
			{Kind: model.Choice{Options: opts("a", "b")}, ID: "pick", Label: "Pick"},
			{Kind: model.MultiChoice{Options: opts("x", "y", "z")}, ID: "many", Label: "Many"},
			{Kind: model.Toggle{}, ID: "on", Label: "On"},
			{Kind: model.Order{Options: opts("p", "q", "r")}, ID: "rank", Label: "Rank"},
		},
	}
}

type wantProblem struct {
	code    tasksurface.Code
	pointer string
}

func problemsOf(ps []tasksurface.Problem) []wantProblem {
	out := make([]wantProblem, len(ps))
	for i, p := range ps {
		out[i] = wantProblem{p.Code, p.Pointer}
	}
	return out
}

func TestValidate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		values string
		note   string
		limits tasksurface.Limits
		want   Values
		probs  []wantProblem
	}{
		{
			name:   "complete",
			values: `{"name":"Ada","pick":"b","many":["z","x"],"on":true,"rank":["r","p","q"]}`,
			want:   Values{"name": "Ada", "pick": "b", "many": []string{"x", "z"}, "on": true, "rank": []string{"r", "p", "q"}},
		},
		{
			name:   "defaults",
			values: `{"name":"Ada"}`,
			want:   Values{"name": "Ada", "pick": nil, "many": []string{}, "on": false, "rank": []string{"p", "q", "r"}},
		},
		{
			name:   "whitespace around the document is fine",
			values: " \n\t{\"name\":\"Ada\"}\r\n ",
			want:   Values{"name": "Ada", "pick": nil, "many": []string{}, "on": false, "rank": []string{"p", "q", "r"}},
		},
		{
			name:   "escapes decode",
			values: `{"name":"A\"d\\a\/\u00e9\ud83d\ude80\n\t"}`,
			want:   Values{"name": "A\"d\\a/é🚀\n\t", "pick": nil, "many": []string{}, "on": false, "rank": []string{"p", "q", "r"}},
		},
		{
			name:   "array indexes sort as numbers",
			values: `{"name":"A","many":["x","y","z","w0","w1","w2","w3","w4","w5","w6","w7"]}`,
			probs: []wantProblem{
				{tasksurface.CodeNotAnOption, "/many/3"}, {tasksurface.CodeNotAnOption, "/many/4"}, {tasksurface.CodeNotAnOption, "/many/5"},
				{tasksurface.CodeNotAnOption, "/many/6"}, {tasksurface.CodeNotAnOption, "/many/7"}, {tasksurface.CodeNotAnOption, "/many/8"},
				{tasksurface.CodeNotAnOption, "/many/9"}, {tasksurface.CodeNotAnOption, "/many/10"},
			},
		},
		{
			name:   "note and field problems together",
			values: `{"name":"","on":1}`,
			note:   "bad\x01",
			probs:  []wantProblem{{tasksurface.CodeRequired, "/name"}, {tasksurface.CodeForbiddenCharacter, "/note"}, {tasksurface.CodeWrongType, "/on"}},
		},
		{
			name:   "invalid escape",
			values: `{"name":"\x"}`,
			probs:  []wantProblem{{tasksurface.CodeInvalidJSON, ""}},
		},
		{
			name:   "raw control character in a string",
			values: "{\"name\":\"a\nb\"}",
			probs:  []wantProblem{{tasksurface.CodeInvalidJSON, ""}},
		},
		{
			name:   "invalid number",
			values: `{"name":01}`,
			probs:  []wantProblem{{tasksurface.CodeInvalidJSON, ""}},
		},
		{
			name:   "high surrogate followed by a non-surrogate escape",
			values: `{"name":"\ud800\u0041"}`,
			probs:  []wantProblem{{tasksurface.CodeForbiddenCharacter, "/name"}},
		},
		{
			name:   "lone surrogate in a key",
			values: `{"\udc00":1,"name":"A"}`,
			probs:  []wantProblem{{tasksurface.CodeForbiddenCharacter, "/\ufffd"}, {tasksurface.CodeUnknownField, "/\ufffd"}},
		},
		{
			name:   "default limit applies to a zero limit",
			values: `{"name":"` + strings.Repeat("a", 32<<10) + `"}`,
			probs:  []wantProblem{{tasksurface.CodeLimitExceeded, ""}},
		},
		{
			name:   "a raised limit admits more",
			values: `{"name":"` + strings.Repeat("a", 40<<10) + `"}`,
			limits: tasksurface.Limits{MaxSubmissionBytes: 64 << 10},
			want:   Values{"name": strings.Repeat("a", 40<<10), "pick": nil, "many": []string{}, "on": false, "rank": []string{"p", "q", "r"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, probs := Validate(testModel(), json.RawMessage(tt.values), tt.note, tt.limits)
			if gotP := problemsOf(probs); !reflect.DeepEqual(gotP, tt.probs) && (len(gotP) != 0 || len(tt.probs) != 0) {
				t.Fatalf("problems = %v, want %v (%v)", gotP, tt.probs, probs)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("values = %#v, want %#v", got, tt.want)
			}
		})
	}
}

func TestValidateNilModel(t *testing.T) {
	t.Parallel()
	got, probs := Validate(nil, json.RawMessage(`{}`), "", tasksurface.Limits{})
	if got != nil || len(probs) != 1 {
		t.Fatalf("Validate(nil model) = %v, %v; want one problem", got, probs)
	}
}

func TestValidateCapsProblems(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString(`{"name":"A"`)
	for i := range 200 {
		b.WriteString(`,"k` + strings.Repeat("x", i) + `":1`)
	}
	b.WriteString("}")
	_, probs := Validate(testModel(), json.RawMessage(b.String()), "", tasksurface.Limits{})
	if len(probs) != MaxProblems+1 {
		t.Fatalf("got %d problems, want %d", len(probs), MaxProblems+1)
	}
	if last := probs[len(probs)-1]; last.Code != tasksurface.CodeTooManyProblems || !strings.Contains(last.Message, "150 more") {
		t.Errorf("last problem = %v, want too-many-problems naming 150 more", last)
	}
}

func TestValidateOrderIndependent(t *testing.T) {
	t.Parallel()
	a := `{"zz":1,"on":"x","many":["q"],"aa":2,"name":""}`
	b := `{"name":"","aa":2,"many":["q"],"on":"x","zz":1}`
	_, pa := Validate(testModel(), json.RawMessage(a), "", tasksurface.Limits{})
	_, pb := Validate(testModel(), json.RawMessage(b), "", tasksurface.Limits{})
	if !reflect.DeepEqual(pa, pb) {
		t.Errorf("problems depend on key order:\n%v\n%v", pa, pb)
	}
	if len(pa) != 5 {
		t.Errorf("got %d problems, want 5: %v", len(pa), pa)
	}
}

func TestValuesMarshalEmptyListsAsArrays(t *testing.T) {
	t.Parallel()
	got, probs := Validate(testModel(), json.RawMessage(`{"name":"A"}`), "", tasksurface.Limits{})
	if probs != nil {
		t.Fatal(probs)
	}
	b, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"many":[],"name":"A","on":false,"pick":null,"rank":["p","q","r"]}`
	if string(b) != want {
		t.Errorf("json = %s, want %s", b, want)
	}
}

func TestDefaultValue(t *testing.T) {
	t.Parallel()
	opts := []model.Option{{ID: "a", Label: "A"}, {ID: "b", Label: "B"}, {ID: "c", Label: "C"}}
	rows := []model.Column{{ID: "r1", Label: "R1"}, {ID: "r2", Label: "R2"}}
	tests := []struct {
		field model.Field
		want  any
	}{
		{model.Field{Kind: model.Text{}}, ""},
		{model.Field{Kind: model.Text{}, Initial: "hi"}, "hi"},
		{model.Field{Kind: model.Choice{Options: opts}}, nil},
		{model.Field{Kind: model.Choice{Options: opts}, Initial: "b"}, "b"},
		{model.Field{Kind: model.MultiChoice{Options: opts}}, []string{}},
		{model.Field{Kind: model.MultiChoice{Options: opts}, Initial: []string{"c", "a"}}, []string{"a", "c"}},
		{model.Field{Kind: model.Toggle{}}, false},
		{model.Field{Kind: model.Toggle{}, Initial: true}, true},
		{model.Field{Kind: model.Order{Options: opts}}, []string{"a", "b", "c"}},
		{model.Field{Kind: model.Order{Options: opts}, Initial: []string{"c", "b", "a"}}, []string{"c", "b", "a"}},
		// A required order is no answer until the user confirms or changes it.
		{model.Field{Kind: model.Order{Options: opts}, Required: true, Initial: []string{"c", "b", "a"}}, nil},
		{model.Field{Kind: model.Matrix{Rows: rows, Options: opts}, Initial: map[string]string{"r2": "b"}}, map[string]any{"r1": nil, "r2": "b"}},
		{model.Field{Kind: model.Number{}}, nil},
		{model.Field{Kind: model.Scale{}, Initial: 4.0}, 4.0},
		{model.Field{Kind: model.Date{}, Initial: "2026-12-01"}, "2026-12-01"},
		{model.Field{Kind: model.Tags{}}, []string{}},
	}
	for _, tt := range tests {
		if got := DefaultValue(tt.field); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("DefaultValue(%s, initial %v) = %#v, want %#v", tt.field.Kind.Name(), tt.field.Initial, got, tt.want)
		}
	}
}

func TestComparePointers(t *testing.T) {
	t.Parallel()
	ordered := []string{"", "/a", "/a/2", "/a/10", "/a/b", "/a~1b", "/b", "/note"}
	for i := 0; i < len(ordered); i++ {
		for j := 0; j < len(ordered); j++ {
			got := jsonpointer.Compare(ordered[i], ordered[j])
			switch {
			case i < j && got >= 0, i > j && got <= 0, i == j && got != 0:
				t.Errorf("jsonpointer.Compare(%q, %q) = %d", ordered[i], ordered[j], got)
			}
		}
	}
}
