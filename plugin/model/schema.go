package model

import (
	_ "embed"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/dsh-community/task-surface/plugin/internal/schemacheck"
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

// compiledSchema is the parameter schema compiled for validation, together
// with the schema document, which the problem mapper reads.
type compiledSchema struct {
	check *schemacheck.Schema
	doc   any
}

// loadSchema compiles the parameter schema once per process, on the first
// model the fast path does not accept; the result is immutable and safe to
// share between goroutines.
var loadSchema = sync.OnceValues(compileSchema)

func compileSchema() (*compiledSchema, error) {
	var ps problems
	doc, derr := decode(parametersSchema, &ps)
	if derr != nil || len(ps.Items) > 0 {
		return nil, errors.New("model: the embedded parameter schema is not strict JSON")
	}
	s, err := schemacheck.Compile(doc)
	if err != nil {
		return nil, fmt.Errorf("model: compiling the parameter schema: %w", err)
	}
	return &compiledSchema{check: s, doc: doc}, nil
}
