package model

import (
	"bytes"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
)

// The schema oracle: the plugin checks models with its own small validator
// (plugin/internal/schemacheck), so that the plugin binary does not link
// jsonschema/v5, whose package init compiles every draft's meta-schema.
// These tests hold the validator to jsonschema/v5 on the same schema: the
// same verdict as the published schema, and the same failing leaves, by
// instance pointer and keyword location, as the schema with each tagged
// oneOf rewritten into a dispatch on "kind" (which is how the validator
// checks a union: one arm, chosen by the kind).

// oracleSchemas are the two jsonschema/v5 compilations of the parameter
// schema.
type oracleSchemas struct {
	// published is the schema as published, with oneOf.
	published *jsonschema.Schema
	// dispatched is the schema with each tagged oneOf rewritten by
	// dispatchUnions.
	dispatched *jsonschema.Schema
	// unions are the schema pointers of the rewritten unions.
	unions map[string]bool
}

var loadOracle = sync.OnceValues(func() (*oracleSchemas, error) {
	var ps problems
	doc, derr := decode(parametersSchema, &ps)
	if derr != nil {
		return nil, fmt.Errorf("the parameter schema: %s", derr.Message)
	}
	unions := make(map[string]bool)
	dispatchUnions(doc, "", unions)
	rewritten, err := marshalCompact(doc)
	if err != nil {
		return nil, err
	}
	published, err := compileOracle(parametersSchema)
	if err != nil {
		return nil, err
	}
	dispatched, err := compileOracle(rewritten)
	if err != nil {
		return nil, err
	}
	return &oracleSchemas{published: published, dispatched: dispatched, unions: unions}, nil
})

func compileOracle(schema []byte) (*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	if err := c.AddResource("mem://schema.json", bytes.NewReader(schema)); err != nil {
		return nil, err
	}
	return c.Compile("mem://schema.json")
}

// dispatchUnions rewrites, in place, every oneOf whose arms each have a
// constant "kind" into the form that validates only the arm the instance's
// kind selects, and records the union's pointer:
//
//	{"type": "object", "required": ["kind"],
//	 "properties": {"kind": {"enum": [kinds...]}},
//	 "allOf": [{"if": {"required": ["kind"], "properties": {"kind": {"const": k}}},
//	            "then": arm_k}, ...]}
func dispatchUnions(node any, ptr string, unions map[string]bool) {
	switch n := node.(type) {
	case []any:
		for i, x := range n {
			dispatchUnions(x, jsonpointer.Index(ptr, i), unions)
		}
	case map[string]any:
		for k, x := range n {
			dispatchUnions(x, jsonpointer.Append(ptr, k), unions)
		}
		arms, ok := n["oneOf"].([]any)
		if !ok {
			return
		}
		kinds := make([]any, len(arms))
		branches := make([]any, len(arms))
		for i, a := range arms {
			k, _ := jsonpointer.Resolve(a, "/properties/kind/const")
			if _, isString := k.(string); !isString {
				return
			}
			kinds[i] = k
			branches[i] = map[string]any{
				"if": map[string]any{
					"required":   []any{"kind"},
					"properties": map[string]any{"kind": map[string]any{"const": k}},
				},
				"then": a,
			}
		}
		delete(n, "oneOf")
		n["type"] = "object"
		n["required"] = []any{"kind"}
		n["properties"] = map[string]any{"kind": map[string]any{"enum": kinds}}
		n["allOf"] = branches
		unions[ptr] = true
	}
}

// armInDispatch matches the location of a union's arm in the dispatched
// schema.
var armInDispatch = regexp.MustCompile(`/allOf/([0-9]+)/then(/|$)`)

// oracleLeaves returns jsonschema/v5's failing leaves for instance, each
// "instance pointer <tab> keyword location" in the validator's terms: an
// arm's location is its place in the oneOf, and a union's own failures
// (not an object, no kind, an unknown kind) are one failure of its oneOf at
// the union's value.
func oracleLeaves(t testing.TB, o *oracleSchemas, instance any) []string {
	t.Helper()
	err := o.dispatched.Validate(instance)
	if err == nil {
		return nil
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		t.Fatalf("jsonschema: %v", err)
	}
	var leaves []string
	var walk func(ve *jsonschema.ValidationError)
	walk = func(ve *jsonschema.ValidationError) {
		for _, c := range ve.Causes {
			walk(c)
		}
		if len(ve.Causes) > 0 {
			return
		}
		_, frag, _ := strings.Cut(ve.AbsoluteKeywordLocation, "#")
		frag = unescapeURLTokens(frag)
		inst := unescapeURLTokens(ve.InstanceLocation)
		for _, own := range []string{"/type", "/required", "/properties/kind/enum"} {
			if base, ok := strings.CutSuffix(frag, own); ok && o.unions[base] {
				frag = base + "/oneOf"
				if own == "/properties/kind/enum" {
					inst = jsonpointer.Parent(inst)
				}
			}
		}
		frag = armInDispatch.ReplaceAllString(frag, "/oneOf/$1$2")
		leaves = append(leaves, inst+"\t"+frag)
	}
	walk(ve)
	return leaves
}

