package strictjson

import "encoding/json"

// TypeName names the JSON type of a value Decode produces, with its
// article, for a message: "null", "a boolean", "a number", "a string",
// "an array", "an object" ("an unknown value" for anything else).
func TypeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "an unknown value"
}
