package schemacheck

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
)

// Schema is a compiled schema document. It is immutable and safe for
// concurrent use.
type Schema struct {
	root *node
}

// node is one compiled schema object. Absent keywords have their zero
// value: no types, no bounds (nil), lengths and counts of -1.
type node struct {
	// ptr is the node's location in the schema document.
	ptr string
	// types is the set of the "type" keyword, 0 when absent.
	types typeSet
	// constant is the "const" value when hasConst.
	constant any
	hasConst bool
	enum     []any
	required []string
	// props are the "properties" in name order; propIndex finds them by
	// name.
	props     []property
	propIndex map[string]*node
	// closed is additionalProperties: false; additional is a schema for
	// the other properties.
	closed     bool
	additional *node
	// Counts and lengths are -1 when absent.
	minItems, maxItems   int
	items                *node
	minLength, maxLength int
	pattern              *regexp.Regexp
	// Numeric bounds are nil when absent.
	minimum, maximum, exclusiveMinimum *number
	// ref is the schema "$ref" names, applied in place.
	ref *node
	// union is the tagged "oneOf", applied in place.
	union *union
}

// property is one entry of "properties".
type property struct {
	name   string
	schema *node
}

// union is a oneOf whose arms are told apart by a constant string tag.
type union struct {
	// tag is the property every arm requires with a distinct const.
	tag string
	// arms finds an arm by its tag value.
	arms map[string]*node
}

// Compile compiles a decoded schema document: maps, slices, strings, bools,
// nil and json.Number (decode with UseNumber), as encoding/json produces.
// It refuses keywords outside the package's subset, references that are
// not local or do not resolve, references that loop without descending into
// the instance, oneOf that is not a tagged union, and malformed keyword
// values.
func Compile(doc any) (*Schema, error) {
	c := compiler{doc: doc, nodes: make(map[string]*node)}
	root, err := c.compile("", doc)
	if err != nil {
		return nil, err
	}
	if err := c.checkLoops(); err != nil {
		return nil, err
	}
	return &Schema{root: root}, nil
}

// SchemaError is a fault of the schema document that Compile refuses.
type SchemaError struct {
	// Pointer is the location of the fault in the schema document: a
	// keyword, or a schema object.
	Pointer string
	// Err says what is wrong there.
	Err error
}

// Error returns the fault with its location.
func (e *SchemaError) Error() string {
	return fmt.Sprintf("schemacheck: at %q: %v", e.Pointer, e.Err)
}

// Unwrap returns what is wrong.
func (e *SchemaError) Unwrap() error {
	return e.Err
}

// compiler compiles a document's schema objects once each, by location,
// so every $ref to a location shares one node.
type compiler struct {
	doc   any
	nodes map[string]*node
}

// compile returns the node of the schema object v at ptr.
func (c *compiler) compile(ptr string, v any) (*node, error) {
	if n, ok := c.nodes[ptr]; ok {
		return n, nil
	}
	obj, isObj := v.(map[string]any)
	if !isObj {
		return nil, &SchemaError{Pointer: ptr, Err: fmt.Errorf("a schema must be an object, not %T", v)}
	}
	n := &node{ptr: ptr, minItems: -1, maxItems: -1, minLength: -1, maxLength: -1}
	// Registered before its keywords are read, so a $ref back to it ends.
	c.nodes[ptr] = n
	for _, kw := range slices.Sorted(maps.Keys(obj)) {
		if err := c.keyword(n, kw, obj[kw]); err != nil {
			if _, inner := err.(*SchemaError); inner {
				// A schema inside this one is at fault.
				return nil, err
			}
			return nil, &SchemaError{Pointer: jsonpointer.Append(ptr, kw), Err: err}
		}
	}
	return n, nil
}

