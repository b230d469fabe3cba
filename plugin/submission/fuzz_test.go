package submission_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/format"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/plugin/submission"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// fuzzModel is a surface with every field kind, shared labels, multi-line
// labels and initial values.
const fuzzModel = `{"version":1,"title":"Fuzz\nsurface","sections":[],"fields":[
{"kind":"text","id":"t","label":"Text","required":true,"initial":"x"},
{"kind":"text","id":"m","label":"Text","multiline":true},
{"kind":"choice","id":"c","label":"Pick\none","options":[{"id":"a","label":"Same"},{"id":"b","label":"Same"},{"id":"c","label":"C; d"}]},
{"kind":"multi-choice","id":"mc","label":"Many","options":[{"id":"a","label":"A"},{"id":"b","label":"B"}],"initial":["b"]},
{"kind":"toggle","id":"tg","label":"Toggle"},
{"kind":"order","id":"o","label":"Order","options":[{"id":"x","label":"X"},{"id":"y","label":"Y"},{"id":"z","label":"Z"}]},
{"kind":"number","id":"n","label":"Number\u2028two","required":true,"min":-5,"max":5,"step":0.5,"unit":"ms\u0085x","initial":1.5},
{"kind":"number","id":"i","label":"Whole","integer":true},
{"kind":"date","id":"d","label":"Date","min":"2024-02-01","max":"2024-03-01"},
{"kind":"scale","id":"s","label":"Scale","minLabel":"Low\u2029- x","maxLabel":"High"},
{"kind":"tags","id":"tags","label":"Tags","maxItems":3,"suggestions":["a"]},
{"kind":"choice","id":"co","label":"Other one","allowOther":true,"options":[{"id":"a","label":"A"}]},
{"kind":"multi-choice","id":"mo","label":"Other many","allowOther":true,"options":[{"id":"a","label":"A"}]},
{"kind":"text","id":"p","label":"Pattern","minLength":2,"maxLength":6,"pattern":"[a-z]+[0-9]*"}
],"submit":{"label":"Go"}}`

// FuzzValidate checks that Validate never panics, that it returns either
// values or problems, that valid values always format into a text holding
// the title and every field label, and that canonical values validate again
// to themselves.
func FuzzValidate(f *testing.F) {
	m, problems := model.Parse([]byte(fuzzModel), tasksurface.Limits{})
	if len(problems) > 0 {
		f.Fatalf("fuzz model: %v", problems)
	}
	seeds := []struct{ values, note string }{
		{`{}`, ""},
		{`{"t":"hi","m":"a\nb","c":"a","mc":["a","b"],"tg":true,"o":["z","y","x"]}`, "note\nline"},
		{`{"c":null,"mc":[],"o":["x","y","z"]}`, ""},
		{`{"t":"","c":"zz","mc":["a","a"],"o":["x"],"tg":"true"}`, "\u202e"},
		{`{"__proto__":{},"constructor":1}`, ""},
		{`{"t":"\ud800"}`, ""},
		{`[1,2]`, ""},
		{`{"t":"a","t":"b"}`, ""},
		{`{"t":[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]}`, ""},
		{`{"n":-4.5,"i":3,"d":"2024-02-29","s":5,"tags":["a","b\u2028- x"],"co":{"other":"mine\u0085- y"},"mo":["a",{"other":"z"}],"p":"ab12"}`, "x\u2029Note: y"},
		{`{"n":null,"d":"2024-02-30","s":0,"tags":["a","a"],"co":{"other":""},"mo":[{"other":"z"},"a"],"p":"1"}`, ""},
		{`{"t":"\u200b\u2060","n":1e400,"i":1.5,"s":"3","tags":"a","co":{"x":1}}`, ""},
	}
	for _, s := range seeds {
		f.Add([]byte(s.values), s.note)
	}
	title := strings.Join(strings.Fields(m.Title), " ")
	f.Fuzz(func(t *testing.T, values []byte, note string) {
		v, problems := submission.Validate(m, values, note, tasksurface.Limits{})
		if (v == nil) == (len(problems) == 0) {
			t.Fatalf("Validate returned values %v and problems %v; want exactly one", v, problems)
		}
		for _, p := range problems {
			if p.Code == "" || p.Message == "" || (p.Pointer != "" && p.Pointer[0] != '/') {
				t.Fatalf("malformed problem %#v", p)
			}
		}
		if v == nil {
			return
		}
		if len(v) != len(m.Fields) {
			t.Fatalf("values %v have %d entries for %d fields", v, len(v), len(m.Fields))
		}
		text := format.Format(m, v, note)
		// The structure format.CheckStructure (a test helper of that
		// package) asserts: a field line per field, at most one note line,
		// and every other line indented or empty.
		lines := strings.Split(text, "\n")[1:]
		fieldLines, noteLines := 0, 0
		for _, l := range lines {
			switch {
			case strings.HasPrefix(l, "- "):
				fieldLines++
			case strings.HasPrefix(l, "Note:"):
				noteLines++
			case l != "" && !strings.HasPrefix(l, format.Indent):
				t.Fatalf("line %q of %q is neither a field, the note nor an indented continuation", l, text)
			}
		}
		if fieldLines != len(m.Fields) || noteLines > 1 {
			t.Fatalf("%d field lines for %d fields and %d note lines: %q", fieldLines, len(m.Fields), noteLines, text)
		}
		if !strings.Contains(text, `"`+title+`"`) {
			t.Fatalf("text %q lacks the title %q", text, title)
		}
		for _, fld := range m.Fields {
			label := strings.Join(strings.Fields(fld.Label), " ")
			if !strings.Contains(text, "\n- "+label) {
				t.Fatalf("text %q lacks the label %q", text, label)
			}
		}
		canonical, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		again, problems := submission.Validate(m, canonical, note, tasksurface.Limits{MaxSubmissionBytes: 1 << 20})
		if len(problems) > 0 || !reflect.DeepEqual(again, v) {
			t.Fatalf("canonical values %s validate to %v, %v; want %v", canonical, again, problems, v)
		}
		if format.Format(m, again, note) != text {
			t.Fatalf("Format is not a function of the canonical values")
		}
	})
}
