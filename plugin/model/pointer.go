package model

import (
	"strconv"
	"strings"
)

// pointerEscaper escapes one JSON Pointer reference token (RFC 6901): "~"
// becomes "~0" and "/" becomes "~1".
var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// pointerUnescaper reverses pointerEscaper.
var pointerUnescaper = strings.NewReplacer("~1", "/", "~0", "~")

// appendPointer returns ptr extended by one reference token.
func appendPointer(ptr, token string) string {
	return ptr + "/" + pointerEscaper.Replace(token)
}

// indexPointer returns ptr extended by an array index.
func indexPointer(ptr string, i int) string {
	return ptr + "/" + strconv.Itoa(i)
}

// pointerTokens splits a JSON Pointer into its unescaped reference tokens.
// The root pointer "" has no tokens.
func pointerTokens(ptr string) []string {
	if ptr == "" {
		return nil
	}
	parts := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i, p := range parts {
		parts[i] = pointerUnescaper.Replace(p)
	}
	return parts
}

// lastToken returns the last unescaped reference token of ptr, or "" for the
// root.
func lastToken(ptr string) string {
	i := strings.LastIndexByte(ptr, '/')
	if i < 0 {
		return ""
	}
	return pointerUnescaper.Replace(ptr[i+1:])
}

// parentPointer returns ptr without its last reference token.
func parentPointer(ptr string) string {
	i := strings.LastIndexByte(ptr, '/')
	if i < 0 {
		return ""
	}
	return ptr[:i]
}

// comparePointers orders two JSON Pointers token by token: two tokens that
// are both array indexes compare as numbers, other tokens compare as byte
// strings, and a pointer sorts before every pointer it is a prefix of.
func comparePointers(a, b string) int {
	ta, tb := pointerTokens(a), pointerTokens(b)
	for i := 0; i < len(ta) && i < len(tb); i++ {
		if c := compareTokens(ta[i], tb[i]); c != 0 {
			return c
		}
	}
	return len(ta) - len(tb)
}

func compareTokens(a, b string) int {
	if isIndex(a) && isIndex(b) {
		if len(a) != len(b) {
			return len(a) - len(b)
		}
	}
	return strings.Compare(a, b)
}

// isIndex reports whether tok is a canonical array index: "0" or digits
// without a leading zero.
func isIndex(tok string) bool {
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

// resolvePointer returns the value at ptr inside v, a decoded JSON value.
func resolvePointer(v any, ptr string) (any, bool) {
	for _, tok := range pointerTokens(ptr) {
		switch c := v.(type) {
		case map[string]any:
			next, ok := c[tok]
			if !ok {
				return nil, false
			}
			v = next
		case []any:
			if !isIndex(tok) {
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
