package schemacheck

import (
	"encoding/json"
	"fmt"
	"strings"
)

// typeSet is a set of JSON Schema type names, one bit each.
type typeSet uint8

const (
	typeNull typeSet = 1 << iota
	typeBoolean
	typeObject
	typeArray
	typeNumber
	typeString
	typeInteger
)

// typeNames are the type names in the order of their bits.
var typeNames = [...]string{"null", "boolean", "object", "array", "number", "string", "integer"}

// parseTypes reads a "type" value: one name or a non-empty array of names.
func parseTypes(v any) (typeSet, error) {
	var names []any
	switch t := v.(type) {
	case string:
		names = []any{t}
	case []any:
		names = t
	}
	if len(names) == 0 {
		return 0, fmt.Errorf("want a type name or a non-empty array of them, not %T", v)
	}
	var set typeSet
	for _, x := range names {
		name, _ := x.(string)
		bit := typeSet(0)
		for i, known := range typeNames {
			if name == known {
				bit = 1 << i
			}
		}
		if bit == 0 {
			return 0, fmt.Errorf("%v is not a type; use %s", x, strings.Join(typeNames[:], ", "))
		}
		set |= bit
	}
	return set, nil
}

// typeOf returns the type of a decoded JSON value; a number is typeNumber,
// whether it is integral or not. It reports false for a Go value that
// decoding JSON does not produce.
func typeOf(v any) (typeSet, bool) {
	switch v.(type) {
	case nil:
		return typeNull, true
	case bool:
		return typeBoolean, true
	case map[string]any:
		return typeObject, true
	case []any:
		return typeArray, true
	case json.Number:
		return typeNumber, true
	case string:
		return typeString, true
	}
	return 0, false
}