// keyword reads one keyword of the schema object n.
func (c *compiler) keyword(n *node, kw string, v any) error {
	at := jsonpointer.Append(n.ptr, kw)
	var err error
	switch kw {
	case "$schema", "description":
		if _, ok := v.(string); !ok {
			return fmt.Errorf("want a string, not %T", v)
		}
	case "$defs":
		_, _, err = c.properties(at, v)
	case "$ref":
		n.ref, err = c.reference(v)
	case "type":
		n.types, err = parseTypes(v)
	case "properties":
		n.props, n.propIndex, err = c.properties(at, v)
	case "required":
		n.required, err = stringList(v)
	case "additionalProperties":
		if b, isBool := v.(bool); isBool {
			n.closed = !b
		} else {
			n.additional, err = c.compile(at, v)
		}
	case "const":
		n.constant, n.hasConst, err = v, true, checkScalar(v)
	case "enum":
		n.enum, err = scalarList(v)
	case "minLength":
		n.minLength, err = count(v)
	case "maxLength":
		n.maxLength, err = count(v)
	case "minItems":
		n.minItems, err = count(v)
	case "maxItems":
		n.maxItems, err = count(v)
	case "items":
		n.items, err = c.compile(at, v)
	case "pattern":
		n.pattern, err = parsePattern(v)
	case "minimum":
		n.minimum, err = parseBound(v)
	case "maximum":
		n.maximum, err = parseBound(v)
	case "exclusiveMinimum":
		n.exclusiveMinimum, err = parseBound(v)
	case "oneOf":
		n.union, err = c.union(at, v)
	default:
		return errors.New("the keyword is not supported")
	}
	return err
}

// properties compiles every schema of the object at ptr: the value of
// "properties", or of "$defs", whose schemas are reached by $ref alone.
func (c *compiler) properties(ptr string, v any) ([]property, map[string]*node, error) {
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, nil, fmt.Errorf("want an object, not %T", v)
	}
	props := make([]property, 0, len(obj))
	index := make(map[string]*node, len(obj))
	for _, name := range slices.Sorted(maps.Keys(obj)) {
		s, err := c.compile(jsonpointer.Append(ptr, name), obj[name])
		if err != nil {
			return nil, nil, err
		}
		props = append(props, property{name: name, schema: s})
		index[name] = s
	}
	return props, index, nil
}

// reference resolves a local "$ref" ("#" or "#/...").
func (c *compiler) reference(v any) (*node, error) {
	ref, isString := v.(string)
	if !isString {
		return nil, fmt.Errorf("want a string, not %T", v)
	}
	frag, local := strings.CutPrefix(ref, "#")
	if !local || (frag != "" && frag[0] != '/') || strings.Contains(frag, "%") {
		return nil, fmt.Errorf("%q is not a local reference: only \"#\" and \"#/...\" without percent-escapes are supported", ref)
	}
	target, found := jsonpointer.Resolve(c.doc, frag)
	if !found {
		return nil, fmt.Errorf("no schema at %q", frag)
	}
	return c.compile(frag, target)
}

// union compiles a oneOf at ptr that must be a tagged union.
func (c *compiler) union(ptr string, v any) (*union, error) {
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		return nil, errors.New("want a non-empty array of schemas")
	}
	arms := make([]*node, len(list))
	for i := range list {
		arm, err := c.compile(jsonpointer.Index(ptr, i), list[i])
		if err != nil {
			return nil, err
		}
		arms[i] = arm
	}
	tag, ok := commonTag(arms)
	if !ok {
		return nil, errors.New("only a tagged union is supported: every arm of type object, requiring one property with a distinct string const")
	}
	u := &union{tag: tag, arms: make(map[string]*node, len(arms))}
	for _, arm := range arms {
		value := arm.propIndex[tag].constant.(string)
		if _, dup := u.arms[value]; dup {
			return nil, fmt.Errorf("two arms have the tag %q", value)
		}
		u.arms[value] = arm
	}
	return u, nil
}

