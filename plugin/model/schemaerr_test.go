package model

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// The plugin words every schema failure itself (schemaerr.go): jsonschema/v5
// finds the failing keywords, and the mapper turns each into a problem with
// a code, a sentence and a pointer into the model. These tests hold those
// problems to what a model's author needs, on the conformance vectors, a
// table of hostile models and fuzzed documents:
//
//   - the verdict is the published schema's: a document the schema (as
//     published, with oneOf) refuses is refused, with problems;
//   - every failing keyword is reported at its place: for each failing
//     leaf of the schema there is a problem at its instance pointer or
//     inside it (a missing key is reported at the key);
//   - every problem names a value of the document (or, for a missing key,
//     an object that lacks it), speaks in one sentence ending in a full
//     stop, and never falls back to the validator's own words.

// loadPublished compiles the parameter schema as published, with its
// oneOf unions, for the verdict.
var loadPublished = sync.OnceValues(func() (*jsonschema.Schema, error) {
	c := newCompiler()
	if err := c.AddResource(schemaURL, bytes.NewReader(parametersSchema)); err != nil {
		return nil, err
	}
	return c.Compile(schemaURL)
})

// failingLeaves returns the instance pointers, inside the model, of the
// keywords that fail for the tool arguments instance.
func failingLeaves(t testing.TB, instance any) []string {
	t.Helper()
	cs, err := loadSchema()
	if err != nil {
		t.Fatal(err)
	}
	err = cs.schema.Validate(instance)
	var ve *jsonschema.ValidationError
	if err == nil || !errors.As(err, &ve) {
		return nil
	}
	var leaves []string
	var walk func(ve *jsonschema.ValidationError)
	walk = func(ve *jsonschema.ValidationError) {
		for _, c := range ve.Causes {
			walk(c)
		}
		if len(ve.Causes) == 0 {
			leaves = append(leaves, strings.TrimPrefix(instancePointer(ve.InstanceLocation), argumentsRoot))
		}
	}
	walk(ve)
	return leaves
}

// checkSchemaProblems parses raw as tool arguments and, when it is a
// JSON value, holds the problems to the schema as described above. It
// returns the number of failing leaves it compared.
func checkSchemaProblems(t testing.TB, raw []byte) int {
	t.Helper()
	var ps problems
	doc, derr := decode(raw, &ps)
	if derr != nil {
		return 0
	}
	published, err := loadPublished()
	if err != nil {
		t.Fatal(err)
	}
	_, got := ParseArguments(raw, tasksurface.Limits{})
	if published.Validate(doc) != nil && len(got) == 0 {
		t.Errorf("the published schema refuses %.200s, Parse accepts it", raw)
	}
	args, _ := doc.(map[string]any)
	model := args["model"]
	if len(ps.Items) > 0 {
		// A repeated key keeps its first value, so a problem inside a
		// later one (or the repeat itself) names what the tree dropped.
		model = nil
	}
	for _, p := range got {
		stops := p.Code == tasksurface.CodeLimitExceeded && p.Pointer == ""
		if stops || p.Code == tasksurface.CodeUnsupportedVersion || p.Code == tasksurface.CodeTooManyProblems {
			// The input was too large to read, the version is reported
			// alone, or the list is cut: leaves go unreported.
			return 0
		}
		checkProblemWording(t, model, p)
	}
	leaves := failingLeaves(t, doc)
	for _, leaf := range leaves {
		if !covered(leaf, got) {
			t.Errorf("the schema fails at %q; no problem there: %v", leaf, got)
		}
	}
	return len(leaves)
}

// covered reports whether a problem is at leaf or inside it. jsonschema/v5
// leaves out an empty key from its instance locations, so pointers are
// compared without their empty tokens.
func covered(leaf string, got []tasksurface.Problem) bool {
	for _, p := range got {
		ptr := withoutEmptyTokens(p.Pointer)
		if p.Code == tasksurface.CodeInvalidArguments || ptr == leaf || strings.HasPrefix(ptr, leaf+"/") {
			return true
		}
	}
	return false
}

