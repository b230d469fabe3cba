package strictjson

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Error is a fatal reading problem, a syntax error (invalid-json, pointer
// "") or too deep a nesting (too-deep, at the value that is too deep): the
// document is abandoned.
type Error struct {
	// Code is tasksurface.CodeInvalidJSON or tasksurface.CodeTooDeep.
	Code tasksurface.Code
	// Pointer is "" for a syntax error.
	Pointer string
	// Message is worded by the Options' Wording.
	Message string
}

// Member is one key of an object and its value.
type Member struct {
	// Key is the key, decoded.
	Key string
	// Value is the decoded value.
	Value any
}

// Decode reads data as exactly one JSON value under opts, recording
// problems in ps.
func Decode(data []byte, opts Options, ps *problem.List) (any, *Error) {
	r := &reader{data: data, opts: opts, ps: ps}
	v, err := r.value()
	if err == nil {
		err = r.end()
	}
	if err != nil {
		return nil, err
	}
	return v, nil
}

// DecodeMembers reads data like Decode. When the value is an object,
// members lists its keys in document order (the first occurrence of a
// repeated key) and isObject is true; otherwise top is the value.
func DecodeMembers(data []byte, opts Options, ps *problem.List) (members []Member, isObject bool, top any, err *Error) {
	r := &reader{data: data, opts: opts, ps: ps}
	r.skipSpace()
	if r.pos < len(r.data) && r.data[r.pos] == '{' {
		_, members, err = r.object(true)
		isObject = true
	} else {
		top, err = r.value()
	}
	if err == nil {
		err = r.end()
	}
	if err != nil {
		return nil, false, nil, err
	}
	return members, isObject, top, nil
}

// reader reads one document.
type reader struct {
	data  []byte
	pos   int
	depth int
	path  []string
	opts  Options
	ps    *problem.List
}

// end refuses data after the top-level value.
func (r *reader) end() *Error {
	r.skipSpace()
	if r.pos < len(r.data) {
		return r.syntax(SyntaxError{Detail: "unexpected data after the top-level value"})
	}
	return nil
}

func (r *reader) pointer() string {
	var b strings.Builder
	for _, tok := range r.path {
		b.WriteString(jsonpointer.Append("", tok))
	}
	return b.String()
}

// syntax is the error of a break of the grammar at r.pos, worded by e (a
// Brief left "" is the Detail).
func (r *reader) syntax(e SyntaxError) *Error {
	e.Offset, e.Pointer = r.pos, r.pointer()
	if e.Brief == "" {
		e.Brief = e.Detail
	}
	return &Error{Code: tasksurface.CodeInvalidJSON, Pointer: "", Message: r.opts.Wording.Syntax(e)}
}

func (r *reader) skipSpace() {
	r.pos = SkipSpace(r.data, r.pos)
}

func (r *reader) value() (any, *Error) {
	r.skipSpace()
	if r.pos >= len(r.data) {
		return nil, r.syntax(SyntaxError{Detail: "unexpected end of input"})
	}
	switch c := r.data[r.pos]; {
	case c == '{':
		obj, _, err := r.object(false)
		return obj, err
	case c == '[':
		return r.array()
	case c == '"':
		s, bad, err := r.str()
		if bad {
			r.invalidText()
		}
		return s, err
	case c == '-' || ('0' <= c && c <= '9'):
		return r.number()
	case r.literal("true"):
		return true, nil
	case r.literal("false"):
		return false, nil
	case r.literal("null"):
		return nil, nil
	default:
		return nil, r.syntax(SyntaxError{Detail: "unexpected " + DescribeByte(c)})
	}
}

func (r *reader) literal(word string) bool {
	if strings.HasPrefix(string(r.data[r.pos:min(len(r.data), r.pos+len(word))]), word) {
		r.pos += len(word)
		return true
	}
	return false
}

func (r *reader) enter() *Error {
	r.depth++
	if r.depth > r.opts.MaxDepth {
		return &Error{
			Code:    tasksurface.CodeTooDeep,
			Pointer: r.pointer(),
			Message: r.opts.Wording.TooDeep(r.opts.MaxDepth),
		}
	}
	return nil
}

// object reads an object into a map, first occurrences only, or with
// ordered into its members in document order (and no map).
func (r *reader) object(ordered bool) (map[string]any, []Member, *Error) {
	if err := r.enter(); err != nil {
		return nil, nil, err
	}
	r.pos++ // '{'
	// An ordered object needs only the keys for spotting a repeat.
	var obj map[string]any
	var seen map[string]bool
	if ordered {
		seen = make(map[string]bool)
	} else {
		obj = make(map[string]any)
	}
	var members []Member
	r.skipSpace()
	if r.pos < len(r.data) && r.data[r.pos] == '}' {
		r.pos++
		r.depth--
		return obj, members, nil
	}
	for {
		r.skipSpace()
		if r.pos >= len(r.data) {
			return nil, nil, r.syntax(SyntaxError{Detail: "unexpected end of input, expected a key"})
		}
		if r.data[r.pos] != '"' {
			return nil, nil, r.syntax(SyntaxError{Detail: "expected a quoted key, found " + DescribeByte(r.data[r.pos])})
		}
		key, bad, err := r.str()
		if err != nil {
			return nil, nil, err
		}
		r.path = append(r.path, key)
		if bad {
			r.invalidText()
		}
		r.skipSpace()
		if r.pos >= len(r.data) || r.data[r.pos] != ':' {
			return nil, nil, r.syntax(SyntaxError{Detail: "expected ':' after a key"})
		}
		r.pos++
		v, err := r.value()
		if err != nil {
			return nil, nil, err
		}
		_, dup := obj[key]
		switch {
		case dup || seen[key]:
			r.ps.Add(tasksurface.CodeDuplicateKey, r.pointer(), "%s", r.opts.Wording.DuplicateKey(key))
		case ordered:
			seen[key] = true
			members = append(members, Member{Key: key, Value: v})
		default:
			obj[key] = v
		}
		r.path = r.path[:len(r.path)-1]
		r.skipSpace()
		if r.pos >= len(r.data) {
			return nil, nil, r.syntax(SyntaxError{Detail: "unexpected end of input, expected ',' or '}'"})
		}
		switch c := r.data[r.pos]; c {
		case ',':
			r.pos++
		case '}':
			r.pos++
			r.depth--
			return obj, members, nil
		default:
			return nil, nil, r.syntax(SyntaxError{Detail: "expected ',' or '}', found " + DescribeByte(c)})
		}
	}
}

func (r *reader) array() (any, *Error) {
	if err := r.enter(); err != nil {
		return nil, err
	}
	r.pos++ // '['
	arr := make([]any, 0)
	r.skipSpace()
	if r.pos < len(r.data) && r.data[r.pos] == ']' {
		r.pos++
		r.depth--
		return arr, nil
	}
	for {
		r.path = append(r.path, strconv.Itoa(len(arr)))
		v, err := r.value()
		if err != nil {
			return nil, err
		}
		r.path = r.path[:len(r.path)-1]
		arr = append(arr, v)
		r.skipSpace()
		if r.pos >= len(r.data) {
			return nil, r.syntax(SyntaxError{Detail: "unexpected end of input, expected ',' or ']'"})
		}
		switch c := r.data[r.pos]; c {
		case ',':
			r.pos++
		case ']':
			r.pos++
			r.depth--
			return arr, nil
		default:
			return nil, r.syntax(SyntaxError{Detail: "expected ',' or ']', found " + DescribeByte(c)})
		}
	}
}

// number reads a number literal into a json.Number, keeping the text as
// written; with CheckNumbers, see Options.
func (r *reader) number() (any, *Error) {
	start := r.pos
	end, expAt, fault := ScanNumber(r.data, r.pos)
	r.pos = end
	if fault != "" {
		return nil, r.syntax(SyntaxError{Detail: fault, Brief: "invalid number"})
	}
	lit := string(r.data[start:end])
	if r.opts.CheckNumbers && !NumberInRange(lit, expAt) {
		r.ps.Add(tasksurface.CodeInvalidValue, r.pointer(), "%s", r.opts.Wording.NumberOutOfRange(lit))
		return json.Number("0"), nil
	}
	return json.Number(lit), nil
}
