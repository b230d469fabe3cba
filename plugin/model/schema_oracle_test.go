package model

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// The oracle of the schema evaluator (schemacheck.go) is
// santhosh-tekuri/jsonschema/v5, the validator the parameter schema was
// written for, which the plugin used until it evaluated the schema itself.
// The tests compile the same validated schema document with it and require
// the same failing keywords at the same instances, and so the same
// problems, for every vector and for arbitrary input (FuzzSchemaCheck).

// oracleSchema is the validated schema document compiled by jsonschema.
var oracleSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	cs, err := loadSchema()
	if err != nil {
		return nil, err
	}
	validated, err := marshalCompact(cs.doc)
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.LoadURL = func(url string) (io.ReadCloser, error) {
		return nil, fmt.Errorf("schema reference %q is not loaded: remote references are disabled", url)
	}
	const schemaURL = "mem://task-surface/schema.json"
	if err := c.AddResource(schemaURL, bytes.NewReader(validated)); err != nil {
		return nil, err
	}
	return c.Compile(schemaURL)
})

// oracleLeaves validates a model with jsonschema and returns its leaf
// errors as failing keywords.
func oracleLeaves(t testing.TB, model any) []schemaLeaf {
	t.Helper()
	sch, err := oracleSchema()
	if err != nil {
		t.Fatal(err)
	}
	root := map[string]any{"model": model}
	err = sch.Validate(root)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("jsonschema: %v", err)
	}
	var out []schemaLeaf
	var walk func(ve *jsonschema.ValidationError)
	walk = func(ve *jsonschema.ValidationError) {
		if len(ve.Causes) > 0 {
			for _, c := range ve.Causes {
				walk(c)
			}
			return
		}
		frag := schemaFragment(ve.AbsoluteKeywordLocation)
		ptr := oracleInstancePointer(ve.InstanceLocation)
		inst, _ := resolvePointer(root, ptr)
		if kw := lastToken(frag); !strings.HasSuffix(ve.KeywordLocation, "/"+kw) {
			t.Fatalf("keyword location %s does not end in %s", ve.KeywordLocation, kw)
		}
		out = append(out, schemaLeaf{frag: frag, keyword: lastToken(frag), ptr: ptr, inst: inst})
	}
	walk(ve)
	return out
}

// oracleInstancePointer converts a jsonschema instance location into an
// RFC 6901 JSON Pointer: jsonschema percent-encodes each reference token
// after escaping "~" and "/", so a key like "a b" arrives as "a%20b".
func oracleInstancePointer(loc string) string {
	if !strings.Contains(loc, "%") {
		return loc
	}
	toks := strings.Split(loc, "/")
	for i, t := range toks {
		if u, err := url.PathUnescape(t); err == nil {
			toks[i] = u
		}
	}
	return strings.Join(toks, "/")
}

func sortLeaves(l []schemaLeaf) {
	slices.SortFunc(l, func(a, b schemaLeaf) int {
		if c := cmp.Compare(a.ptr, b.ptr); c != 0 {
			return c
		}
		return cmp.Compare(a.frag, b.frag)
	})
}

// checkSchemaOracle fails unless the evaluator and jsonschema find the
// same failing keywords at the same instances of doc, and the problems
// the mapper words from them are the same.
func checkSchemaOracle(t testing.TB, doc any) {
	t.Helper()
	cs, err := loadSchema()
	if err != nil {
		t.Fatal(err)
	}
	var got []schemaLeaf
	cs.check(cs.schemaAt(modelSchema), modelSchema, doc, argumentsRoot, &got)
	root := map[string]any{"model": doc}
	for i := range got {
		got[i].inst, _ = resolvePointer(root, got[i].ptr)
	}
	want := oracleLeaves(t, doc)
	sortLeaves(got)
	sortLeaves(want)
	if len(got) != len(want) {
		t.Fatalf("the evaluator finds %d failing keywords, jsonschema %d:\n got %v\nwant %v", len(got), len(want), got, want)
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.frag != w.frag || g.keyword != w.keyword || g.ptr != w.ptr || !reflect.DeepEqual(g.inst, w.inst) {
			t.Fatalf("failing keyword %d: got %+v, want %+v", i, g, w)
		}
	}
	var a, b problems
	for _, l := range got {
		(&mapper{cs: cs, ps: &a}).leafProblem(l)
	}
	for _, l := range want {
		(&mapper{cs: cs, ps: &b}).leafProblem(l)
	}
	if pa, pb := a.finish(), b.finish(); !reflect.DeepEqual(pa, pb) {
		t.Fatalf("problems differ:\n got %v\nwant %v", pa, pb)
	}
}

// oracleDoc decodes raw as Parse and ParseArguments do and returns the
// model document, or false when decoding stops.
func oracleDoc(raw []byte, args bool) (any, bool) {
	var ps problems
	doc, derr := decode(raw, &ps)
	if derr != nil {
		return nil, false
	}
	if args {
		obj, ok := doc.(map[string]any)
		if !ok {
			return nil, false
		}
		doc, ok = obj["model"]
		return doc, ok
	}
	return doc, true
}

// The evaluator agrees with jsonschema on every conformance vector and
// every edge case of the fast path.
func TestSchemaCheckMatchesJSONSchema(t *testing.T) {
	t.Parallel()
	for file, cases := range loadVectors(t) {
		for _, c := range cases {
			t.Run(file+"/"+c.Name, func(t *testing.T) {
				t.Parallel()
				raw, args := c.input(t)
				if doc, ok := oracleDoc(raw, args); ok {
					checkSchemaOracle(t, doc)
				}
			})
		}
	}
	for i, raw := range edgeInputs() {
		t.Run(fmt.Sprint("edge ", i), func(t *testing.T) {
			t.Parallel()
			if doc, ok := oracleDoc(raw, false); ok {
				checkSchemaOracle(t, doc)
			}
		})
	}
}

// FuzzSchemaCheck is the differential fuzz target of the schema evaluator
// against jsonschema, on any input the strict decoder reads, as a model or
// as arguments:
//
//	go test ./plugin/model -run '^$' -fuzz FuzzSchemaCheck -fuzztime 5m
func FuzzSchemaCheck(f *testing.F) {
	for _, cases := range loadVectors(f) {
		for _, c := range cases {
			raw, args := c.input(f)
			if len(raw) <= 1<<16 {
				f.Add(raw, args)
			}
		}
	}
	for _, raw := range edgeInputs() {
		f.Add(raw, false)
	}
	f.Fuzz(func(t *testing.T, raw []byte, args bool) {
		if len(raw) > 1<<16 {
			return
		}
		if doc, ok := oracleDoc(raw, args); ok {
			checkSchemaOracle(t, doc)
		}
	})
}
