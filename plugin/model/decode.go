package model

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxDepth is the deepest nesting of arrays and objects Parse accepts; a
// valid model needs at most 8 levels.
const MaxDepth = 32

// maxNumberLength caps the characters of one number literal, and
// maxExponent the magnitude of its exponent, so that no number costs more
// than a moment to compare.
const (
	maxNumberLength = 64
	maxExponent     = 400
)

// decodeError is a fatal decoding problem: the input is abandoned.
type decodeError struct {
	code    string
	pointer string
	message string
}

// decoder is a strict JSON decoder. It produces the values jsonschema
// expects (map[string]any, []any, string, json.Number, bool, nil), records
// duplicate keys, invalid UTF-8, lone surrogates and out-of-range numbers as
// problems with pointers, and stops at a syntax error or too deep a nesting.
type decoder struct {
	data  []byte
	pos   int
	depth int
	path  []string
	ps    *problems
}

// decode parses data as exactly one JSON value.
func decode(data []byte, ps *problems) (any, *decodeError) {
	d := &decoder{data: data, ps: ps}
	v, err := d.value()
	if err != nil {
		return nil, err
	}
	d.skipSpace()
	if d.pos < len(d.data) {
		return nil, d.syntax("unexpected data after the top-level value")
	}
	return v, nil
}

func (d *decoder) pointer() string {
	var b strings.Builder
	for _, tok := range d.path {
		b.WriteByte('/')
		b.WriteString(pointerEscaper.Replace(tok))
	}
	return b.String()
}

