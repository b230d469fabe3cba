package model

import "encoding/json"

// build converts a decoded document that passed every check into a Model.
// It fills the defaults: an absent layout becomes a stack and absent
// fields become an empty list.
func build(doc map[string]any) *Model {
	m := &Model{
		Version:     Version,
		Title:       str(doc["title"]),
		Description: str(doc["description"]),
		Sections:    []Section{},
		Fields:      []Field{},
	}
	for _, s := range list(doc["sections"]) {
		m.Sections = append(m.Sections, buildSection(obj(s)))
	}
	for _, f := range list(doc["fields"]) {
		fld, _ := fieldOf(obj(f))
		m.Fields = append(m.Fields, fld)
	}
	m.Submit.Label = str(obj(doc["submit"])["label"])
	if m.interviews() {
		m.Version = VersionInterview
	}
	return m
}

// interviews reports whether m uses a feature of VersionInterview: a
// condition, a bound that names a field, or an allocation field.
func (m *Model) interviews() bool {
	for _, f := range m.Fields {
		if f.When != nil {
			return true
		}
		if _, ok := f.Kind.(Allocation); ok {
			return true
		}
		if b, ok := f.Kind.(bounded); ok {
			if lo, hi := b.refs(); lo != "" || hi != "" {
				return true
			}
		}
	}
	return false
}

func buildSection(s map[string]any) Section {
	sec := Section{
		ID:     str(s["id"]),
		Title:  str(s["title"]),
		Layout: Layout{Kind: LayoutStack},
		Blocks: []Block{},
	}
	if l := obj(s["layout"]); l != nil {
		sec.Layout.Kind = str(l["kind"])
		sec.Layout.Columns = integer(l["columns"])
	}
	for _, b := range list(s["blocks"]) {
		sec.Blocks = append(sec.Blocks, buildBlock(obj(b)))
	}
	return sec
}

func buildBlock(b map[string]any) Block {
	blk := Block{
		Kind:     str(b["kind"]),
		Text:     str(b["text"]),
		Path:     str(b["path"]),
		After:    str(b["after"]),
		Language: str(b["language"]),
		Tone:     str(b["tone"]),
		Columns:  items(b["columns"]),
	}
	if before, ok := b["before"].(string); ok {
		blk.Before = &before
	}
	for _, it := range list(b["items"]) {
		o := obj(it)
		blk.Items = append(blk.Items, Metric{Label: str(o["label"]), Value: str(o["value"]), Detail: str(o["detail"])})
	}
	for _, r := range list(b["rows"]) {
		blk.Rows = append(blk.Rows, obj(r))
	}
	return blk
}

// fieldOf reads a decoded field as it is written, without defaults, and
// reports whether its kind is one of version 1. It reads defensively: the
// semantic checks run it on fields the schema may have refused, and a value
// of the wrong type is left out.
func fieldOf(d map[string]any) (Field, bool) {
	kind, ok := kindNamed(str(d["kind"]))
	if !ok {
		return Field{}, false
	}
	f := Field{
		Kind:     kind.read(d),
		ID:       str(d["id"]),
		Label:    str(d["label"]),
		Help:     str(d["help"]),
		When:     conditionOf(d["when"]),
		Required: d["required"] == true,
	}
	switch v := d["initial"].(type) {
	case string, bool:
		f.Initial = v
	case json.Number:
		if n, ok := numberValue(v); ok {
			f.Initial = n
		}
	case []any:
		ids := make([]string, len(v)) // a non-string item reads as "", at its index
		for i, x := range v {
			ids[i] = str(x)
		}
		f.Initial = ids
	case map[string]any:
		if _, ok := f.Kind.(Allocation); ok {
			amounts := make(map[string]float64, len(v))
			for id, x := range v {
				if n, ok := numberValue(x); ok {
					amounts[id] = n
				}
			}
			f.Initial = amounts
			break
		}
		answers := make(map[string]string, len(v))
		for row, x := range v {
			answers[row] = str(x)
		}
		f.Initial = answers
	}
	return f, true
}
