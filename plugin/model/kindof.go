package model

import (
	"strconv"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
)

// kindOfKeyword is the keyword a tagged union is validated with: the
// published schema writes a block, a field and a layout as a oneOf whose
// arms each have a constant "kind", and the schema the plugin validates
// with (rewriteUnions) writes the same arms under this keyword instead.
// The kindOf extension validates a value against the one arm its kind
// selects. Both accept the same documents, because the kinds are
// distinct; validating with oneOf would check every arm of every block and
// field and build an error for each arm that does not match, which costs
// ten times the rest of the validation.
const kindOfKeyword = "x-oneOfByKind"

// rewriteUnions rewrites, in place, every oneOf of schema whose arms each
// have a constant "kind" into kindOfKeyword, and records each union by its
// schema pointer.
func rewriteUnions(node any, ptr string, unions map[string]schemaUnion) {
	switch n := node.(type) {
	case []any:
		for i, x := range n {
			rewriteUnions(x, jsonpointer.Index(ptr, i), unions)
		}
	case map[string]any:
		for k, x := range n {
			rewriteUnions(x, jsonpointer.Append(ptr, k), unions)
		}
		arms, ok := n["oneOf"].([]any)
		if !ok {
			return
		}
		kinds := make([]string, len(arms))
		for i, a := range arms {
			k, _ := jsonpointer.Resolve(a, "/properties/kind/const")
			name, isString := k.(string)
			if !isString {
				return
			}
			kinds[i] = name
		}
		delete(n, "oneOf")
		n[kindOfKeyword] = arms
		unions[ptr] = schemaUnion{noun: jsonpointer.Last(ptr), kinds: kinds}
	}
}

// kindOf compiles kindOfKeyword.
type kindOf struct{}

// Compile implements jsonschema.ExtCompiler: each arm, by its kind.
func (kindOf) Compile(ctx jsonschema.CompilerContext, m map[string]any) (jsonschema.ExtSchema, error) {
	arms, ok := m[kindOfKeyword].([]any)
	if !ok {
		return nil, nil
	}
	s := make(kindOfSchema, len(arms))
	for i, a := range arms {
		k, _ := jsonpointer.Resolve(a, "/properties/kind/const")
		path := kindOfKeyword + "/" + strconv.Itoa(i)
		compiled, err := ctx.Compile(path, true)
		if err != nil {
			return nil, err
		}
		s[k.(string)] = kindOfArm{path: path, schema: compiled}
	}
	return s, nil
}

// kindOfSchema is a compiled union: its arms by kind.
type kindOfSchema map[string]kindOfArm

// kindOfArm is one compiled arm and its path below the union.
type kindOfArm struct {
	path   string
	schema *jsonschema.Schema
}

// Validate implements jsonschema.ExtSchema. A value that selects no arm
// (not an object, no kind, a kind that is not a string or names no arm)
// fails the keyword itself; the mapper words it (unionLeaf).
func (s kindOfSchema) Validate(ctx jsonschema.ValidationContext, v any) error {
	obj, _ := v.(map[string]any)
	kind, _ := obj["kind"].(string)
	arm, ok := s[kind]
	if !ok {
		return ctx.Error(kindOfKeyword, "selects no arm of the union")
	}
	return ctx.Validate(arm.schema, arm.path, v, "")
}
