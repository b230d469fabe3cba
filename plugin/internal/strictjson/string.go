package strictjson

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// invalidText records invalid UTF-8 or a lone surrogate at the current
// pointer.
func (r *reader) invalidText() {
	r.ps.Add(tasksurface.CodeForbiddenCharacter, r.pointer(), "%s", r.opts.Wording.InvalidText())
}

// str reads a string at r.pos. Invalid UTF-8 and lone surrogates become
// U+FFFD and set bad. Runs of plain characters are copied whole, and a
// string without escapes is a single slice of the input.
func (r *reader) str() (s string, bad bool, err *Error) {
	r.pos++ // '"'
	var b strings.Builder
	run := r.pos
	for {
		if r.pos >= len(r.data) {
			return "", false, r.syntax(SyntaxError{Detail: "unterminated string"})
		}
		c := r.data[r.pos]
		switch {
		case c == '"':
			if b.Len() == 0 {
				s = string(r.data[run:r.pos])
			} else {
				b.Write(r.data[run:r.pos])
				s = b.String()
			}
			r.pos++
			return s, bad, nil
		case c == '\\':
			b.Write(r.data[run:r.pos])
			ch, ok, err := r.escape()
			if err != nil {
				return "", false, err
			}
			if !ok {
				bad = true
			}
			b.WriteRune(ch)
			run = r.pos
		case c < 0x20:
			return "", false, r.syntax(SyntaxError{Detail: fmt.Sprintf("control character 0x%02x inside a string must be escaped", c), Brief: "a control character inside a string must be escaped"})
		case c < utf8.RuneSelf:
			r.pos++
		default:
			ch, size := utf8.DecodeRune(r.data[r.pos:])
			if ch == utf8.RuneError && size <= 1 {
				b.Write(r.data[run:r.pos])
				b.WriteRune(utf8.RuneError)
				bad = true
				r.pos++
				run = r.pos
				continue
			}
			r.pos += size
		}
	}
}

// escape reads one backslash escape. ok is false for a lone surrogate,
// which decodes to U+FFFD.
func (r *reader) escape() (ch rune, ok bool, err *Error) {
	if r.pos+1 >= len(r.data) {
		return 0, false, r.syntax(SyntaxError{Detail: "unterminated escape"})
	}
	c := r.data[r.pos+1]
	r.pos += 2
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
		r1, err := r.hex4()
		if err != nil {
			return 0, false, err
		}
		if !utf16.IsSurrogate(r1) {
			return r1, true, nil
		}
		if r1 < 0xdc00 && r.pos+1 < len(r.data) && r.data[r.pos] == '\\' && r.data[r.pos+1] == 'u' {
			save := r.pos
			r.pos += 2
			r2, err := r.hex4()
			if err != nil {
				return 0, false, err
			}
			if dec := utf16.DecodeRune(r1, r2); dec != utf8.RuneError {
				return dec, true, nil
			}
			r.pos = save
		}
		return utf8.RuneError, false, nil
	default:
		return 0, false, r.syntax(SyntaxError{Detail: `invalid escape \` + string(rune(c)), Escape: true})
	}
}

// hex4 reads the four hexadecimal digits of a \u escape.
func (r *reader) hex4() (rune, *Error) {
	if r.pos+4 > len(r.data) {
		return 0, r.syntax(SyntaxError{Detail: `invalid \u escape`, Brief: `unterminated \u escape`})
	}
	v, err := strconv.ParseUint(string(r.data[r.pos:r.pos+4]), 16, 32)
	if err != nil {
		return 0, r.syntax(SyntaxError{Detail: `invalid \u escape`})
	}
	r.pos += 4
	return rune(v), nil
}
