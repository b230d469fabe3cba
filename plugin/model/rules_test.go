package model

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// publishedSchema is schema.json decoded.
func publishedSchema(t *testing.T) map[string]any {
	t.Helper()
	var root map[string]any
	if err := json.Unmarshal(parametersSchema, &root); err != nil {
		t.Fatal(err)
	}
	return root
}

// The rules beside the schema name what the schema has: every field kind
// it has, in its order, no other; its id pattern; and a text that exists
// at every place that must show something.
func TestRulesAgreeWithTheSchema(t *testing.T) {
	t.Parallel()
	root := publishedSchema(t)
	arms, _ := jsonpointer.Resolve(root, "/$defs/field/oneOf")
	var armKinds []string
	for _, a := range arms.([]any) {
		k, _ := jsonpointer.Resolve(a, "/properties/kind/const")
		armKinds = append(armKinds, k.(string))
	}
	var names []string
	for _, k := range kinds {
		names = append(names, k.Name())
	}
	if !slices.Equal(names, armKinds) {
		t.Errorf("field kinds %v in the registry, %v in the schema", names, armKinds)
	}
	if id, _ := jsonpointer.Resolve(root, idPattern); id != "^[A-Za-z0-9][A-Za-z0-9_.:-]{0,"+itoa(maxIDLength-1)+"}$" {
		t.Errorf("the schema's id pattern is %v, maxIDLength %d", id, maxIDLength)
	}
	if _, ok := jsonpointer.Resolve(root, idPattern); !ok {
		t.Errorf("the schema has no id pattern at %s", idPattern)
	}
	for _, place := range visibleTexts {
		if !stringAt(root, root["$defs"].(map[string]any)["model"], jsonpointer.Tokens(place)) {
			t.Errorf("%s: no string key there in the schema", place)
		}
	}
}

// stringAt reports whether the schema node admits a string at the place
// toks names, through $refs, arrays and the arms of a oneOf.
func stringAt(root map[string]any, node any, toks []string) bool {
	n, _ := node.(map[string]any)
	if ref, ok := n["$ref"].(string); ok {
		target, _ := jsonpointer.Resolve(root, strings.TrimPrefix(ref, "#"))
		return stringAt(root, target, toks)
	}
	if arms, ok := n["oneOf"].([]any); ok {
		for _, a := range arms {
			if stringAt(root, a, toks) {
				return true
			}
		}
		return false
	}
	if len(toks) == 0 {
		return n["type"] == "string"
	}
	if toks[0] == "*" {
		return n["type"] == "array" && stringAt(root, n["items"], toks[1:])
	}
	props, _ := n["properties"].(map[string]any)
	child, ok := props[toks[0]]
	return ok && stringAt(root, child, toks[1:])
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestValidIDFollowsThePattern(t *testing.T) {
	t.Parallel()
	pattern, _ := jsonpointer.Resolve(publishedSchema(t), "/$defs/id/pattern")
	re := regexp.MustCompile(pattern.(string))
	tests := []string{
		"", "a", "A9", "9", "_a", "-", "a_b.c:d-e", "a b", "a/b", "é", "a\n",
		strings.Repeat("x", maxIDLength), strings.Repeat("x", maxIDLength+1), "x" + strings.Repeat("-", maxIDLength-1),
	}
	for _, id := range tests {
		if got, want := tasksurface.ValidIDUpTo(id, maxIDLength), re.MatchString(id) && !strings.HasSuffix(id, "\n"); got != want {
			t.Errorf("ValidIDUpTo(%q, maxIDLength) = %v, the pattern says %v", id, got, want)
		}
	}
}