// checkProblemWording checks one problem against the model it is about.
func checkProblemWording(t testing.TB, model any, p tasksurface.Problem) {
	t.Helper()
	if !strings.HasSuffix(p.Message, ".") || strings.Contains(p.Message, "fails the schema") || strings.Contains(p.Message, "is not valid:") {
		t.Errorf("problem %s at %q: %q is not one sentence of the plugin's own", p.Code, p.Pointer, p.Message)
	}
	if p.Code == tasksurface.CodeInvalidArguments || model == nil {
		return
	}
	at := p.Pointer
	if p.Code == tasksurface.CodeMissing {
		at = jsonpointer.Parent(at)
	}
	if _, ok := jsonpointer.Resolve(model, at); !ok {
		t.Errorf("problem %s at %q: the pointer names no value of the model", p.Code, p.Pointer)
	}
}

// withoutEmptyTokens is ptr without its empty reference tokens: the
// instance location jsonschema/v5 gives the same value.
func withoutEmptyTokens(ptr string) string {
	out := ""
	for _, tok := range jsonpointer.Tokens(ptr) {
		if tok != "" {
			out = jsonpointer.Append(out, tok)
		}
	}
	return out
}

// hostileModels are invalid in as many ways as the schema can tell: wrong
// types everywhere, unknown kinds, missing keys, long strings, bad ids and
// dates, numbers at and past their bounds written every way, unknown keys
// and broken unions inside unions.
var hostileModels = []string{
	`null`, `[]`, `"model"`, `1`, `{}`,
	`{"version":"1","title":5,"description":[],"sections":{},"fields":"x","submit":[]}`,
	`{"version":null,"title":null,"sections":null,"fields":null,"submit":null}`,
	`{"version":1.0,"title":"T","sections":[],"submit":{"label":"S"}}`,
	`{"version":1e0,"title":"T","sections":[],"submit":{"label":"S"}}`,
	`{"version":10E-1,"title":"T","sections":[],"submit":{"label":"S"}}`,
	`{"version":-0,"title":"T","sections":[],"submit":{"label":"S"}}`,
	`{"version":1.0000000000000000000001,"title":"T","sections":[],"submit":{"label":"S"}}`,
	`{"version":true,"title":"","sections":[],"submit":{"label":"","extra":1}}`,
	`{"version":1,"title":"` + strings.Repeat("é", 200) + `","sections":[],"submit":{"label":"` + strings.Repeat("x", 80) + `"}}`,
	`{"version":1,"title":"` + strings.Repeat("é", 201) + `","description":"` + strings.Repeat("d", 2001) + `","sections":[],"submit":{"label":"` + strings.Repeat("x", 81) + `"}}`,
	`{"version":1,"title":"T","sections":[],"submit":{},"a/b":1,"c~d":2,"e f":3,"50%":4,"":5}`,
	`{"version":1,"title":"T","sections":[{"id":"-x","blocks":[]},{"id":"` + strings.Repeat("a", 65) + `","blocks":[1]},{"id":"a b","blocks":{}},{"id":"","title":5},{"id":7,"blocks":[],"layout":{}}],"submit":{"label":"S"}}`,
	`{"version":1,"title":"T","sections":[{"id":"s","layout":"grid","blocks":[{"kind":"chart"},{"kind":5},{"kind":null},{"text":"x"},"markdown",[],null,{"kind":"markdown","text":"x","extra":true}]}],"submit":{"label":"S"}}`,
	`{"version":1,"title":"T","sections":[{"id":"s","layout":{"kind":"grid"},"blocks":[{"kind":"markdown","text":""}]},{"id":"t","layout":{"kind":"grid","columns":4,"gap":1},"blocks":[{"kind":"markdown"}]},{"id":"u","layout":{"kind":"grid","columns":2.0},"blocks":[{"kind":"notice","tone":"loud","text":""}]},{"id":"v","layout":{"kind":"grid","columns":"3"},"blocks":[{"kind":"notice","tone":3}]},{"id":"w","layout":{"kind":"stack","columns":2},"blocks":[{"kind":"markdown","text":"x"}]},{"id":"x","layout":{"kind":"flow"},"blocks":[{"kind":"markdown","text":"x"}]},{"id":"y","layout":{"kind":3e0},"blocks":[{"kind":"markdown","text":"x"}]}],"submit":{"label":"S"}}`,
	`{"version":1,"title":"T","sections":[{"id":"s","blocks":[{"kind":"metrics","items":[]},{"kind":"metrics","items":[{"label":"","value":5,"detail":"` + strings.Repeat("d", 1001) + `","x":1},{},"m"]},{"kind":"metrics","items":[` + strings.Repeat(`{"label":"L","value":"v"},`, 16) + `{"label":"L","value":"v"}]},{"kind":"metrics","items":{}}]}],"submit":{"label":"S"}}`,
	`{"version":1,"title":"T","sections":[{"id":"s","blocks":[{"kind":"table","columns":[],"rows":{}},{"kind":"table","columns":[{"id":"a b","label":""},{"label":"L"},5],"rows":[{"c":{}},{"c":[]},{"c":"` + strings.Repeat("c", 2001) + `","d":true,"e":null,"f":1.5e300,"g":-0},5,null,[]]},{"kind":"table","columns":[` + strings.Repeat(`{"id":"c","label":"C"},`, 16) + `{"id":"c","label":"C"}],"rows":[]}]}],"submit":{"label":"S"}}`,
	`{"version":1,"title":"T","sections":[{"id":"s","blocks":[{"kind":"diff","before":null,"after":null},{"kind":"diff","before":5,"after":"x","path":"` + strings.Repeat("p", 1025) + `","language":"` + strings.Repeat("l", 33) + `"},{"kind":"diff"},{"kind":"diff","before":"b","after":"a","mode":"x"}]}],"submit":{"label":"S"}}`,
	`{"version":1,"title":"T","sections":[],"fields":[{"kind":"text","id":"t","label":"L","minLength":-1,"maxLength":0,"pattern":"","initial":5,"multiline":"yes","required":1},{"kind":"text","id":"u","label":"L","minLength":4000,"maxLength":4000.0,"pattern":"` + strings.Repeat("p", 201) + `"},{"kind":"text","id":"v","label":"L","minLength":4001,"maxLength":4001,"initial":"` + strings.Repeat("i", 4001) + `"},{"kind":"text","id":"w","label":"L","minLength":0.5,"maxLength":1e0,"minLength2":1}],"submit":{"label":"S"}}`,
	`{"version":1,"title":"T","sections":[],"fields":[{"kind":"choice","id":"c","label":"L","options":[],"initial":5,"allowOther":"no"},{"kind":"choice","id":"d","label":"L"},{"kind":"multi-choice","id":"m","label":"L","options":[{"id":"a","label":"A","detail":5},{"id":"-","label":""},{"label":"x"},"o"],"initial":["a",5,null]},{"kind":"multi-choice","id":"n","label":"L","options":[` + strings.Repeat(`{"id":"a","label":"A"},`, 50) + `{"id":"a","label":"A"}],"initial":"a"},{"kind":"order","id":"o","label":"L","options":{},"initial":{}}],"submit":{"label":"S"}}`,
	`{"version":1,"title":"T","sections":[],"fields":[{"kind":"toggle","id":"t","label":"L","initial":"true"},{"kind":"number","id":"n","label":"L","min":-1e15,"max":1e15,"step":1e15,"initial":1000000000000000.0,"unit":"u","integer":true,"required":false},{"kind":"number","id":"o","label":"L","min":-1000000000000001,"max":1.000000000000001e15,"step":0,"initial":"1","unit":""},{"kind":"number","id":"p","label":"L","step":-0,"min":-1E16,"max":1e16,"initial":1e400},{"kind":"number","id":"q","label":"L","step":0.0,"unit":"` + strings.Repeat("u", 33) + `"},{"kind":"number","id":"r","label":"L","step":1e-300,"max":1000000000000000.0000000001,"initial":-1000000000000000.00000001},{"kind":"number","id":"s","label":"L","step":1.5e15}],"submit":{"label":"S"}}`,
	`{"version":1,"title":"T","sections":[],"fields":[{"kind":"date","id":"d","label":"L","min":"2026-1-01","max":"２０２６-01-01","initial":"2026-01-01\n"},{"kind":"date","id":"e","label":"L","min":20260101,"max":"2026-13-45","initial":"x2026-01-01"},{"kind":"scale","id":"s","label":"L","min":-100,"max":100,"initial":0,"minLabel":"","maxLabel":5},{"kind":"scale","id":"t","label":"L","min":-101,"max":100.5,"initial":1e2},{"kind":"scale","id":"u","label":"L","min":-1e2,"max":2.0e0,"initial":1.5e1},{"kind":"scale","id":"v","label":"L","min":"1","max":1e1,"initial":-0.0}],"submit":{"label":"S"}}`,
	`{"version":1,"title":"T","sections":[],"fields":[{"kind":"tags","id":"t","label":"L","maxItems":20,"suggestions":["a",""],"initial":["` + strings.Repeat("t", 101) + `"]},{"kind":"tags","id":"u","label":"L","maxItems":21,"suggestions":[` + strings.Repeat(`"s",`, 50) + `5],"initial":[` + strings.Repeat(`"i",`, 20) + `"i"]},{"kind":"tags","id":"v","label":"L","maxItems":0,"suggestions":"s","initial":5},{"kind":"tags","id":"w","label":"L","maxItems":1.0,"suggestions":{}},{"kind":"tags","id":"x","label":"L","maxItems":"3"}],"submit":{"label":"S"}}`,
	`{"version":1,"title":"T","sections":[],"fields":[{"kind":"upload","id":"u","label":"L"},{"kind":["text"]},{"id":"x","label":"L"},5,null,{"kind":"text"},{"kind":"text","id":"t","label":"L","options":[]}],"submit":{"label":"S"}}`,
	`{"version":2,"title":"T","sections":[],"fields":[{"kind":"choice","id":"c","label":"L","options":[{"id":"a","label":"A"},{"id":"b","label":"B"}]},{"kind":"toggle","id":"t","label":"L"},{"kind":"text","id":"u","label":"L","visible_if":"c == 'A' || c == 'b'","when":[{"field":"t","is":[true]},{"field":"c","is":"a"}]},{"kind":"text","id":"v","label":"L","when":{"id":"c","equals":"a","not":["b"]}},{"kind":"text","id":"w","label":"L","when":{"field":"t","isNot":[true,"false"],"in":5},"showIf":7},{"kind":"text","id":"x","label":"L","when":[1,null,{}],"condition":"!t"}],"submit":{"label":"S"}}`,
	`{"version":2,"title":"T","sections":[],"fields":[{"kind":"date","id":"d","label":"L","min":"d","max":{"id":"d","ref":"d"}},{"kind":"number","id":"n","label":"L","min":"d","max":"2026-01-01","initial":"n"},{"kind":"number","id":"o","label":"L","min":"1.5","max":{"field":"n","x":1}},{"kind":"allocation","id":"a","label":"L","sum_to":1,"sum":2,"options":["x",{"id":"y","label":"Y","initial":5,"amount":"z"},{"initial":1}]}],"submit":{"label":"S"}}`,
	`{"version":1,"title":"T","sections":[` + strings.Repeat(`{"id":"s","blocks":[{"kind":"markdown","text":"x"}]},`, 64) + `{"id":"s","blocks":[{"kind":"markdown","text":"x"}]}],"submit":{"label":"S"}}`,
}

