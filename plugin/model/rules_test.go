package model

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestRulesMatchTheSchema holds schema.json, the JSON Schema the tool
// publishes, to the rules table key by key: the same objects with the same
// keys, required keys, types, bounds, enums, kinds and id pattern. A rule
// changed in one place and not the other fails here.
func TestRulesMatchTheSchema(t *testing.T) {
	t.Parallel()
	var root map[string]any
	if err := json.Unmarshal(parametersSchema, &root); err != nil {
		t.Fatal(err)
	}
	c := &schemaChecker{t: t, root: root}
	c.shape("", root, &argumentsShape, "")
}

// schemaChecker compares schema nodes with the rules.
type schemaChecker struct {
	t    *testing.T
	root map[string]any
}

// resolve follows a node's $ref inside the schema; keywords beside the
// $ref apply too, and win over the target's.
func (c *schemaChecker) resolve(node any) map[string]any {
	n, _ := node.(map[string]any)
	for n != nil && n["$ref"] != nil {
		ref, _ := n["$ref"].(string)
		target, ok := resolveInSchema(c.root, strings.TrimPrefix(ref, "#"))
		if !ok {
			c.t.Fatalf("unresolved $ref %q", ref)
		}
		t, _ := target.(map[string]any)
		merged := make(map[string]any, len(t)+len(n))
		for k, v := range t {
			merged[k] = v
		}
		for k, v := range n {
			if k != "$ref" && k != "description" {
				merged[k] = v
			}
		}
		if _, again := t["$ref"]; again {
			merged["$ref"] = t["$ref"]
		}
		n = merged
	}
	return n
}

func resolveInSchema(root any, ptr string) (any, bool) {
	v := root
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[tok]; !ok {
			return nil, false
		}
	}
	return v, true
}

func (c *schemaChecker) errorf(path, format string, args ...any) {
	c.t.Helper()
	c.t.Errorf("%s: %s", path, fmt.Sprintf(format, args...))
}

// shape checks an object schema against s; kind is the arm's kind, or "".
func (c *schemaChecker) shape(path string, node any, s *shape, kind string) {
	n := c.resolve(node)
	if n["type"] != "object" || n["additionalProperties"] != false {
		c.errorf(path, "not a closed object schema")
	}
	props, _ := n["properties"].(map[string]any)
	var names, required []string
	for _, k := range s.keys {
		names = append(names, k.name)
		if k.required {
			required = append(required, k.name)
		}
	}
	if kind != "" {
		names = append(names, "kind")
		required = append(required, "kind")
		if got := c.resolve(props["kind"])["const"]; got != kind {
			c.errorf(path, "kind is %v in the schema, %q in the rules", got, kind)
		}
	}
	var schemaNames []string
	for name := range props {
		schemaNames = append(schemaNames, name)
	}
	if !sameSet(names, schemaNames) {
		c.errorf(path, "keys %v in the schema, %v in the rules", schemaNames, names)
	}
	var schemaRequired []string
	for _, r := range n["required"].([]any) {
		schemaRequired = append(schemaRequired, r.(string))
	}
	if !sameSet(required, schemaRequired) {
		c.errorf(path, "required %v in the schema, %v in the rules", schemaRequired, required)
	}
	for i := range s.keys {
		k := &s.keys[i]
		c.key(path+"/"+k.name, props[k.name], k)
	}
}

// union checks a oneOf against u, arm by arm in order.
func (c *schemaChecker) union(path string, node any, u *union) {
	arms, _ := c.resolve(node)["oneOf"].([]any)
	if len(arms) != len(u.arms) {
		c.errorf(path, "%d arms in the schema, %d in the rules", len(arms), len(u.arms))
		return
	}
	for i := range u.arms {
		c.shape(fmt.Sprintf("%s/%s", path, u.arms[i].kind), arms[i], &u.arms[i].shape, u.arms[i].kind)
	}
}

