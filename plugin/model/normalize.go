package model

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"unicode/utf8"
)

// Normalized returns the normalised model: compact JSON with the keys of
// each object in the fixed order of the types' MarshalJSON methods, every
// default filled in, optional empty strings left out, table cells as
// written and no HTML escaping ("<" stays "<"). Its length is what
// MaxModelBytes bounds.
//
// A model returned by Parse or ParseArguments carries the bytes computed
// while it was checked, and Normalized returns a copy of them: such a
// model is read-only, shared between the parts of the plugin. A model built
// or changed by other code is encoded on each call.
func (m *Model) Normalized() ([]byte, error) {
	if m.normalized != nil {
		return slices.Clone(m.normalized), nil
	}
	return m.appendNormalized(nil)
}

// marshalCompact encodes v as compact JSON without HTML escaping and
// without a trailing newline.
func marshalCompact(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// The normalised encoding is written by appending to one buffer, so no
// level of the model is encoded, compacted and copied again by the level
// above it. It produces exactly the bytes encoding/json produces for the
// same values with HTML escaping off (see marshalCompact and the types'
// MarshalJSON methods): strings escaped as encoding/json escapes them,
// invalid UTF-8 as U+FFFD, U+2028 and U+2029 escaped, json.Number literals
// as written, map keys sorted, nil slices as null. A value of a type the
// parser never produces (a float64 cell, say) is encoded by encoding/json.

// appendNormalized appends the normalised model to dst.
func (m *Model) appendNormalized(dst []byte) ([]byte, error) {
	var err error
	dst = append(dst, `{"version":`...)
	dst = appendInt(dst, m.Version)
	dst = append(dst, `,"title":`...)
	dst = appendString(dst, m.Title)
	if m.Description != "" {
		dst = append(dst, `,"description":`...)
		dst = appendString(dst, m.Description)
	}
	dst = append(dst, `,"sections":`...)
	if m.Sections == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i := range m.Sections {
			if i > 0 {
				dst = append(dst, ',')
			}
			if dst, err = m.Sections[i].appendJSON(dst); err != nil {
				return nil, err
			}
		}
		dst = append(dst, ']')
	}
	dst = append(dst, `,"fields":`...)
	if m.Fields == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i := range m.Fields {
			if i > 0 {
				dst = append(dst, ',')
			}
			if dst, err = m.Fields[i].appendJSON(dst); err != nil {
				return nil, err
			}
		}
		dst = append(dst, ']')
	}
	dst = append(dst, `,"submit":{"label":`...)
	dst = appendString(dst, m.Submit.Label)
	return append(dst, "}}"...), nil
}

func (s *Section) appendJSON(dst []byte) ([]byte, error) {
	dst = append(dst, `{"id":`...)
	dst = appendString(dst, s.ID)
	if s.Title != "" {
		dst = append(dst, `,"title":`...)
		dst = appendString(dst, s.Title)
	}
	dst = append(dst, `,"layout":{"kind":`...)
	dst = appendString(dst, s.Layout.Kind)
	if s.Layout.Columns != 0 {
		dst = append(dst, `,"columns":`...)
		dst = appendInt(dst, s.Layout.Columns)
	}
	dst = append(dst, `},"blocks":`...)
	if s.Blocks == nil {
		return append(dst, "null}"...), nil
	}
	dst = append(dst, '[')
	var err error
	for i := range s.Blocks {
		if i > 0 {
			dst = append(dst, ',')
		}
		if dst, err = s.Blocks[i].appendJSON(dst); err != nil {
			return nil, err
		}
	}
	return append(dst, "]}"...), nil
}

