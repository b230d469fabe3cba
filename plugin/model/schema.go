package model

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
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

// schemaURL names the parameter schema inside the compiler; it never leaves
// the process.
const schemaURL = "mem://task-surface/schema.json"

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

// compiledSchema is the parameter schema compiled for validation, together
// with the validated schema document, which the problem mapper reads, and
// its tagged unions.
type compiledSchema struct {
	schema *jsonschema.Schema
	doc    any
	// unions maps the schema pointer of each tagged union to its arms.
	unions map[string]schemaUnion
}

// schemaUnion is a oneOf whose arms are told apart by a constant "kind".
type schemaUnion struct {
	// noun names what the union chooses: "block", "field" or "layout".
	noun string
	// kinds are the arms' kinds in schema order.
	kinds []string
}

// loadSchema compiles the parameter schema once per process; the result is
// immutable and safe to share between goroutines.
var loadSchema = sync.OnceValues(compileSchema)

// newCompiler returns a draft 2020-12 compiler that loads nothing from
// files or the network: every $ref must resolve inside the added resource.
func newCompiler() *jsonschema.Compiler {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.LoadURL = func(url string) (io.ReadCloser, error) {
		return nil, fmt.Errorf("model: schema reference %q is not loaded: remote references are disabled", url)
	}
	return c
}

func compileSchema() (*compiledSchema, error) {
	var ps problems
	doc, derr := decode(parametersSchema, &ps)
	if derr != nil || len(ps.Items) > 0 {
		return nil, errors.New("model: the embedded parameter schema is not strict JSON")
	}
	unions := make(map[string]schemaUnion)
	dispatchUnions(doc, "", unions)
	validated, err := marshalCompact(doc)
	if err != nil {
		return nil, fmt.Errorf("model: encoding the validation schema: %w", err)
	}
	c := newCompiler()
	if err := c.AddResource(schemaURL, bytes.NewReader(validated)); err != nil {
		return nil, fmt.Errorf("model: adding the parameter schema: %w", err)
	}
	s, err := c.Compile(schemaURL)
	if err != nil {
		return nil, fmt.Errorf("model: compiling the parameter schema: %w", err)
	}
	return &compiledSchema{schema: s, doc: doc, unions: unions}, nil
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
func dispatchUnions(node any, ptr string, unions map[string]schemaUnion) {
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
		var kinds []any
		var names []string
		for _, a := range arms {
			k, _ := jsonpointer.Resolve(a, "/properties/kind/const")
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
		unions[ptr] = schemaUnion{noun: jsonpointer.Last(ptr), kinds: names}
	}
}