// hostileArguments are tool arguments that are wrong outside the model.
var hostileArguments = []string{
	`{}`, `[]`, `null`, `{"model":{},"mode":"fast"}`, `{"Model":{"version":1}}`,
}

func TestSchemaProblemsAreThePluginsOwn(t *testing.T) {
	t.Parallel()
	var inputs [][]byte
	for _, cases := range loadVectors(t) {
		for _, c := range cases {
			raw, _ := c.input(t)
			inputs = append(inputs, raw, wrapModel(raw))
		}
	}
	for _, m := range hostileModels {
		inputs = append(inputs, wrapModel([]byte(m)))
	}
	for _, a := range hostileArguments {
		inputs = append(inputs, []byte(a))
	}
	leaves := 0
	for i, raw := range inputs {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			leaves += checkSchemaProblems(t, raw)
		})
	}
	// The table must reach the schema's failures, not only valid models.
	if leaves < 400 {
		t.Errorf("only %d failing leaves compared", leaves)
	}
	t.Logf("%d inputs, %d failing leaves", len(inputs), leaves)
}

// wrapModel returns a model document as tool arguments.
func wrapModel(raw []byte) []byte {
	return append(append([]byte(`{"model":`), raw...), '}')
}

// FuzzSchemaProblems holds the problems to the schema on arbitrary
// documents, wrapped as tool arguments. The seeds are the conformance
// vectors' inputs and the hostile models above.
func FuzzSchemaProblems(f *testing.F) {
	for _, cases := range loadVectors(f) {
		for _, c := range cases {
			raw, _ := c.input(f)
			f.Add(raw)
		}
	}
	for _, m := range hostileModels {
		f.Add([]byte(m))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		checkSchemaProblems(t, wrapModel(raw))
	})
}

