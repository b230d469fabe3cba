package schemacheck

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"unicode/utf8"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
)

// Failure is one keyword a value fails.
type Failure struct {
	// Keyword is the failing keyword: "type", "maxLength", ... For a
	// tagged union it is "oneOf": the value is not an object, has no tag,
	// or its tag selects no arm.
	Keyword string
	// SchemaPointer is the keyword's location in the schema document, such
	// as "/$defs/label/maxLength". Through a $ref it is the location of
	// the referenced schema's keyword.
	SchemaPointer string
	// InstancePointer is the failing value's location in the instance.
	InstancePointer string
	// Value is the failing value.
	Value any
}

// Validate checks v, a decoded JSON value (maps, slices, strings, bools,
// nil and json.Number, as encoding/json produces with UseNumber), and
// returns its failures, none when it is valid. The failures come in the
// order the schema's keywords are checked (see the package
// documentation), properties in name order. It returns an error for a Go
// value that JSON decoding does not produce.
func (s *Schema) Validate(v any) ([]Failure, error) {
	var st state
	st.check(s.root, v)
	if st.err != nil {
		return nil, st.err
	}
	return st.failures, nil
}

// state is one validation: the failures so far and the path to the value
// being checked.
type state struct {
	failures []Failure
	path     []step
	err      error
}

// step is one reference token of the instance path: a key, or an index
// when key is unset.
type step struct {
	key     string
	index   int
	isIndex bool
}

// pointer renders the current instance path as a JSON Pointer.
func (st *state) pointer() string {
	ptr := ""
	for _, s := range st.path {
		if s.isIndex {
			ptr = jsonpointer.Index(ptr, s.index)
		} else {
			ptr = jsonpointer.Append(ptr, s.key)
		}
	}
	return ptr
}

// fail records that v fails keyword kw of n.
func (st *state) fail(n *node, kw string, v any) {
	st.failures = append(st.failures, Failure{
		Keyword:         kw,
		SchemaPointer:   jsonpointer.Append(n.ptr, kw),
		InstancePointer: st.pointer(),
		Value:           v,
	})
}

// member checks the member key of an object against n.
func (st *state) member(n *node, key string, v any) {
	st.path = append(st.path, step{key: key})
	st.check(n, v)
	st.path = st.path[:len(st.path)-1]
}

// item checks item i of an array against n.
func (st *state) item(n *node, i int, v any) {
	st.path = append(st.path, step{index: i, isIndex: true})
	st.check(n, v)
	st.path = st.path[:len(st.path)-1]
}

// check checks v against n, keyword by keyword in the order jsonschema v5
// checks them.
func (st *state) check(n *node, v any) {
	if st.err != nil {
		return
	}
	t, ok := typeOf(v)
	if !ok {
		st.err = fmt.Errorf("schemacheck: a %T at %q is not a decoded JSON value", v, st.pointer())
		return
	}
	var num number
	if t == typeNumber && !num.set(string(v.(json.Number))) {
		st.err = fmt.Errorf("schemacheck: %q at %q is not a number", v, st.pointer())
		return
	}
	if n.types != 0 && n.types&t == 0 && !(n.types&typeInteger != 0 && t == typeNumber && num.isInt()) {
		// A wrong type stops the schema's other keywords.
		st.fail(n, "type", v)
		return
	}
	if n.hasConst && !equal(v, n.constant) {
		st.fail(n, "const", v)
	}
	if n.enum != nil && !inEnum(v, n.enum) {
		st.fail(n, "enum", v)
	}
	switch x := v.(type) {
	case map[string]any:
		st.object(n, x)
	case []any:
		st.array(n, x)
	case string:
		st.string(n, x)
	case json.Number:
		st.number(n, &num, x)
	}
	if n.ref != nil {
		st.check(n.ref, v)
	}
	if n.union != nil {
		st.union(n, v)
	}
}

// object checks the object keywords: required, properties,
// additionalProperties.
func (st *state) object(n *node, obj map[string]any) {
	for _, name := range n.required {
		if _, ok := obj[name]; !ok {
			// One failure names every missing property.
			st.fail(n, "required", obj)
			break
		}
	}
	for _, p := range n.props {
		if v, ok := obj[p.name]; ok {
			st.member(p.schema, p.name, v)
		}
	}
	switch {
	case n.closed:
		for key := range obj {
			if _, ok := n.propIndex[key]; !ok {
				// One failure covers every extra property.
				st.fail(n, "additionalProperties", obj)
				break
			}
		}
	case n.additional != nil:
		for _, key := range slices.Sorted(maps.Keys(obj)) {
			if _, ok := n.propIndex[key]; !ok {
				st.member(n.additional, key, obj[key])
			}
		}
	}
}

// array checks the array keywords: minItems, maxItems, items.
func (st *state) array(n *node, list []any) {
	if n.minItems >= 0 && len(list) < n.minItems {
		st.fail(n, "minItems", list)
	}
	if n.maxItems >= 0 && len(list) > n.maxItems {
		st.fail(n, "maxItems", list)
	}
	if n.items != nil {
		for i, v := range list {
			st.item(n.items, i, v)
		}
	}
}

// string checks the string keywords: minLength, maxLength (in runes),
// pattern.
func (st *state) string(n *node, s string) {
	if n.minLength >= 0 || n.maxLength >= 0 {
		length := utf8.RuneCountInString(s)
		if n.minLength >= 0 && length < n.minLength {
			st.fail(n, "minLength", s)
		}
		if n.maxLength >= 0 && length > n.maxLength {
			st.fail(n, "maxLength", s)
		}
	}
	if n.pattern != nil && !n.pattern.MatchString(s) {
		st.fail(n, "pattern", s)
	}
}

// number checks the numeric bounds: minimum, exclusiveMinimum, maximum.
func (st *state) number(n *node, num *number, v json.Number) {
	if n.minimum != nil && num.cmp(n.minimum) < 0 {
		st.fail(n, "minimum", v)
	}
	if n.exclusiveMinimum != nil && num.cmp(n.exclusiveMinimum) <= 0 {
		st.fail(n, "exclusiveMinimum", v)
	}
	if n.maximum != nil && num.cmp(n.maximum) > 0 {
		st.fail(n, "maximum", v)
	}
}

// union checks v against the arm its tag selects; a value that selects no
// arm fails "oneOf".
func (st *state) union(n *node, v any) {
	obj, _ := v.(map[string]any)
	tag, isString := obj[n.union.tag].(string)
	arm, found := n.union.arms[tag]
	if !isString || !found {
		st.fail(n, "oneOf", v)
		return
	}
	st.check(arm, v)
}

// equal reports whether a value equals a scalar of the schema (const or
// enum): numbers by value, other scalars exactly.
func equal(v, scalar any) bool {
	if a, ok := v.(json.Number); ok {
		b, isNum := scalar.(json.Number)
		return isNum && equalNumbers(a, b)
	}
	switch v.(type) {
	case map[string]any, []any:
		return false
	}
	return v == scalar
}

func inEnum(v any, enum []any) bool {
	for _, x := range enum {
		if equal(v, x) {
			return true
		}
	}
	return false
}