// unescapeURLTokens undoes jsonschema/v5's percent-encoding of each
// reference token of a pointer.
func unescapeURLTokens(ptr string) string {
	toks := strings.Split(ptr, "/")
	for i, tok := range toks {
		if u, err := url.PathUnescape(tok); err == nil {
			toks[i] = u
		}
	}
	return strings.Join(toks, "/")
}

// checkLeaves returns the validator's failing leaves for instance in
// oracleLeaves's form.
func checkLeaves(t testing.TB, instance any) []string {
	t.Helper()
	cs, err := loadSchema()
	if err != nil {
		t.Fatal(err)
	}
	failures, err := cs.check.Validate(instance)
	if err != nil {
		t.Fatal(err)
	}
	leaves := make([]string, len(failures))
	for i, f := range failures {
		leaves[i] = f.InstancePointer + "\t" + f.SchemaPointer
	}
	return leaves
}

// compareWithOracle checks one decoded instance (tool arguments) with both
// validators, and returns the number of failing leaves.
func compareWithOracle(t testing.TB, instance any) int {
	t.Helper()
	o, err := loadOracle()
	if err != nil {
		t.Fatal(err)
	}
	want := oracleLeaves(t, o, instance)
	got := checkLeaves(t, instance)
	if publishedValid := o.published.Validate(instance) == nil; publishedValid != (len(got) == 0) {
		t.Errorf("verdict: valid = %v, the published schema says %v; failures %q", len(got) == 0, publishedValid, got)
	}
	// Each failure's instance pointer must name a value of the instance;
	// then it is compared in jsonschema/v5's form, which drops a member
	// whose key is empty from its instance locations (its joinPtr skips an
	// empty token): a cell under the key "" of row 0 is .../rows/0/ to the
	// validator, as RFC 6901 writes it, and .../rows/0 to the oracle.
	for i, leaf := range got {
		ptr, keyword, _ := strings.Cut(leaf, "\t")
		if _, ok := jsonpointer.Resolve(instance, ptr); !ok {
			t.Errorf("failure at %q (%s): the pointer names no value of the instance", ptr, keyword)
		}
		got[i] = withoutEmptyTokens(ptr) + "\t" + keyword
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("failing leaves (instance, keyword location):\n got %q\nwant %q", got, want)
	}
	return len(want)
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

// oracleInput decodes raw strictly, as the full check does, and returns
// the instances to compare: the document as tool arguments and, wrapped,
// as the model. It reports false when raw does not decode.
func oracleInputs(raw []byte) ([]any, bool) {
	var ps problems
	doc, derr := decode(raw, &ps)
	if derr != nil {
		return nil, false
	}
	return []any{doc, map[string]any{"model": doc}}, true
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
	`{"version":1,"title":"T","sections":[` + strings.Repeat(`{"id":"s","blocks":[{"kind":"markdown","text":"x"}]},`, 64) + `{"id":"s","blocks":[{"kind":"markdown","text":"x"}]}],"submit":{"label":"S"}}`,
}

// hostileArguments are tool arguments that are wrong outside the model.
var hostileArguments = []string{
	`{}`, `[]`, `null`, `{"model":{},"mode":"fast"}`, `{"Model":{"version":1}}`,
}

func TestSchemaCheckAgreesWithJSONSchema(t *testing.T) {
	t.Parallel()
	var inputs [][]byte
	for _, cases := range loadVectors(t) {
		for _, c := range cases {
			raw, _ := c.input(t)
			inputs = append(inputs, raw)
		}
	}
	for _, m := range hostileModels {
		inputs = append(inputs, []byte(m))
	}
	for _, a := range hostileArguments {
		inputs = append(inputs, []byte(a))
	}
	compared, leaves := 0, 0
	for i, raw := range inputs {
		instances, ok := oracleInputs(raw)
		if !ok {
			continue
		}
		for j, instance := range instances {
			t.Run(fmt.Sprintf("%d/%d", i, j), func(t *testing.T) {
				leaves += compareWithOracle(t, instance)
			})
			compared++
		}
	}
	// The table must reach the validator's failures, not only valid
	// models.
	if compared < 2*len(hostileModels) || leaves < 500 {
		t.Errorf("only %d instances and %d failing leaves compared", compared, leaves)
	}
	t.Logf("%d instances, %d failing leaves", compared, leaves)
}

// FuzzSchemaCheck holds the validator to jsonschema/v5 on arbitrary
// documents, as tool arguments and as models. The seeds are the
// conformance vectors' inputs and the hostile models above.
func FuzzSchemaCheck(f *testing.F) {
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
		instances, ok := oracleInputs(raw)
		if !ok {
			return
		}
		for _, instance := range instances {
			compareWithOracle(t, instance)
		}
	})
}
