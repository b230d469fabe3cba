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
	var fields []any
	if m.Fields != nil {
		fields = make([]any, len(m.Fields))
	}
	for i := range m.Fields {
		fields[i] = m.Fields[i].Kind.normalForm(&m.Fields[i])
	}
	return struct {
		Version     int       `json:"version"`
		Title       string    `json:"title"`
		Description string    `json:"description,omitempty"`
		Sections    []section `json:"sections"`
		Fields      []any     `json:"fields"`
		Submit      Submit    `json:"submit"`
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