// commonTag returns the one property that every arm is an object schema
// requiring, with a string const.
func commonTag(arms []*node) (string, bool) {
	var tags []string
	for _, p := range arms[0].props {
		if isTag(arms[0], p.name) {
			tags = append(tags, p.name)
		}
	}
	tags = slices.DeleteFunc(tags, func(tag string) bool {
		return slices.ContainsFunc(arms, func(arm *node) bool { return !isTag(arm, tag) })
	})
	if len(tags) != 1 {
		return "", false
	}
	return tags[0], true
}

// isTag reports whether the object schema n requires name with a string
// const.
func isTag(n *node, name string) bool {
	s, ok := n.propIndex[name]
	if !ok || n.types != typeObject || !slices.Contains(n.required, name) || !s.hasConst {
		return false
	}
	_, isString := s.constant.(string)
	return isString
}

// checkLoops refuses a cycle of $ref and union arms: it would check the
// same value against the same schema forever.
func (c *compiler) checkLoops() error {
	const (
		unvisited = iota
		active
		done
	)
	state := make(map[*node]int, len(c.nodes))
	var visit func(n *node) error
	visit = func(n *node) error {
		switch state[n] {
		case active:
			return &SchemaError{Pointer: n.ptr, Err: errors.New("the schema refers to itself without descending into the value")}
		case done:
			return nil
		}
		state[n] = active
		next := []*node{n.ref}
		if n.union != nil {
			for _, tag := range slices.Sorted(maps.Keys(n.union.arms)) {
				next = append(next, n.union.arms[tag])
			}
		}
		for _, m := range next {
			if m == nil {
				continue
			}
			if err := visit(m); err != nil {
				return err
			}
		}
		state[n] = done
		return nil
	}
	for _, ptr := range slices.Sorted(maps.Keys(c.nodes)) {
		if err := visit(c.nodes[ptr]); err != nil {
			return err
		}
	}
	return nil
}

// parsePattern compiles a "pattern" as a Go regular expression.
func parsePattern(v any) (*regexp.Regexp, error) {
	s, ok := v.(string)
	if !ok {
		return nil, fmt.Errorf("want a string, not %T", v)
	}
	return regexp.Compile(s)
}

// parseBound reads a numeric bound.
func parseBound(v any) (*number, error) {
	n, ok := v.(json.Number)
	if !ok {
		return nil, fmt.Errorf("want a number (json.Number), not %T", v)
	}
	b, ok := parseNumber(string(n))
	if !ok {
		return nil, fmt.Errorf("%q is not a number", n)
	}
	return b, nil
}

// count reads a non-negative integer.
func count(v any) (int, error) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, fmt.Errorf("want a non-negative integer, not %T", v)
	}
	i, err := strconv.Atoi(string(n))
	if err != nil || i < 0 {
		return 0, fmt.Errorf("want a non-negative integer, not %s", n)
	}
	return i, nil
}

// stringList reads an array of strings.
func stringList(v any) ([]string, error) {
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("want an array of strings, not %T", v)
	}
	out := make([]string, len(list))
	for i, x := range list {
		s, ok := x.(string)
		if !ok {
			return nil, fmt.Errorf("want an array of strings, not one holding %T", x)
		}
		out[i] = s
	}
	return out, nil
}

// scalarList reads a non-empty array of scalars.
func scalarList(v any) ([]any, error) {
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		return nil, errors.New("want a non-empty array")
	}
	for _, x := range list {
		if err := checkScalar(x); err != nil {
			return nil, err
		}
	}
	return list, nil
}

// checkScalar accepts the values const and enum may hold: strings,
// numbers, booleans and null.
func checkScalar(v any) error {
	switch n := v.(type) {
	case string, bool, nil:
		return nil
	case json.Number:
		if _, ok := parseNumber(string(n)); !ok {
			return fmt.Errorf("%q is not a number", n)
		}
		return nil
	}
	return fmt.Errorf("only strings, numbers, booleans and null are supported, not %T", v)
}
