package main

// The schema as the model emitter (model.go) reads it: a JSON tree that keeps
// its keys in the order written, the nodes that JSON Pointers and local $refs
// name, the keywords the emitter knows, and what a node says of its type.

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// modelKeywords are the keywords the emitter reads or may leave out; any
// other is an error.
var modelKeywords = map[string]bool{
	"$schema": true, "$defs": true, "$ref": true, "type": true, "properties": true, "required": true,
	"additionalProperties": true, "items": true, "oneOf": true, "const": true, "enum": true,
	"description": true, "examples": true,
	// Bounds of a value, not its type.
	"minLength": true, "maxLength": true, "minItems": true, "maxItems": true, "minimum": true,
	"maximum": true, "exclusiveMinimum": true, "pattern": true,
}

// object is a JSON object with its keys in the order written.
type object struct {
	keys []string
	vals map[string]any
}

func (o *object) get(k string) (any, bool) {
	if o == nil {
		return nil, false
	}
	v, ok := o.vals[k]
	return v, ok
}

// readOrdered decodes one JSON value, objects as *object, numbers as
// json.Number.
func readOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		o := &object{vals: map[string]any{}}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return nil, err
			}
			k := kt.(string)
			v, err := readOrdered(dec)
			if err != nil {
				return nil, err
			}
			if _, dup := o.vals[k]; dup {
				return nil, fmt.Errorf("duplicate key %q", k)
			}
			o.keys = append(o.keys, k)
			o.vals[k] = v
		}
		_, err := dec.Token()
		return o, err
	case json.Delim('['):
		var a []any
		for dec.More() {
			v, err := readOrdered(dec)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err := dec.Token()
		return a, err
	}
	return tok, nil
}

// checkKeywords refuses a keyword the emitter does not know, anywhere.
func (g *modelGen) checkKeywords(n any, ptr string) error {
	o, ok := n.(*object)
	if !ok {
		return nil
	}
	for _, k := range o.keys {
		if !modelKeywords[k] {
			return fmt.Errorf("schema %s: keyword %q has no TypeScript spelling in contractgen", ptr, k)
		}
		v := o.vals[k]
		switch k {
		case "properties", "$defs":
			po, _ := v.(*object)
			for _, pk := range po.keys {
				if err := g.checkKeywords(po.vals[pk], ptr+"/"+k+"/"+escape(pk)); err != nil {
					return err
				}
			}
		case "items", "additionalProperties":
			if err := g.checkKeywords(v, ptr+"/"+k); err != nil {
				return err
			}
		case "oneOf":
			for i, arm := range list(v) {
				if err := g.checkKeywords(arm, ptr+"/oneOf/"+strconv.Itoa(i)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// at returns the node at a JSON Pointer into the schema.
func (g *modelGen) at(ptr string) (*object, error) {
	var cur any = g.root
	if ptr != "" {
		for _, tok := range strings.Split(ptr[1:], "/") {
			tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
			switch c := cur.(type) {
			case *object:
				v, ok := c.get(tok)
				if !ok {
					return nil, fmt.Errorf("schema: no node at %s", ptr)
				}
				cur = v
			case []any:
				i, err := strconv.Atoi(tok)
				if err != nil || i < 0 || i >= len(c) {
					return nil, fmt.Errorf("schema: no node at %s", ptr)
				}
				cur = c[i]
			default:
				return nil, fmt.Errorf("schema: no node at %s", ptr)
			}
		}
	}
	o, ok := cur.(*object)
	if !ok {
		return nil, fmt.Errorf("schema: %s is not a schema object", ptr)
	}
	return o, nil
}

// ref returns the pointer a local $ref names.
func (g *modelGen) ref(r any) (string, error) {
	s, _ := r.(string)
	target, ok := strings.CutPrefix(s, "#")
	if !ok {
		return "", fmt.Errorf("$ref %q is not local", s)
	}
	if _, err := g.at(target); err != nil {
		return "", err
	}
	return target, nil
}

// typeList is the node's "type" as a list, integer spelled number; nil when
// it has none.
func typeList(o *object) []string {
	t, ok := o.get("type")
	if !ok {
		return nil
	}
	var out []string
	for _, v := range append(list(t), t) {
		if s, ok := v.(string); ok {
			if s == "integer" {
				s = "number"
			}
			if !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// intersect is the JSON types both allow, in a's order; nil stands for
// any, and an empty list for none.
func intersect(a, b []string) []string {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	out := []string{}
	for _, t := range a {
		if slices.Contains(b, t) {
			out = append(out, t)
		}
	}
	return out
}

// isObjectNode reports whether the node constrains objects: properties,
// required or additionalProperties.
func isObjectNode(o *object) bool {
	return hasKey(o, "properties") || hasKey(o, "additionalProperties") || hasKey(o, "required")
}

func hasKey(o *object, k string) bool {
	_, ok := o.get(k)
	return ok
}

// constKind is the constant kind of a union's arm.
func constKind(arm any) (string, bool) {
	o, _ := arm.(*object)
	props, _ := o.get("properties")
	po, _ := props.(*object)
	kind, _ := po.get("kind")
	ko, _ := kind.(*object)
	c, _ := ko.get("const")
	s, ok := c.(string)
	return s, ok
}

func list(v any) []any {
	a, _ := v.([]any)
	return a
}

func stringsOf(a []any) []string {
	out := make([]string, 0, len(a))
	for _, v := range a {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// escape is a JSON Pointer reference token.
func escape(k string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(k)
}
