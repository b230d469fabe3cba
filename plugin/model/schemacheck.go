package model

import (
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"unicode/utf8"
)

// The full check reads the parameter schema itself: a small evaluator of
// the JSON Schema keywords the schema uses (type, const, enum, required,
// properties, additionalProperties, items, minItems, maxItems, minLength,
// maxLength, pattern, $ref, allOf, if and then), with the semantics of
// santhosh-tekuri/jsonschema/v5, the validator the schema was written for
// and which the tests keep as the oracle (schema_oracle_test.go): every
// failing keyword is reported where that validator reports a leaf error,
// a type mismatch ends the evaluation of its schema, and the conditions
// of if report nothing. The plugin therefore does not link a JSON Schema
// validator, whose package initialisation compiles the meta-schemas of
// every draft at every start.

// schemaLeaf is one failing keyword of the parameter schema.
type schemaLeaf struct {
	// frag is the schema pointer of the keyword ("/$defs/label/maxLength").
	frag string
	// keyword is the keyword, the last token of frag.
	keyword string
	// ptr is the pointer of the instance in the arguments ("/model/title"),
	// as the validator reports it: it adds no token for the empty key, so a
	// value under "" is reported at the object that holds it.
	ptr string
	// inst is the value at ptr, which validateSchema resolves (so, for the
	// empty key, the object).
	inst any
}

// keyPointer extends an instance pointer by an object key the way the
// validator reports it (see schemaLeaf.ptr).
func keyPointer(ptr, key string) string {
	if key == "" {
		return ptr
	}
	return appendPointer(ptr, key)
}

// check evaluates the schema node at sptr for the instance v at iptr and
// appends the failing keywords to out.
func (cs *compiledSchema) check(node any, sptr string, v any, iptr string, out *[]schemaLeaf) {
	s, _ := node.(map[string]any)
	if s == nil {
		return
	}
	fail := func(keyword string) {
		*out = append(*out, schemaLeaf{frag: sptr + "/" + keyword, keyword: keyword, ptr: iptr})
	}
	if t, ok := s["type"]; ok && !typeMatches(t, v) {
		fail("type")
		return
	}
	if c, ok := s["const"]; ok && !schemaEquals(v, c) {
		fail("const")
	}
	if e, ok := s["enum"].([]any); ok && !enumHas(e, v) {
		fail("enum")
	}
	switch v := v.(type) {
	case map[string]any:
		if req, ok := s["required"].([]any); ok {
			for _, r := range req {
				if name, _ := r.(string); !hasKey(v, name) {
					fail("required")
					break
				}
			}
		}
		props, _ := s["properties"].(map[string]any)
		for name, sub := range props {
			if pv, ok := v[name]; ok {
				cs.check(sub, appendPointer(sptr+"/properties", name), pv, keyPointer(iptr, name), out)
			}
		}
		switch ap := s["additionalProperties"].(type) {
		case bool:
			if !ap {
				for name := range v {
					if _, ok := props[name]; !ok {
						fail("additionalProperties")
						break
					}
				}
			}
		case map[string]any:
			for name, pv := range v {
				if _, ok := props[name]; !ok {
					cs.check(ap, sptr+"/additionalProperties", pv, keyPointer(iptr, name), out)
				}
			}
		}
	case []any:
		if n, ok := schemaInt(s["minItems"]); ok && len(v) < n {
			fail("minItems")
		}
		if n, ok := schemaInt(s["maxItems"]); ok && len(v) > n {
			fail("maxItems")
		}
		if items, ok := s["items"].(map[string]any); ok {
			for i, x := range v {
				cs.check(items, sptr+"/items", x, indexPointer(iptr, i), out)
			}
		}
	case string:
		length := utf8.RuneCountInString(v)
		if n, ok := schemaInt(s["minLength"]); ok && length < n {
			fail("minLength")
		}
		if n, ok := schemaInt(s["maxLength"]); ok && length > n {
			fail("maxLength")
		}
		if p, ok := s["pattern"].(string); ok && !cs.patterns[p].MatchString(v) {
			fail("pattern")
		}
	}
	if ref, ok := s["$ref"].(string); ok {
		target := schemaFragment(ref)
		cs.check(cs.schemaAt(target), target, v, iptr, out)
	}
	if all, ok := s["allOf"].([]any); ok {
		for i, sub := range all {
			cs.check(sub, sptr+"/allOf/"+strconv.Itoa(i), v, iptr, out)
		}
	}
	if cond, ok := s["if"]; ok {
		var scratch []schemaLeaf
		cs.check(cond, sptr+"/if", v, iptr, &scratch)
		if then, ok := s["then"]; ok && len(scratch) == 0 {
			cs.check(then, sptr+"/then", v, iptr, out)
		}
	}
}

// schemaAt returns the node of the validated schema at a pointer.
func (cs *compiledSchema) schemaAt(ptr string) any {
	v, _ := resolvePointer(cs.doc, ptr)
	return v
}

// compilePatterns compiles every pattern of a schema document, as the
// validator would (Go's regexp).
func compilePatterns(node any, into map[string]*regexp.Regexp) error {
	switch n := node.(type) {
	case []any:
		for _, x := range n {
			if err := compilePatterns(x, into); err != nil {
				return err
			}
		}
	case map[string]any:
		if p, ok := n["pattern"].(string); ok {
			re, err := regexp.Compile(p)
			if err != nil {
				return fmt.Errorf("model: schema pattern %q: %w", p, err)
			}
			into[p] = re
		}
		for _, x := range n {
			if err := compilePatterns(x, into); err != nil {
				return err
			}
		}
	}
	return nil
}

// typeMatches reports whether v has one of the schema types t (a string or
// a list of them).
func typeMatches(t any, v any) bool {
	want := []any{t}
	if list, ok := t.([]any); ok {
		want = list
	}
	got := schemaType(v)
	for _, w := range want {
		switch w {
		case got:
			return true
		case "integer":
			if n, ok := v.(json.Number); ok {
				if r, ok := new(big.Rat).SetString(string(n)); ok && r.IsInt() {
					return true
				}
			}
		}
	}
	return false
}

// schemaType is the JSON Schema type of a decoded value.
func schemaType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return ""
}

// schemaEquals compares two decoded values as JSON Schema does: numbers
// by value, containers member by member.
func schemaEquals(a, b any) bool {
	if schemaType(a) != schemaType(b) {
		return false
	}
	switch a := a.(type) {
	case json.Number:
		ra, okA := new(big.Rat).SetString(string(a))
		rb, okB := new(big.Rat).SetString(string(b.(json.Number)))
		return okA && okB && ra.Cmp(rb) == 0
	case []any:
		bl := b.([]any)
		if len(a) != len(bl) {
			return false
		}
		for i := range a {
			if !schemaEquals(a[i], bl[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		bm := b.(map[string]any)
		if len(a) != len(bm) {
			return false
		}
		for k, x := range a {
			y, ok := bm[k]
			if !ok || !schemaEquals(x, y) {
				return false
			}
		}
		return true
	}
	return a == b
}

func enumHas(enum []any, v any) bool {
	for _, e := range enum {
		if schemaEquals(v, e) {
			return true
		}
	}
	return false
}

func hasKey(m map[string]any, k string) bool {
	_, ok := m[k]
	return ok
}

// schemaInt reads a keyword's whole number.
func schemaInt(v any) (int, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(string(n))
	return i, err == nil
}