func (d *decoder) syntax(what string) *decodeError {
	where := ""
	if p := d.pointer(); p != "" {
		where = " (inside " + p + ")"
	}
	return &decodeError{
		code:    CodeInvalidJSON,
		pointer: "",
		message: fmt.Sprintf("invalid JSON at byte %d%s: %s; send one complete JSON object.", d.pos, where, what),
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

func (d *decoder) value() (any, *decodeError) {
	d.skipSpace()
	if d.pos >= len(d.data) {
		return nil, d.syntax("unexpected end of input")
	}
	switch c := d.data[d.pos]; {
	case c == '{':
		return d.object()
	case c == '[':
		return d.array()
	case c == '"':
		s, bad, err := d.str()
		if bad {
			d.badText()
		}
		return s, err
	case c == '-' || (c >= '0' && c <= '9'):
		return d.number()
	case d.literal("true"):
		return true, nil
	case d.literal("false"):
		return false, nil
	case d.literal("null"):
		return nil, nil
	default:
		return nil, d.syntax(fmt.Sprintf("unexpected %s", describeByte(c)))
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

func (d *decoder) enter() *decodeError {
	d.depth++
	if d.depth > MaxDepth {
		return &decodeError{
			code:    CodeTooDeep,
			pointer: d.pointer(),
			message: fmt.Sprintf("arrays and objects nest deeper than %d levels here; a model needs far fewer, so flatten the value.", MaxDepth),
		}
	}
	return nil
}

func (d *decoder) object() (any, *decodeError) {
	if err := d.enter(); err != nil {
		return nil, err
	}
	d.pos++ // '{'
	obj := make(map[string]any)
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == '}' {
		d.pos++
		d.depth--
		return obj, nil
	}
	for {
		d.skipSpace()
		if d.pos >= len(d.data) {
			return nil, d.syntax("unexpected end of input, expected a key")
		}
		if d.data[d.pos] != '"' {
			return nil, d.syntax(fmt.Sprintf("expected a quoted key, found %s", describeByte(d.data[d.pos])))
		}
		key, bad, err := d.str()
		if err != nil {
			return nil, err
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
		v, err := d.value()
		if err != nil {
			return nil, err
		}
		if _, dup := obj[key]; dup {
			d.ps.add(CodeDuplicateKey, d.pointer(), "key %q appears more than once in this object; keep one.", key)
		} else {
			obj[key] = v
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
			return obj, nil
		default:
			return nil, d.syntax(fmt.Sprintf("expected ',' or '}', found %s", describeByte(d.data[d.pos])))
		}
	}
}

func (d *decoder) array() (any, *decodeError) {
	if err := d.enter(); err != nil {
		return nil, err
	}
	d.pos++ // '['
	arr := make([]any, 0)
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == ']' {
		d.pos++
		d.depth--
		return arr, nil
	}
	for {
		d.path = append(d.path, strconv.Itoa(len(arr)))
		v, err := d.value()
		if err != nil {
			return nil, err
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
			return nil, d.syntax(fmt.Sprintf("expected ',' or ']', found %s", describeByte(d.data[d.pos])))
		}
	}
}

// badText records invalid UTF-8 or a lone surrogate at the current pointer.
func (d *decoder) badText() {
	d.ps.add(CodeForbiddenCharacter, d.pointer(), "this string holds invalid UTF-8 or a lone surrogate; send valid Unicode text.")
}

// str decodes a string at d.pos. Invalid UTF-8 and lone surrogates become
// U+FFFD and set bad.
func (d *decoder) str() (s string, bad bool, err *decodeError) {
	d.pos++ // opening quote
	start := d.pos
	// Fast path: printable ASCII without escapes.
	for d.pos < len(d.data) {
		c := d.data[d.pos]
		if c == '"' {
			s := string(d.data[start:d.pos])
			d.pos++
			return s, false, nil
		}
		if c == '\\' || c < 0x20 || c >= 0x80 {
			break
		}
		d.pos++
	}
	var b strings.Builder
	b.Write(d.data[start:d.pos])
	for {
		if d.pos >= len(d.data) {
			return "", false, d.syntax("unterminated string")
		}
		c := d.data[d.pos]
		switch {
		case c == '"':
			d.pos++
			return b.String(), bad, nil
		case c < 0x20:
			return "", false, d.syntax(fmt.Sprintf("control character 0x%02x inside a string must be escaped", c))
		case c == '\\':
			if d.pos+1 >= len(d.data) {
				return "", false, d.syntax("unterminated escape")
			}
			e := d.data[d.pos+1]
			d.pos += 2
			switch e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				r, ok := d.hex4()
				if !ok {
					return "", false, d.syntax("invalid \\u escape")
				}
				if utf16.IsSurrogate(r) {
					if r < 0xdc00 && d.pos+1 < len(d.data) && d.data[d.pos] == '\\' && d.data[d.pos+1] == 'u' {
						save := d.pos
						d.pos += 2
						r2, ok := d.hex4()
						if !ok {
							return "", false, d.syntax("invalid \\u escape")
						}
						if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
							b.WriteRune(dec)
							continue
						}
						d.pos = save
					}
					bad = true
					r = utf8.RuneError
				}
				b.WriteRune(r)
			default:
				return "", false, d.syntax(fmt.Sprintf("invalid escape \\%c", e))
			}
		case c < 0x80:
			b.WriteByte(c)
			d.pos++
		default:
			r, size := utf8.DecodeRune(d.data[d.pos:])
			if r == utf8.RuneError && size <= 1 {
				bad = true
				size = 1
			}
			b.WriteRune(r)
			d.pos += size
		}
	}
}

func (d *decoder) hex4() (rune, bool) {
	if d.pos+4 > len(d.data) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(d.data[d.pos:d.pos+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	d.pos += 4
	return rune(n), true
}

// number decodes a number literal at d.pos into a json.Number, keeping the
// text as written. A literal that is too long, whose exponent is too large
// or that does not fit a float64 is recorded as an invalid value and
// replaced by 0 so later checks stay cheap.
func (d *decoder) number() (any, *decodeError) {
	start := d.pos
	if d.data[d.pos] == '-' {
		d.pos++
	}
	switch {
	case d.pos < len(d.data) && d.data[d.pos] == '0':
		d.pos++
	case d.pos < len(d.data) && d.data[d.pos] >= '1' && d.data[d.pos] <= '9':
		d.digits()
	default:
		return nil, d.syntax("invalid number")
	}
	if d.pos < len(d.data) && d.data[d.pos] == '.' {
		d.pos++
		if d.digits() == 0 {
			return nil, d.syntax("invalid number: expected a digit after '.'")
		}
	}
	expStart := -1
	if d.pos < len(d.data) && (d.data[d.pos] == 'e' || d.data[d.pos] == 'E') {
		d.pos++
		if d.pos < len(d.data) && (d.data[d.pos] == '+' || d.data[d.pos] == '-') {
			d.pos++
		}
		expStart = d.pos
		if d.digits() == 0 {
			return nil, d.syntax("invalid number: expected a digit in the exponent")
		}
	}
	lit := string(d.data[start:d.pos])
	if !numberInRange(lit, expStart-start) {
		d.ps.add(CodeInvalidValue, d.pointer(), "the number %s is out of range; write numbers of at most %d characters that fit a 64-bit float, or send the value as a string.", abbreviate(lit, 24), maxNumberLength)
		return json.Number("0"), nil
	}
	return json.Number(lit), nil
}

func numberInRange(lit string, expAt int) bool {
	if len(lit) > maxNumberLength {
		return false
	}
	if expAt >= 0 {
		exp, err := strconv.Atoi(lit[expAt:])
		if err != nil || exp > maxExponent {
			return false
		}
	}
	f, err := strconv.ParseFloat(lit, 64)
	return err == nil || !errors.Is(err, strconv.ErrRange) || f == 0
}

func (d *decoder) digits() int {
	n := 0
	for d.pos < len(d.data) && d.data[d.pos] >= '0' && d.data[d.pos] <= '9' {
		d.pos++
		n++
	}
	return n
}

// abbreviate shortens s to at most n runes for a message.
func abbreviate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}
