package submission

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// member is one key of the top-level object, in document order.
type member struct {
	key   string
	value any
}

// fatalError abandons decoding: a syntax error or too deep a nesting.
type fatalError struct {
	code, pointer, message string
}

// decoder is a strict JSON decoder for the values document. It produces
// map[string]any, []any, string, json.Number, bool and nil; it records
// duplicate keys and strings with invalid UTF-8 or lone surrogates as
// problems at their pointers, and stops at a syntax error or at MaxDepth.
type decoder struct {
	data  []byte
	pos   int
	depth int
	path  []string
	ps    *problems
}

// decodeValues parses data as exactly one JSON value. When the value is an
// object, members lists its keys in document order (first occurrence
// only); isObject tells whether it was one.
func decodeValues(data []byte, ps *problems) (members []member, isObject bool, top any, fe *fatalError) {
	d := &decoder{data: data, ps: ps}
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == '{' {
		members, fe = d.object()
		isObject = true
	} else {
		top, fe = d.value()
	}
	if fe != nil {
		return nil, false, nil, fe
	}
	d.skipSpace()
	if d.pos < len(d.data) {
		return nil, false, nil, d.syntax("unexpected data after the top-level value")
	}
	return members, isObject, top, nil
}

func (d *decoder) pointer() string {
	var b strings.Builder
	for _, tok := range d.path {
		b.WriteString(pointerAppend("", tok))
	}
	return b.String()
}

func (d *decoder) syntax(what string) *fatalError {
	return &fatalError{
		code:    CodeInvalidJSON,
		pointer: "",
		message: fmt.Sprintf("invalid JSON at byte %d: %s; send one JSON object that maps field ids to values.", d.pos, what),
	}
}

func (d *decoder) skipSpace() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

func (d *decoder) value() (any, *fatalError) {
	d.skipSpace()
	if d.pos >= len(d.data) {
		return nil, d.syntax("unexpected end of input")
	}
	switch c := d.data[d.pos]; {
	case c == '{':
		members, fe := d.object()
		if fe != nil {
			return nil, fe
		}
		obj := make(map[string]any, len(members))
		for _, m := range members {
			obj[m.key] = m.value
		}
		return obj, nil
	case c == '[':
		return d.array()
	case c == '"':
		s, bad, fe := d.str()
		if fe != nil {
			return nil, fe
		}
		if bad {
			d.badText()
		}
		return s, nil
	case c == '-' || ('0' <= c && c <= '9'):
		return d.number()
	case d.literal("true"):
		return true, nil
	case d.literal("false"):
		return false, nil
	case d.literal("null"):
		return nil, nil
	default:
		return nil, d.syntax("unexpected " + describeByte(c))
	}
}

func describeByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return strconv.Quote(string(c))
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

func (d *decoder) literal(word string) bool {
	if strings.HasPrefix(string(d.data[d.pos:min(len(d.data), d.pos+len(word))]), word) {
		d.pos += len(word)
		return true
	}
	return false
}

func (d *decoder) enter() *fatalError {
	d.depth++
	if d.depth > MaxDepth {
		return &fatalError{
			code:    CodeTooDeep,
			pointer: d.pointer(),
			message: fmt.Sprintf("arrays and objects nest deeper than %d levels here; a submission needs 2.", MaxDepth),
		}
	}
	return nil
}

// object reads an object into its members, first occurrences only.
func (d *decoder) object() ([]member, *fatalError) {
	if fe := d.enter(); fe != nil {
		return nil, fe
	}
	d.pos++ // '{'
	var members []member
	seen := map[string]bool{}
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == '}' {
		d.pos++
		d.depth--
		return members, nil
	}
	for {
		d.skipSpace()
		if d.pos >= len(d.data) {
			return nil, d.syntax("unexpected end of input, expected a key")
		}
		if d.data[d.pos] != '"' {
			return nil, d.syntax("expected a quoted key, found " + describeByte(d.data[d.pos]))
		}
		key, bad, fe := d.str()
		if fe != nil {
			return nil, fe
		}
		d.path = append(d.path, key)
		if bad {
			d.badText()
		}
		d.skipSpace()
		if d.pos >= len(d.data) || d.data[d.pos] != ':' {
			return nil, d.syntax("expected ':' after a key")
		}
		d.pos++
		v, fe := d.value()
		if fe != nil {
			return nil, fe
		}
		if seen[key] {
			d.ps.add(CodeDuplicateKey, d.pointer(), "key %s appears more than once; send it once.", quote(key))
		} else {
			seen[key] = true
			members = append(members, member{key: key, value: v})
		}
		d.path = d.path[:len(d.path)-1]
		d.skipSpace()
		if d.pos >= len(d.data) {
			return nil, d.syntax("unexpected end of input, expected ',' or '}'")
		}
		switch d.data[d.pos] {
		case ',':
			d.pos++
		case '}':
			d.pos++
			d.depth--
			return members, nil
		default:
			return nil, d.syntax("expected ',' or '}', found " + describeByte(d.data[d.pos]))
		}
	}
}

