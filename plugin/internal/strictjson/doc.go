// Package strictjson is the plugin's one strict JSON reader. The model
// parser and the submission validator both read their input with it.
//
// It produces the values the schema validator expects (map[string]any, []any,
// string, json.Number, bool, nil). It records duplicate keys, strings with
// invalid UTF-8 or lone surrogates and, when asked, numbers out of range as
// problems at their JSON Pointers, and it stops at the first syntax error
// or at too deep a nesting with an *Error. What differs between its
// readers is a parameter (Options): the depth, whether numbers are
// checked, and the wording (a Wording), so each reader keeps its messages
// to the byte.
package strictjson
