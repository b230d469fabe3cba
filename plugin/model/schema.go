package model

import (
	_ "embed"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// parametersSchema is the JSON Schema (draft 2020-12) of the tool
// arguments {"model": TaskSurfaceModelV1}.
//
//go:embed schema.json
var parametersSchema []byte

// outputSchema is the JSON Schema of the canonical tool value.
//
//go:embed output_schema.json
var outputSchema []byte

// ParametersSchema returns the JSON Schema of show_task_surface's
// arguments, {"model": TaskSurfaceModelV1}. The bytes are the same on every
// call and in every build of a release, so the tool definition, and with it
// the prompt prefix, never changes. The caller owns the returned slice.
func ParametersSchema() []byte {
	return slices.Clone(parametersSchema)
}

// OutputSchema returns the JSON Schema of the canonical tool value
// {surfaceId, model, markdown}. The caller owns the returned slice.
func OutputSchema() []byte {
	return slices.Clone(outputSchema)
}

// compiledSchema is the parameter schema prepared for validation: the
// validated schema document (its tagged unions rewritten, see
// dispatchUnions), which both the evaluator (schemacheck.go) and the
// problem mapper read, its compiled patterns and its tagged unions.
type compiledSchema struct {
	doc any
	// patterns holds each pattern of doc, compiled.
	patterns map[string]*regexp.Regexp
	// unions maps the schema pointer of each tagged union to its arms.
	unions map[string]union
}

// union is a oneOf whose arms are told apart by a constant "kind".
type union struct {
	// noun names what the union chooses: "block", "field" or "layout".
	noun string
	// kinds are the arms' kinds in schema order.
	kinds []string
}

// loadSchema prepares the parameter schema once per process, the first
// time an input needs the full check; the result is immutable and safe to
// share between goroutines.
var loadSchema = sync.OnceValues(compileSchema)

func compileSchema() (*compiledSchema, error) {
	return prepareSchema(parametersSchema)
}

// prepareSchema prepares a schema document for validation. Every $ref must
// point inside the document: nothing is loaded from files or the network.
func prepareSchema(raw []byte) (*compiledSchema, error) {
	var ps problems
	doc, derr := decode(raw, &ps)
	if derr != nil || len(ps.list) > 0 {
		return nil, errors.New("model: the parameter schema is not strict JSON")
	}
	unions := make(map[string]union)
	dispatchUnions(doc, "", unions)
	if err := checkRefs(doc, doc); err != nil {
		return nil, err
	}
	patterns := make(map[string]*regexp.Regexp)
	if err := compilePatterns(doc, patterns); err != nil {
		return nil, err
	}
	return &compiledSchema{doc: doc, patterns: patterns, unions: unions}, nil
}

// checkRefs refuses a $ref that does not point at a schema inside doc.
func checkRefs(doc, node any) error {
	switch n := node.(type) {
	case []any:
		for _, x := range n {
			if err := checkRefs(doc, x); err != nil {
				return err
			}
		}
	case map[string]any:
		if ref, ok := n["$ref"]; ok {
			s, isString := ref.(string)
			if !isString || !strings.HasPrefix(s, "#") {
				return fmt.Errorf("model: schema reference %v is not loaded: only references inside the schema are", ref)
			}
			if target, found := resolvePointer(doc, s[1:]); !found {
				return fmt.Errorf("model: schema reference %q points at nothing", s)
			} else if _, isSchema := target.(map[string]any); !isSchema {
				return fmt.Errorf("model: schema reference %q does not point at a schema", s)
			}
		}
		for _, x := range n {
			if err := checkRefs(doc, x); err != nil {
				return err
			}
		}
	}
	return nil
}

// dispatchUnions rewrites, in place, every oneOf whose arms each have a
// constant "kind" into an equivalent form that validates only the arm the
// instance's kind selects:
//
//	{"type": "object", "required": ["kind"],
//	 "properties": {"kind": {"enum": [kinds...]}},
//	 "allOf": [{"if": {"required": ["kind"], "properties": {"kind": {"const": k}}},
//	            "then": arm_k}, ...]}
//
// The published schema keeps oneOf, which reads better as documentation;
// validation with it would check every arm of every block and field, and
// build an error for each arm that does not match. Both forms accept the
// same documents because the kinds are distinct.
func dispatchUnions(node any, ptr string, unions map[string]union) {
	switch n := node.(type) {
	case []any:
		for i, x := range n {
			dispatchUnions(x, indexPointer(ptr, i), unions)
		}
	case map[string]any:
		for k, x := range n {
			dispatchUnions(x, appendPointer(ptr, k), unions)
		}
		arms, ok := n["oneOf"].([]any)
		if !ok {
			return
		}
		var kinds []any
		var names []string
		for _, a := range arms {
			k, _ := resolvePointer(a, "/properties/kind/const")
			name, isString := k.(string)
			if !isString {
				return
			}
			kinds = append(kinds, name)
			names = append(names, name)
		}
		branches := make([]any, len(arms))
		for i, a := range arms {
			branches[i] = map[string]any{
				"if": map[string]any{
					"required":   []any{"kind"},
					"properties": map[string]any{"kind": map[string]any{"const": kinds[i]}},
				},
				"then": a,
			}
		}
		delete(n, "oneOf")
		n["type"] = "object"
		n["required"] = []any{"kind"}
		n["properties"] = map[string]any{"kind": map[string]any{"enum": kinds}}
		n["allOf"] = branches
		unions[ptr] = union{noun: lastToken(ptr), kinds: names}
	}
}
