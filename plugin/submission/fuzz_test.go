package submission_test

import (
	"encoding/json"
	"math/big"
	"reflect"
	"strconv"
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

// interviewModel is a version 2 surface: a chain of conditions, bounds that
// name other fields, and allocations, one with a step of 0.1 and one whose
// amounts may reach 1e15 each.
const interviewModel = `{"version":2,"title":"Interview","sections":[],"fields":[
{"kind":"toggle","id":"a","label":"A"},
{"kind":"choice","id":"b","label":"B","allowOther":true,"required":true,"options":[{"id":"x","label":"X"},{"id":"y","label":"Y"}],"when":{"field":"a","is":[true]}},
{"kind":"multi-choice","id":"c","label":"C","allowOther":true,"options":[{"id":"p","label":"P"},{"id":"q","label":"Q"}],"when":{"field":"b","is":["x"]}},
{"kind":"text","id":"d","label":"D","required":true,"when":{"field":"c","is":["q"]}},
{"kind":"date","id":"s","label":"Start","max":{"field":"e"}},
{"kind":"date","id":"e","label":"End","min":{"field":"s"},"when":{"field":"a","is":[false]}},
{"kind":"number","id":"lo","label":"Low","max":{"field":"hi"},"step":0.5},
{"kind":"number","id":"hi","label":"High","min":{"field":"lo"},"when":{"field":"b","is":["y"]}},
{"kind":"allocation","id":"w","label":"Weeks","options":[{"id":"api","label":"API"},{"id":"web","label":"Web"}],"total":1,"step":0.1},
{"kind":"allocation","id":"big","label":"Big","required":true,"options":[{"id":"m","label":"M"},{"id":"n","label":"N"},{"id":"o","label":"O"}],"total":1e15,"unit":"units","initial":{"m":1e15}}
],"submit":{"label":"Go"}}`

// FuzzValidateInterview holds the rules of version 2 on fuzzed values: no
// panic; values or problems; valid values hold exactly the fields shown
// (model.Model.Shown), each shown field a line of the message and no hidden
// one; an answered allocation sums exactly to its total; and the canonical
// values validate again to themselves.
func FuzzValidateInterview(f *testing.F) {
	m, problems := model.Parse([]byte(interviewModel), tasksurface.Limits{})
	if len(problems) > 0 {
		f.Fatalf("fuzz model: %v", problems)
	}
	for _, s := range []string{
		`{}`,
		`{"a":true,"b":"x","c":["q"],"d":"why","big":{"m":1e15}}`,
		`{"a":false,"b":"x","c":["q"],"d":"hidden","big":{"n":1e15}}`,
		`{"a":true,"b":{"other":"x"},"c":["q"],"big":{"o":1e15}}`,
		`{"s":"2026-01-02","e":"2026-01-01","big":{"m":1e15}}`,
		`{"a":true,"b":"y","lo":5,"hi":4.5,"big":{"m":5e14,"n":5e14}}`,
		`{"w":{"api":0.3,"web":0.7},"big":{"m":1e15,"n":1e15,"o":1e15}}`,
		`{"w":{"api":0.1,"web":0.2},"big":{"m":1e16}}`,
		`{"w":{"api":-0,"web":1},"big":{"m":999999999999999.9,"n":0.1}}`,
		`{"w":{"api":1e-400,"web":1},"big":{"x":1}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, values []byte) {
		v, problems := submission.Validate(m, values, "", tasksurface.Limits{})
		if (v == nil) == (len(problems) == 0) {
			t.Fatalf("Validate returned values %v and problems %v; want exactly one", v, problems)
		}
		if v == nil {
			return
		}
		shown := m.Shown(v)
		text := format.Format(m, v, "")
		for _, fld := range m.Fields {
			_, has := v[fld.ID]
			if has != shown[fld.ID] {
				t.Fatalf("field %s: in the values %v, shown %v: %v", fld.ID, has, shown[fld.ID], v)
			}
			if strings.Contains(text, "\n- "+fld.Label+":") != shown[fld.ID] {
				t.Fatalf("field %s shown %v, but the message says otherwise: %q", fld.ID, shown[fld.ID], text)
			}
			if amounts, ok := v[fld.ID].(map[string]float64); ok && !fld.Unanswered(amounts) {
				if err := exactSum(amounts, fld.Kind.(model.Allocation).Total); err != "" {
					t.Fatalf("field %s: %s", fld.ID, err)
				}
			}
		}
		canonical, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		again, problems := submission.Validate(m, canonical, "", tasksurface.Limits{MaxSubmissionBytes: 1 << 20})
		if len(problems) > 0 || !reflect.DeepEqual(again, v) {
			t.Fatalf("canonical values %s validate to %v, %v; want %v", canonical, again, problems, v)
		}
	})
}

// exactSum says how amounts miss total in exact decimals, or "".
func exactSum(amounts map[string]float64, total float64) string {
	sum := new(big.Rat)
	for _, x := range amounts {
		r, _ := new(big.Rat).SetString(strconv.FormatFloat(x, 'g', -1, 64))
		sum.Add(sum, r)
	}
	want, _ := new(big.Rat).SetString(strconv.FormatFloat(total, 'g', -1, 64))
	if sum.Cmp(want) != 0 {
		return "the amounts sum to " + sum.FloatString(20) + ", not " + want.FloatString(20)
	}
	return ""
}