func (b *Block) appendJSON(dst []byte) ([]byte, error) {
	dst = append(dst, `{"kind":`...)
	dst = appendString(dst, b.Kind)
	switch b.Kind {
	case BlockMarkdown:
		dst = append(dst, `,"text":`...)
		dst = appendString(dst, b.Text)
	case BlockMetrics:
		dst = append(dst, `,"items":[`...)
		for i, it := range b.Items {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, `{"label":`...)
			dst = appendString(dst, it.Label)
			dst = append(dst, `,"value":`...)
			dst = appendString(dst, it.Value)
			if it.Detail != "" {
				dst = append(dst, `,"detail":`...)
				dst = appendString(dst, it.Detail)
			}
			dst = append(dst, '}')
		}
		dst = append(dst, ']')
	case BlockTable:
		dst = append(dst, `,"columns":[`...)
		for i, c := range b.Columns {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, `{"id":`...)
			dst = appendString(dst, c.ID)
			dst = append(dst, `,"label":`...)
			dst = appendString(dst, c.Label)
			dst = append(dst, '}')
		}
		dst = append(dst, `],"rows":[`...)
		var err error
		for i, r := range b.Rows {
			if i > 0 {
				dst = append(dst, ',')
			}
			if dst, err = r.appendJSON(dst); err != nil {
				return nil, err
			}
		}
		dst = append(dst, ']')
	case BlockDiff:
		if b.Path != "" {
			dst = append(dst, `,"path":`...)
			dst = appendString(dst, b.Path)
		}
		dst = append(dst, `,"before":`...)
		if b.Before == nil {
			dst = append(dst, "null"...)
		} else {
			dst = appendString(dst, *b.Before)
		}
		dst = append(dst, `,"after":`...)
		dst = appendString(dst, b.After)
		if b.Language != "" {
			dst = append(dst, `,"language":`...)
			dst = appendString(dst, b.Language)
		}
	default: // BlockNotice
		dst = append(dst, `,"tone":`...)
		dst = appendString(dst, b.Tone)
		dst = append(dst, `,"text":`...)
		dst = appendString(dst, b.Text)
	}
	return append(dst, '}'), nil
}

// appendJSON appends the row with its keys sorted, as encoding/json
// writes a map.
func (r Row) appendJSON(dst []byte) ([]byte, error) {
	if r == nil {
		return append(dst, "null"...), nil
	}
	var small [16]string
	keys := small[:0]
	for k := range r {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	dst = append(dst, '{')
	var err error
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, k)
		dst = append(dst, ':')
		if dst, err = appendScalar(dst, r[k]); err != nil {
			return nil, err
		}
	}
	return append(dst, '}'), nil
}

func (f *Field) appendJSON(dst []byte) ([]byte, error) {
	dst = append(dst, `{"kind":`...)
	dst = appendString(dst, f.Kind)
	dst = append(dst, `,"id":`...)
	dst = appendString(dst, f.ID)
	dst = append(dst, `,"label":`...)
	dst = appendString(dst, f.Label)
	switch f.Kind {
	case FieldText:
		if f.Multiline {
			dst = append(dst, `,"multiline":true`...)
		}
		if f.Required {
			dst = append(dst, `,"required":true`...)
		}
	case FieldToggle:
	default: // choice, multi-choice, order
		dst = append(dst, `,"options":[`...)
		for i, o := range f.Options {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, `{"id":`...)
			dst = appendString(dst, o.ID)
			dst = append(dst, `,"label":`...)
			dst = appendString(dst, o.Label)
			if o.Detail != "" {
				dst = append(dst, `,"detail":`...)
				dst = appendString(dst, o.Detail)
			}
			dst = append(dst, '}')
		}
		dst = append(dst, ']')
	}
	if f.Initial != nil {
		dst = append(dst, `,"initial":`...)
		var err error
		if ids, ok := f.Initial.([]string); ok && ids != nil {
			dst = append(dst, '[')
			for i, id := range ids {
				if i > 0 {
					dst = append(dst, ',')
				}
				dst = appendString(dst, id)
			}
			dst = append(dst, ']')
		} else if dst, err = appendScalar(dst, f.Initial); err != nil {
			return nil, err
		}
	}
	return append(dst, '}'), nil
}

// appendScalar appends a table cell or an initial value: the types the
// parser produces directly, anything else through encoding/json.
func appendScalar(dst []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case nil:
		return append(dst, "null"...), nil
	case string:
		return appendString(dst, v), nil
	case bool:
		if v {
			return append(dst, "true"...), nil
		}
		return append(dst, "false"...), nil
	case json.Number:
		if v == "" {
			return append(dst, '0'), nil
		}
		if validNumber(string(v)) {
			return append(dst, v...), nil
		}
	}
	b, err := marshalCompact(v)
	if err != nil {
		return nil, err
	}
	return append(dst, b...), nil
}

// validNumber reports whether s is a JSON number literal.
func validNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return false
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return false
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	return i == len(s)
}

func appendInt(dst []byte, n int) []byte {
	return strconv.AppendInt(dst, int64(n), 10)
}

const hexDigits = "0123456789abcdef"

// plainByte reports the bytes appendString copies as they are: ASCII from
// space up, except the quote and the backslash.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendString appends s as a JSON string the way encoding/json does with
// HTML escaping off.
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if plainByte[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			dst = append(dst, s[start:i]...)
			switch c {
			case '\\', '"':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