// key checks one property schema against k.
func (c *schemaChecker) key(path string, node any, k *key) {
	n := c.resolve(node)
	want := map[valueType]any{typeString: "string", typeID: "string", typeBoolean: "boolean", typeArray: "array", typeCells: "array", typeObject: nil, typeNumber: nil, typeEnum: nil,
		typeFloat: "number", typeInteger: "integer", typeDate: "string", typeStringMap: "object"}
	switch k.typ {
	case typeStringOrNull:
		if !sameJSON(n["type"], []any{"string", "null"}) {
			c.errorf(path, "type %v, want string or null", n["type"])
		}
	case typeObject:
		if k.shape != nil {
			c.shape(path, n, k.shape, "")
		} else {
			c.union(path, n, k.union)
		}
		return
	default:
		if n["type"] != want[k.typ] {
			c.errorf(path, "type %v, want %v", n["type"], want[k.typ])
		}
	}
	switch k.typ {
	case typeString, typeStringOrNull:
		c.bounds(path, n, "minLength", "maxLength", k.size)
	case typeID:
		if n["pattern"] != idPattern || k.size != (bounds{1, maxIDLength}) {
			c.errorf(path, "id pattern %v, want %q within %v", n["pattern"], idPattern, k.size)
		}
	case typeNumber:
		got := n["enum"]
		if got == nil {
			got = []any{n["const"]}
		}
		var numbers []any
		for _, x := range k.numbers {
			numbers = append(numbers, float64(x))
		}
		if !sameJSON(got, numbers) {
			c.errorf(path, "numbers %v, want %v", got, numbers)
		}
	case typeFloat:
		lo, hi := n["minimum"], n["maximum"]
		if k.positive {
			lo = n["exclusiveMinimum"]
		}
		wantLo := -maxMagnitude
		if k.positive {
			wantLo = 0
		}
		if lo != wantLo || hi != maxMagnitude {
			c.errorf(path, "number range %v..%v, want %v..%v", lo, hi, wantLo, float64(maxMagnitude))
		}
	case typeInteger:
		c.bounds(path, n, "minimum", "maximum", k.size)
	case typeDate:
		if n["pattern"] != datePattern {
			c.errorf(path, "date pattern %v, want %q", n["pattern"], datePattern)
		}
	case typeStringMap:
		if values := c.resolve(n["additionalProperties"]); values["type"] != "string" {
			c.errorf(path, "values are not strings")
		}
	case typeEnum:
		if !sameJSON(n["enum"], k.words) {
			c.errorf(path, "enum %v, want %v", n["enum"], k.words)
		}
	case typeArray:
		c.bounds(path, n, "minItems", "maxItems", k.size)
		switch {
		case k.shape != nil:
			c.shape(path+"/[]", n["items"], k.shape, "")
		case k.union != nil:
			c.union(path+"/[]", n["items"], k.union)
		default:
			items := c.resolve(n["items"])
			if items["type"] != "string" {
				c.errorf(path, "items are not strings")
			}
			c.bounds(path+"/[]", items, "minLength", "maxLength", k.itemBounds())
		}
	case typeCells:
		c.bounds(path, n, "minItems", "maxItems", k.size)
		row := c.resolve(n["items"])
		cell, _ := row["additionalProperties"].(map[string]any)
		if row["type"] != "object" || !sameJSON(cell["type"], []any{"string", "number", "boolean", "null"}) {
			c.errorf(path, "rows are not objects of scalar cells")
		}
		c.bounds(path+"/[]/*", cell, "minLength", "maxLength", k.cell)
	}
}

// bounds checks a minimum and maximum keyword pair against b; an absent
// keyword is 0 or unlimited.
func (c *schemaChecker) bounds(path string, n map[string]any, minWord, maxWord string, b bounds) {
	got := bounds{0, unlimited}
	if v, ok := n[minWord].(float64); ok {
		got.min = int(v)
	}
	if v, ok := n[maxWord].(float64); ok {
		got.max = int(v)
	}
	if got != b {
		c.errorf(path, "%s/%s %v in the schema, %v in the rules", minWord, maxWord, got, b)
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

func TestValidIDFollowsThePattern(t *testing.T) {
	t.Parallel()
	re := regexp.MustCompile(idPattern)
	tests := []string{
		"", "a", "A9", "9", "_a", "-", "a_b.c:d-e", "a b", "a/b", "é", "a\n",
		strings.Repeat("x", maxIDLength), strings.Repeat("x", maxIDLength+1), "x" + strings.Repeat("-", maxIDLength-1),
	}
	for _, id := range tests {
		if got, want := validID(id), re.MatchString(id) && !strings.HasSuffix(id, "\n"); got != want {
			t.Errorf("validID(%q) = %v, the pattern says %v", id, got, want)
		}
	}
}
