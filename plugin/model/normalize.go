package model

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/dsh-community/task-surface/plugin/internal/jsontext"
)

// Normalized returns the normalised model: compact JSON with the keys of
// each object in the fixed order of the types' MarshalJSON methods, every
// default filled in, optional empty strings left out, table cells as
// written and no HTML escaping ("<" stays "<"). Its length is what
// MaxModelBytes bounds.
//
// A model returned by Parse or ParseArguments carries the bytes computed
// while it was checked, and Normalized returns them, shared: such a model
// is read-only, and the caller must not modify the returned bytes either.
// A model built by other code is encoded on each call.
func (m *Model) Normalized() ([]byte, error) {
	if m.normalized != nil {
		return m.normalized[:len(m.normalized):len(m.normalized)], nil
	}
	return m.appendNormalized(nil, false)
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

// appendNormalized appends the normalised model to dst. With moveRows, each
// table row is then made to share its bytes in dst instead of its own
// buffer (which the fast parser then reuses); only the parser that built m
// and holds it alone may ask for that.
func (m *Model) appendNormalized(dst []byte, moveRows bool) ([]byte, error) {
	var err error
	dst = append(dst, `{"version":`...)
	dst = appendInt(dst, m.Version)
	dst = append(dst, `,"title":`...)
	dst = jsontext.AppendString(dst, m.Title, false)
	if m.Description != "" {
		dst = append(dst, `,"description":`...)
		dst = jsontext.AppendString(dst, m.Description, false)
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
			if dst, err = m.Sections[i].appendJSON(dst, moveRows); err != nil {
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
	dst = jsontext.AppendString(dst, m.Submit.Label, false)
	return append(dst, "}}"...), nil
}

func (s *Section) appendJSON(dst []byte, moveRows bool) ([]byte, error) {
	dst = append(dst, `{"id":`...)
	dst = jsontext.AppendString(dst, s.ID, false)
	if s.Title != "" {
		dst = append(dst, `,"title":`...)
		dst = jsontext.AppendString(dst, s.Title, false)
	}
	dst = append(dst, `,"layout":{"kind":`...)
	dst = jsontext.AppendString(dst, s.Layout.Kind, false)
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
		if dst, err = s.Blocks[i].appendJSON(dst, moveRows); err != nil {
			return nil, err
		}
	}
	return append(dst, "]}"...), nil
}

func (b *Block) appendJSON(dst []byte, moveRows bool) ([]byte, error) {
	dst = append(dst, `{"kind":`...)
	dst = jsontext.AppendString(dst, b.Kind, false)
	switch b.Kind {
	case BlockMarkdown:
		dst = append(dst, `,"text":`...)
		dst = jsontext.AppendString(dst, b.Text, false)
	case BlockMetrics:
		dst = append(dst, `,"items":[`...)
		for i, it := range b.Items {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, `{"label":`...)
			dst = jsontext.AppendString(dst, it.Label, false)
			dst = append(dst, `,"value":`...)
			dst = jsontext.AppendString(dst, it.Value, false)
			if it.Detail != "" {
				dst = append(dst, `,"detail":`...)
				dst = jsontext.AppendString(dst, it.Detail, false)
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
			dst = jsontext.AppendString(dst, c.ID, false)
			dst = append(dst, `,"label":`...)
			dst = jsontext.AppendString(dst, c.Label, false)
			dst = append(dst, '}')
		}
		dst = append(dst, `],"rows":[`...)
		for i, r := range b.Rows {
			if i > 0 {
				dst = append(dst, ',')
			}
			start := len(dst)
			dst = r.appendJSON(dst)
			if moveRows && r != nil {
				b.Rows[i] = Row(dst[start:len(dst):len(dst)])
			}
		}
		dst = append(dst, ']')
	case BlockDiff:
		if b.Path != "" {
			dst = append(dst, `,"path":`...)
			dst = jsontext.AppendString(dst, b.Path, false)
		}
		dst = append(dst, `,"before":`...)
		if b.Before == nil {
			dst = append(dst, "null"...)
		} else {
			dst = jsontext.AppendString(dst, *b.Before, false)
		}
		dst = append(dst, `,"after":`...)
		dst = jsontext.AppendString(dst, b.After, false)
		if b.Language != "" {
			dst = append(dst, `,"language":`...)
			dst = jsontext.AppendString(dst, b.Language, false)
		}
	default: // BlockNotice
		dst = append(dst, `,"tone":`...)
		dst = jsontext.AppendString(dst, b.Tone, false)
		dst = append(dst, `,"text":`...)
		dst = jsontext.AppendString(dst, b.Text, false)
	}
	return append(dst, '}'), nil
}

func (f *Field) appendJSON(dst []byte) ([]byte, error) {
	dst = append(dst, `{"kind":`...)
	dst = jsontext.AppendString(dst, f.Kind, false)
	dst = append(dst, `,"id":`...)
	dst = jsontext.AppendString(dst, f.ID, false)
	dst = append(dst, `,"label":`...)
	dst = jsontext.AppendString(dst, f.Label, false)
	switch f.Kind {
	case FieldText:
		if f.Multiline {
			dst = append(dst, `,"multiline":true`...)
		}
		dst = appendFlag(dst, "required", f.Required)
		dst = appendCount(dst, "minLength", f.MinLength)
		dst = appendCount(dst, "maxLength", f.MaxLength)
		dst = appendText(dst, "pattern", f.Pattern)
	case FieldToggle:
	case FieldNumber:
		dst = appendFlag(dst, "required", f.Required)
		dst = appendNumber(dst, "min", f.Min)
		dst = appendNumber(dst, "max", f.Max)
		dst = appendNumber(dst, "step", f.Step)
		dst = appendText(dst, "unit", f.Unit)
		dst = appendFlag(dst, "integer", f.Integer)
	case FieldDate:
		dst = appendFlag(dst, "required", f.Required)
		dst = appendText(dst, "min", f.MinDate)
		dst = appendText(dst, "max", f.MaxDate)
	case FieldScale:
		dst = appendFlag(dst, "required", f.Required)
		dst = appendNumber(dst, "min", f.Min)
		dst = appendNumber(dst, "max", f.Max)
		dst = appendText(dst, "minLabel", f.MinLabel)
		dst = appendText(dst, "maxLabel", f.MaxLabel)
	case FieldTags:
		dst = appendFlag(dst, "required", f.Required)
		dst = appendCount(dst, "maxItems", f.MaxItems)
		if len(f.Suggestions) > 0 {
			dst = append(dst, `,"suggestions":`...)
			dst = appendStrings(dst, f.Suggestions)
		}
	default: // choice, multi-choice, order
		dst = append(dst, `,"options":[`...)
		for i, o := range f.Options {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, `{"id":`...)
			dst = jsontext.AppendString(dst, o.ID, false)
			dst = append(dst, `,"label":`...)
			dst = jsontext.AppendString(dst, o.Label, false)
			if o.Detail != "" {
				dst = append(dst, `,"detail":`...)
				dst = jsontext.AppendString(dst, o.Detail, false)
			}
			dst = append(dst, '}')
		}
		dst = append(dst, ']')
		dst = appendFlag(dst, "allowOther", f.AllowOther)
	}
	if f.Initial != nil {
		dst = append(dst, `,"initial":`...)
		var err error
		if ids, ok := f.Initial.([]string); ok && ids != nil {
			dst = appendStrings(dst, ids)
		} else if n, ok := f.Initial.(float64); ok {
			dst = append(dst, FormatNumber(n)...)
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
		return jsontext.AppendString(dst, v, false), nil
	case bool:
		if v {
			return append(dst, "true"...), nil
		}
		return append(dst, "false"...), nil
	case json.Number:
		if v == "" {
			return append(dst, '0'), nil
		}
		if jsontext.ValidNumber(string(v)) {
			return append(dst, v...), nil
		}
	}
	b, err := marshalCompact(v)
	if err != nil {
		return nil, err
	}
	return append(dst, b...), nil
}

// appendStrings appends an array of strings.
func appendStrings(dst []byte, ss []string) []byte {
	dst = append(dst, '[')
	for i, s := range ss {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = jsontext.AppendString(dst, s, false)
	}
	return append(dst, ']')
}

// appendFlag appends `,"name":true` when on; a false flag is left out.
func appendFlag(dst []byte, name string, on bool) []byte {
	if !on {
		return dst
	}
	dst = append(dst, `,"`...)
	dst = append(dst, name...)
	return append(dst, `":true`...)
}

// appendCount appends `,"name":n` when n is not 0.
func appendCount(dst []byte, name string, n int) []byte {
	if n == 0 {
		return dst
	}
	dst = append(dst, `,"`...)
	dst = append(dst, name...)
	dst = append(dst, `":`...)
	return appendInt(dst, n)
}

// appendNumber appends `,"name":v` (see FormatNumber) when v is not nil.
func appendNumber(dst []byte, name string, v *float64) []byte {
	if v == nil {
		return dst
	}
	dst = append(dst, `,"`...)
	dst = append(dst, name...)
	dst = append(dst, `":`...)
	return append(dst, FormatNumber(*v)...)
}

// appendText appends `,"name":"s"` when s is not empty.
func appendText(dst []byte, name, s string) []byte {
	if s == "" {
		return dst
	}
	dst = append(dst, `,"`...)
	dst = append(dst, name...)
	dst = append(dst, `":`...)
	return jsontext.AppendString(dst, s, false)
}

func appendInt(dst []byte, n int) []byte {
	return strconv.AppendInt(dst, int64(n), 10)
}