func (d *decoder) array() (any, *fatalError) {
	if fe := d.enter(); fe != nil {
		return nil, fe
	}
	d.pos++ // '['
	arr := []any{}
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == ']' {
		d.pos++
		d.depth--
		return arr, nil
	}
	for {
		d.path = append(d.path, strconv.Itoa(len(arr)))
		v, fe := d.value()
		if fe != nil {
			return nil, fe
		}
		d.path = d.path[:len(d.path)-1]
		arr = append(arr, v)
		d.skipSpace()
		if d.pos >= len(d.data) {
			return nil, d.syntax("unexpected end of input, expected ',' or ']'")
		}
		switch d.data[d.pos] {
		case ',':
			d.pos++
		case ']':
			d.pos++
			d.depth--
			return arr, nil
		default:
			return nil, d.syntax("expected ',' or ']', found " + describeByte(d.data[d.pos]))
		}
	}
}

// badText records a string that is not valid Unicode text.
func (d *decoder) badText() {
	d.ps.add(CodeForbiddenCharacter, d.pointer(), "this string holds invalid UTF-8 or a lone surrogate escape; send valid Unicode text.")
}

// str reads a string. Invalid UTF-8 and lone surrogates become U+FFFD and
// set bad. Runs of plain characters are copied whole, and a string without
// escapes is a single slice of the input.
func (d *decoder) str() (s string, bad bool, fe *fatalError) {
	d.pos++ // '"'
	var b strings.Builder
	run := d.pos
	for {
		if d.pos >= len(d.data) {
			return "", false, d.syntax("unterminated string")
		}
		c := d.data[d.pos]
		switch {
		case c == '"':
			if b.Len() == 0 {
				s = string(d.data[run:d.pos])
			} else {
				b.Write(d.data[run:d.pos])
				s = b.String()
			}
			d.pos++
			return s, bad, nil
		case c == '\\':
			b.Write(d.data[run:d.pos])
			r, ok, fe := d.escape()
			if fe != nil {
				return "", false, fe
			}
			if !ok {
				bad = true
			}
			b.WriteRune(r)
			run = d.pos
		case c < 0x20:
			return "", false, d.syntax("a control character inside a string must be escaped")
		case c < utf8.RuneSelf:
			d.pos++
		default:
			r, size := utf8.DecodeRune(d.data[d.pos:])
			if r == utf8.RuneError && size <= 1 {
				b.Write(d.data[run:d.pos])
				b.WriteRune(utf8.RuneError)
				bad = true
				d.pos += size
				run = d.pos
				continue
			}
			d.pos += size
		}
	}
}

// escape reads one backslash escape. ok is false for a lone surrogate,
// which decodes to U+FFFD.
func (d *decoder) escape() (r rune, ok bool, fe *fatalError) {
	if d.pos+1 >= len(d.data) {
		return 0, false, d.syntax("unterminated escape")
	}
	c := d.data[d.pos+1]
	d.pos += 2
	switch c {
	case '"', '\\', '/':
		return rune(c), true, nil
	case 'b':
		return '\b', true, nil
	case 'f':
		return '\f', true, nil
	case 'n':
		return '\n', true, nil
	case 'r':
		return '\r', true, nil
	case 't':
		return '\t', true, nil
	case 'u':
		r1, fe := d.hex4()
		if fe != nil {
			return 0, false, fe
		}
		if !utf16.IsSurrogate(r1) {
			return r1, true, nil
		}
		if r1 < 0xdc00 && d.pos+1 < len(d.data) && d.data[d.pos] == '\\' && d.data[d.pos+1] == 'u' {
			save := d.pos
			d.pos += 2
			r2, fe := d.hex4()
			if fe != nil {
				return 0, false, fe
			}
			if r := utf16.DecodeRune(r1, r2); r != utf8.RuneError {
				return r, true, nil
			}
			d.pos = save
		}
		return utf8.RuneError, false, nil
	default:
		d.pos--
		return 0, false, d.syntax("invalid escape \\" + string(rune(c)))
	}
}

func (d *decoder) hex4() (rune, *fatalError) {
	if d.pos+4 > len(d.data) {
		return 0, d.syntax("unterminated \\u escape")
	}
	v, err := strconv.ParseUint(string(d.data[d.pos:d.pos+4]), 16, 32)
	if err != nil {
		return 0, d.syntax("invalid \\u escape")
	}
	d.pos += 4
	return rune(v), nil
}

// number reads a number literal by the JSON grammar. Numbers are never a
// valid field value, so only their syntax matters.
func (d *decoder) number() (any, *fatalError) {
	start := d.pos
	if d.data[d.pos] == '-' {
		d.pos++
	}
	if d.pos < len(d.data) && d.data[d.pos] == '0' {
		d.pos++
	} else if !d.digits() {
		return nil, d.syntax("invalid number")
	}
	if d.pos < len(d.data) && d.data[d.pos] == '.' {
		d.pos++
		if !d.digits() {
			return nil, d.syntax("invalid number")
		}
	}
	if d.pos < len(d.data) && (d.data[d.pos] == 'e' || d.data[d.pos] == 'E') {
		d.pos++
		if d.pos < len(d.data) && (d.data[d.pos] == '+' || d.data[d.pos] == '-') {
			d.pos++
		}
		if !d.digits() {
			return nil, d.syntax("invalid number")
		}
	}
	return json.Number(d.data[start:d.pos]), nil
}

func (d *decoder) digits() bool {
	start := d.pos
	for d.pos < len(d.data) && '0' <= d.data[d.pos] && d.data[d.pos] <= '9' {
		d.pos++
	}
	return d.pos > start
}
