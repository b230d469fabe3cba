package model

import (
	"encoding/json"
	"strconv"
)

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
		fld := fieldOf(obj(f))
		fld.fillDefaults()
		m.Fields = append(m.Fields, fld)
	}
	m.Submit.Label = str(obj(doc["submit"])["label"])
	return m
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
	}
	if before, ok := b["before"].(string); ok {
		blk.Before = &before
	}
	for _, it := range list(b["items"]) {
		o := obj(it)
		blk.Items = append(blk.Items, Metric{Label: str(o["label"]), Value: str(o["value"]), Detail: str(o["detail"])})
	}
	for _, c := range list(b["columns"]) {
		o := obj(c)
		blk.Columns = append(blk.Columns, Column{ID: str(o["id"]), Label: str(o["label"])})
	}
	for _, r := range list(b["rows"]) {
		blk.Rows = append(blk.Rows, obj(r))
	}
	return blk
}

// fieldOf reads a decoded field as it is written, without defaults. It
// reads defensively: the semantic checks run it on fields the schema may
// have refused, and a value of the wrong type is left out.
func fieldOf(f map[string]any) Field {
	fld := Field{
		Kind:       str(f["kind"]),
		ID:         str(f["id"]),
		Label:      str(f["label"]),
		Help:       str(f["help"]),
		Multiline:  f["multiline"] == true,
		Required:   f["required"] == true,
		AllowOther: f["allowOther"] == true,
		Pattern:    str(f["pattern"]),
		Unit:       str(f["unit"]),
		Integer:    f["integer"] == true,
		MinLabel:   str(f["minLabel"]),
		MaxLabel:   str(f["maxLabel"]),
	}
	for _, o := range list(f["options"]) {
		opt := obj(o)
		fld.Options = append(fld.Options, Option{ID: str(opt["id"]), Label: str(opt["label"]), Detail: str(opt["detail"])})
	}
	for _, r := range list(f["rows"]) {
		row := obj(r)
		fld.Rows = append(fld.Rows, Column{ID: str(row["id"]), Label: str(row["label"])})
	}
	for _, name := range typedKeys {
		if v, ok := f[name]; ok {
			fld.setTyped(name, v)
		}
	}
	switch v := f["initial"].(type) {
	case string:
		fld.Initial = v
	case bool:
		fld.Initial = v
	case json.Number:
		if n, ok := numberValue(v); ok {
			fld.Initial = n
		}
	case []any:
		ids := make([]string, 0, len(v))
		for _, x := range v {
			ids = append(ids, str(x))
		}
		fld.Initial = ids
	case map[string]any:
		answers := make(map[string]string, len(v))
		for row, x := range v {
			answers[row] = str(x)
		}
		fld.Initial = answers
	}
	return fld
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func obj(v any) map[string]any {
	o, _ := v.(map[string]any)
	return o
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

// integer reads a whole number such as 2 or 2.0; the schema has checked it.
func integer(v any) int {
	n, ok := v.(json.Number)
	if !ok {
		return 0
	}
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil {
		return 0
	}
	return int(f)
}
