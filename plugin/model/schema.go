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
	"github.com/dsh-community/task-surface/sdk/tasksurface"
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

// configuredLimits are the arrays whose maxItems the published schema
// states at its default (tasksurface.DefaultLimits), by their schema
// pointer, with the limit each stands for. The schema the plugin validates
// with leaves those maxItems out, and the semantic checks count the items
// under the configured limits, so a harness may configure more.
var configuredLimits = map[string]func(tasksurface.Limits) int64{
	"/$defs/model/properties/fields":       func(l tasksurface.Limits) int64 { return int64(l.MaxFields) },
	"/$defs/block/oneOf/2/properties/rows": func(l tasksurface.Limits) int64 { return int64(l.MaxTableRows) },
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
	for ptr := range configuredLimits {
		node, _ := jsonpointer.Resolve(doc, ptr)
		delete(node.(map[string]any), "maxItems")
	}
	unions := make(map[string]schemaUnion)
	rewriteUnions(doc, "", unions)
	validated, err := marshalCompact(doc)
	if err != nil {
		return nil, fmt.Errorf("model: encoding the validation schema: %w", err)
	}
	c := newCompiler()
	c.RegisterExtension(kindOfKeyword, nil, kindOf{})
	if err := c.AddResource(schemaURL, bytes.NewReader(validated)); err != nil {
		return nil, fmt.Errorf("model: adding the parameter schema: %w", err)
	}
	s, err := c.Compile(schemaURL)
	if err != nil {
		return nil, fmt.Errorf("model: compiling the parameter schema: %w", err)
	}
	return &compiledSchema{schema: s, doc: doc, unions: unions}, nil
}