// A key of JSON Schema's or HTML's vocabulary is told this model's word for
// it, whether the field has a kind or not, and only where the object has that
// word; a field without a kind is told its stray keys in the same answer.
func TestKeysOfOtherVocabulariesAreNamed(t *testing.T) {
	t.Parallel()
	tests := []struct {
		field, ptr, want string
	}{
		{`{"kind":"text","id":"t","label":"T","placeholder":"e.g. 5"}`, "/fields/0/placeholder", `this model calls it "help"`},
		{`{"kind":"text","id":"t","label":"T","default":"x"}`, "/fields/0/default", `this model calls it "initial"`},
		{`{"kind":"toggle","id":"t","label":"T","checked":true}`, "/fields/0/checked", `this model calls it "initial"`},
		{`{"kind":"choice","id":"c","label":"C","enum":["a"],"options":[{"id":"a","label":"A"}]}`, "/fields/0/enum", `this model calls it "options", an array of {id, label, detail?} objects`},
		{`{"kind":"number","id":"n","label":"N","minimum":1}`, "/fields/0/minimum", `this model calls it "min"`},
		{`{"kind":"text","id":"t","label":"T","title":"x"}`, "/fields/0/title", `this model calls it "label"`},
		{`{"kind":"choice","id":"c","label":"C","options":[{"id":"a","label":"A","description":"d"}]}`, "/fields/0/options/0/description", `this model calls it "detail"`},
		{`{"kind":"text","id":"t","label":"T","properties":{}}`, "/fields/0/properties", `fields are an array in /fields`},
		{`{"kind":"toggle","id":"t","label":"T","minimum":1}`, "/fields/0/minimum", `the keys allowed here are help, id, initial, kind, label, when.`},
		{`{"id":"t","label":"T","type":"boolean"}`, "/fields/0/type", `no field kind has it; this model calls it "kind"`},
		{`{"id":"t","label":"T","type":"boolean"}`, "/fields/0/kind", `this one reads as toggle`},
		{`{"id":"t","label":"T","type":"integer","maximum":9}`, "/fields/0/maximum", `no field kind has it; this model calls it "max"`},
	}
	for _, tt := range tests {
		t.Run(tt.ptr+" "+tt.want, func(t *testing.T) {
			t.Parallel()
			_, ps := Parse([]byte(`{"version":1,"title":"T","sections":[],"fields":[`+tt.field+`],"submit":{"label":"S"}}`), tasksurface.Limits{})
			for _, p := range ps {
				if p.Pointer == tt.ptr && strings.Contains(p.Message, tt.want) {
					return
				}
			}
			t.Errorf("no problem at %s says %q: %v", tt.ptr, tt.want, ps)
		})
	}
}
