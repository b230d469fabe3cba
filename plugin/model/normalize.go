package model

import (
	"bytes"
	"encoding/json"
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
	return marshalCompact(m.normalForm())
}

// normalForm is the model as the normalised encoding writes it: plain
// values that encoding/json writes in one pass (a MarshalJSON method per
// type would have every level's bytes compacted again by the level above).
func (m *Model) normalForm() any {
	type section struct {
		ID     string `json:"id"`
		Title  string `json:"title,omitempty"`
		Layout Layout `json:"layout"`
		Blocks []any  `json:"blocks"`
	}
	var sections []section
	if m.Sections != nil {
		sections = make([]section, len(m.Sections))
	}
	for i, s := range m.Sections {
		sections[i] = section{ID: s.ID, Title: s.Title, Layout: s.Layout}
		if s.Blocks != nil {
			sections[i].Blocks = make([]any, len(s.Blocks))
		}
		for j, b := range s.Blocks {
			sections[i].Blocks[j] = b.normalForm()
		}
	}
	var fields []fieldJSON
	if m.Fields != nil {
		fields = make([]fieldJSON, len(m.Fields))
	}
	for i, f := range m.Fields {
		fields[i] = f.normalForm()
	}
	return struct {
		Version     int         `json:"version"`
		Title       string      `json:"title"`
		Description string      `json:"description,omitempty"`
		Sections    []section   `json:"sections"`
		Fields      []fieldJSON `json:"fields"`
		Submit      Submit      `json:"submit"`
	}{m.Version, m.Title, m.Description, sections, fields, m.Submit}
}

// marshalCompact encodes v as compact JSON without HTML escaping and
// without a trailing newline: the normalised encoding.
func marshalCompact(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// normalForm is the block with exactly the keys of its kind, in a fixed
// order; a table without rows has "rows": [].
func (b Block) normalForm() any {
	var v any
	switch b.Kind {
	case BlockMarkdown:
		v = struct {
			Kind string `json:"kind"`
			Text string `json:"text"`
		}{b.Kind, b.Text}
	case BlockMetrics:
		v = struct {
			Kind  string   `json:"kind"`
			Items []Metric `json:"items"`
		}{b.Kind, nonNil(b.Items)}
	case BlockTable:
		v = struct {
			Kind    string           `json:"kind"`
			Columns []Column         `json:"columns"`
			Rows    []map[string]any `json:"rows"`
		}{b.Kind, nonNil(b.Columns), nonNil(b.Rows)}
	case BlockDiff:
		v = struct {
			Kind     string  `json:"kind"`
			Path     string  `json:"path,omitempty"`
			Before   *string `json:"before"`
			After    string  `json:"after"`
			Language string  `json:"language,omitempty"`
		}{b.Kind, b.Path, b.Before, b.After, b.Language}
	default: // BlockNotice
		v = struct {
			Kind string `json:"kind"`
			Tone string `json:"tone"`
			Text string `json:"text"`
		}{b.Kind, b.Tone, b.Text}
	}
	return v
}

// fieldJSON is a field as the normalised model writes it: each kind uses
// some of these keys, in this order, and leaves the others out.
type fieldJSON struct {
	Kind        string      `json:"kind"`
	ID          string      `json:"id"`
	Label       string      `json:"label"`
	Help        string      `json:"help,omitempty"`
	Multiline   bool        `json:"multiline,omitempty"`
	Required    bool        `json:"required,omitempty"`
	Rows        []Column    `json:"rows,omitempty"`
	Options     *[]Option   `json:"options,omitempty"`
	AllowOther  bool        `json:"allowOther,omitempty"`
	MinItems    int         `json:"minItems,omitempty"`
	MinLength   int         `json:"minLength,omitempty"`
	MaxLength   int         `json:"maxLength,omitempty"`
	Pattern     string      `json:"pattern,omitempty"`
	Min         any         `json:"min,omitempty"`
	Max         any         `json:"max,omitempty"`
	Step        json.Number `json:"step,omitempty"`
	Unit        string      `json:"unit,omitempty"`
	Integer     bool        `json:"integer,omitempty"`
	MinLabel    string      `json:"minLabel,omitempty"`
	MaxLabel    string      `json:"maxLabel,omitempty"`
	MaxItems    int         `json:"maxItems,omitempty"`
	Suggestions []string    `json:"suggestions,omitempty"`
	Initial     any         `json:"initial,omitempty"`
}

// normalForm is the field with exactly the keys of its kind, in a fixed
// order. Numbers are written by FormatNumber (no exponent).
func (f Field) normalForm() fieldJSON {
	v := fieldJSON{Kind: f.Kind, ID: f.ID, Label: f.Label, Help: f.Help, Required: f.Required, Initial: f.Initial}
	switch f.Kind {
	case FieldText:
		v.Multiline, v.MinLength, v.MaxLength, v.Pattern = f.Multiline, f.MinLength, f.MaxLength, f.Pattern
	case FieldToggle:
	case FieldNumber:
		v.Min, v.Max, v.Step, v.Unit, v.Integer = numberOrNil(f.Min), numberOrNil(f.Max), numberText(f.Step), f.Unit, f.Integer
	case FieldDate:
		v.Min, v.Max = textOrNil(f.MinDate), textOrNil(f.MaxDate)
	case FieldScale:
		v.Min, v.Max, v.MinLabel, v.MaxLabel = numberOrNil(f.Min), numberOrNil(f.Max), f.MinLabel, f.MaxLabel
	case FieldTags:
		v.MaxItems, v.Suggestions = f.MaxItems, f.Suggestions
	case FieldMatrix:
		options := nonNil(f.Options)
		v.Rows, v.Options = nonNil(f.Rows), &options
	default: // choice, multi-choice, order
		options := nonNil(f.Options)
		v.Options, v.AllowOther = &options, f.AllowOther
		if f.Kind == FieldMultiChoice {
			v.MinItems, v.MaxItems = f.MinItems, f.MaxItems
		}
	}
	if n, ok := f.Initial.(float64); ok {
		v.Initial = json.Number(FormatNumber(n))
	}
	return v
}

// numberText is *n written by FormatNumber, or "" for nil.
func numberText(n *float64) json.Number {
	if n == nil {
		return ""
	}
	return json.Number(FormatNumber(*n))
}

// numberOrNil is *n written by FormatNumber, or nil (left out) for nil.
func numberOrNil(n *float64) any {
	if n == nil {
		return nil
	}
	return numberText(n)
}

// textOrNil is s, or nil (left out) for "".
func textOrNil(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// nonNil is s, or an empty list for nil: the normalised model writes a
// list it holds as [], never null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
