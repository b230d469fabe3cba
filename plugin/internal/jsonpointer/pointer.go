package jsonpointer

import (
	"strconv"
	"strings"
)

// escaper escapes one reference token: "~" becomes "~0" and "/" becomes
// "~1".
var escaper = strings.NewReplacer("~", "~0", "/", "~1")

// unescaper reverses escaper.
var unescaper = strings.NewReplacer("~1", "/", "~0", "~")

// Append returns ptr extended by one reference token, escaped.
func Append(ptr, token string) string {
	return ptr + "/" + escaper.Replace(token)
}

// Index returns ptr extended by an array index.
func Index(ptr string, i int) string {
	return ptr + "/" + strconv.Itoa(i)
}

// Tokens splits a JSON Pointer into its unescaped reference tokens. The
// root pointer "" has no tokens.
func Tokens(ptr string) []string {
	if ptr == "" {
		return nil
	}
	parts := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i, p := range parts {
		parts[i] = unescaper.Replace(p)
	}
	return parts
}

// Last returns the last unescaped reference token of ptr, or "" for the
// root.
func Last(ptr string) string {
	i := strings.LastIndexByte(ptr, '/')
	if i < 0 {
		return ""
	}
	return unescaper.Replace(ptr[i+1:])
}

// Parent returns ptr without its last reference token.
func Parent(ptr string) string {
	i := strings.LastIndexByte(ptr, '/')
	if i < 0 {
		return ""
	}
	return ptr[:i]
}

// Compare orders two JSON Pointers token by token: two tokens that are
// both array indexes compare as numbers, other tokens compare as byte
// strings, and a pointer sorts before every pointer it is a prefix of.
func Compare(a, b string) int {
	ta, tb := Tokens(a), Tokens(b)
	for i := 0; i < len(ta) && i < len(tb); i++ {
		if IsIndex(ta[i]) && IsIndex(tb[i]) && len(ta[i]) != len(tb[i]) {
			return len(ta[i]) - len(tb[i])
		}
		if c := strings.Compare(ta[i], tb[i]); c != 0 {
			return c
		}
	}
	return len(ta) - len(tb)
}

// IsIndex reports whether tok is a canonical array index: "0" or digits
// without a leading zero.
func IsIndex(tok string) bool {
	if tok == "" || (len(tok) > 1 && tok[0] == '0') {
		return false
	}
	for i := 0; i < len(tok); i++ {
		if tok[i] < '0' || tok[i] > '9' {
			return false
		}
	}
	return true
}

// Resolve returns the value at ptr inside v, a decoded JSON value
// (map[string]any, []any and scalars), and whether it exists.
func Resolve(v any, ptr string) (any, bool) {
	for _, tok := range Tokens(ptr) {
		switch c := v.(type) {
		case map[string]any:
			next, ok := c[tok]
			if !ok {
				return nil, false
			}
			v = next
		case []any:
			if !IsIndex(tok) {
				return nil, false
			}
			i, err := strconv.Atoi(tok)
			if err != nil || i >= len(c) {
				return nil, false
			}
			v = c[i]
		default:
			return nil, false
		}
	}
	return v, true
}
