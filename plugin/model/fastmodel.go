package model

import (
	"encoding/json"
	"slices"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// The fast path's readers of the model's objects: each builds its part of
// the Model from the keys object hands it and leaves the verdict on keys
// and bounds to its shape in the rules table.

// arguments reads {"model": ...}.
func (p *fastParser) arguments(m **Model) bool {
	var seen seenKeys
	ok := p.object(argumentsShape.keys, &seen, func(*key) (int, bool) {
		var ok bool
		*m, ok = p.model()
		return 0, ok
	})
	return ok && argumentsShape.accepts(&seen)
}

// model reads a TaskSurfaceModelV1 object.
func (p *fastParser) model() (*Model, bool) {
	m := &Model{Version: Version, Sections: []Section{}, Fields: []Field{}}
	var seen seenKeys
	ok := p.object(modelShape.keys, &seen, func(k *key) (int, bool) {
		switch k.name {
		case "version":
			_, ok := p.numberOf(k)
			return 0, ok
		case "title":
			return p.text(k, &m.Title)
		case "description":
			return p.text(k, &m.Description)
		case "sections":
			return readList(p, &p.stack.sections, &m.Sections, k.size.max, Section{Layout: Layout{Kind: LayoutStack}, Blocks: []Block{}}, func(s *Section, _ []Section) bool {
				return p.section(s)
			})
		case "fields":
			return readList(p, &p.stack.fields, &m.Fields, int(p.limits.MaxFields), Field{}, func(f *Field, _ []Field) bool {
				return p.field(f)
			})
		case "submit":
			return 0, p.submit(&m.Submit)
		}
		return 0, false
	})
	return m, ok && modelShape.accepts(&seen) && p.blocks <= int(p.limits.MaxBlocks)
}

// scopedID reads a section or field id into dst and adds it to their
// shared scope, where it must be new.
func (p *fastParser) scopedID(k *key, dst *string) (int, bool) {
	n, ok := p.text(k, dst)
	if !ok || slices.Contains(p.ids, *dst) {
		return 0, false
	}
	p.ids = append(p.ids, *dst)
	return n, true
}

func (p *fastParser) submit(s *Submit) bool {
	return p.texts(&submitShape, &s.Label)
}

func (p *fastParser) section(s *Section) bool {
	var seen seenKeys
	ok := p.object(sectionShape.keys, &seen, func(k *key) (int, bool) {
		switch k.name {
		case "id":
			return p.scopedID(k, &s.ID)
		case "title":
			return p.text(k, &s.Title)
		case "layout":
			return 0, p.layout(&s.Layout)
		case "blocks":
			return readList(p, &p.stack.blocks, &s.Blocks, k.size.max, Block{}, func(b *Block, _ []Block) bool {
				p.blocks++
				return p.blocks <= int(p.limits.MaxBlocks) && p.block(b)
			})
		}
		return 0, false
	})
	return ok && sectionShape.accepts(&seen)
}

func (p *fastParser) layout(l *Layout) bool {
	columns := ""
	var seen seenKeys
	ok := p.object(anyLayout.keys, &seen, func(k *key) (int, bool) {
		switch k.name {
		case "kind":
			return p.text(k, &l.Kind)
		case "columns":
			var ok bool
			columns, ok = p.numberOf(k)
			return 0, ok
		}
		return 0, false
	})
	if !ok {
		return false
	}
	if _, ok := anyLayout.accepts(l.Kind, &seen); !ok {
		return false
	}
	if columns != "" {
		l.Columns = integer(json.Number(columns))
	}
	return true
}

// block reads any kind of block: every key is read with the one type it
// has in each kind that defines it, and the arm of the kind then decides
// which keys may be present and which sizes hold.
func (p *fastParser) block(b *Block) bool {
	var rowKeys []string
	var seen seenKeys
	ok := p.object(anyBlock.keys, &seen, func(k *key) (int, bool) {
		switch k.name {
		case "kind":
			return p.text(k, &b.Kind)
		case "text":
			return p.text(k, &b.Text)
		case "items":
			return readList(p, &p.stack.metrics, &b.Items, unlimited, Metric{}, func(it *Metric, _ []Metric) bool { return p.metric(it) })
		case "columns":
			return readList(p, &p.stack.columns, &b.Columns, unlimited, Column{}, func(c *Column, _ []Column) bool { return p.column(c) })
		case "rows":
			// With the columns read first (as usual), each row key is
			// checked as it is read; otherwise tableIDs checks them.
			return p.rows(k, b, &rowKeys)
		case "path":
			return p.text(k, &b.Path)
		case "before":
			p.space()
			if p.literal("null") {
				return 0, true
			}
			b.Before = new(string)
			return p.text(k, b.Before)
		case "after":
			return p.text(k, &b.After)
		case "language":
			return p.text(k, &b.Language)
		case "tone":
			return p.text(k, &b.Tone)
		}
		return 0, false
	})
	if !ok {
		return false
	}
	if _, ok := anyBlock.accepts(b.Kind, &seen); !ok {
		return false
	}
	return b.Kind != BlockTable || tableIDs(b, rowKeys)
}

func (p *fastParser) metric(it *Metric) bool {
	return p.texts(&metricShape, &it.Label, &it.Value, &it.Detail)
}

func (p *fastParser) column(c *Column) bool {
	return p.texts(&columnShape, &c.ID, &c.Label)
}

// field reads any kind of field, like block; the arm then decides whether
// the typed keys and the initial value fit, and the typed kinds' own rules
// (checkTyped) whether they agree.
func (p *fastParser) field(f *Field) bool {
	// typed holds the values of typedKeys, by index, until the arm is
	// known; nil is absent (no key takes null).
	var typed [len(typedKeysArray)]any
	var seen seenKeys
	ok := p.object(anyField.keys, &seen, func(k *key) (int, bool) {
		switch k.name {
		case "kind":
			return p.text(k, &f.Kind)
		case "id":
			return p.scopedID(k, &f.ID)
		case "label":
			return p.text(k, &f.Label)
		case "multiline":
			return p.flag(&f.Multiline)
		case "required":
			return p.flag(&f.Required)
		case "allowOther":
			return p.flag(&f.AllowOther)
		case "integer":
			return p.flag(&f.Integer)
		case "pattern":
			return p.text(k, &f.Pattern)
		case "unit":
			return p.text(k, &f.Unit)
		case "minLabel":
			return p.text(k, &f.MinLabel)
		case "maxLabel":
			return p.text(k, &f.MaxLabel)
		case "options":
			return readList(p, &p.stack.options, &f.Options, unlimited, Option{}, func(o *Option, before []Option) bool {
				return p.option(o) && !slices.ContainsFunc(before, func(x Option) bool { return x.ID == o.ID })
			})
		case "initial":
			var n int
			var ok bool
			f.Initial, n, ok = p.value()
			return n, ok
		}
		i := slices.Index(typedKeys, k.name)
		if i < 0 {
			return 0, false
		}
		var n int
		var ok bool
		typed[i], n, ok = p.value()
		return n, ok
	})
	if !ok {
		return false
	}
	a, ok := anyField.accepts(f.Kind, &seen)
	if !ok {
		return false
	}
	for i, v := range typed {
		if v == nil {
			continue
		}
		if k, _ := a.keyOf(typedKeys[i]); !valueFits(k, v) {
			return false
		}
		f.setTyped(typedKeys[i], v)
	}
	if !settleInitial(a, f) {
		return false
	}
	fits := true
	checkTyped(f, "", func(tasksurface.Code, string, string, ...any) { fits = false })
	f.fillDefaults()
	return fits
}

// flag reads a boolean key into dst.
func (p *fastParser) flag(dst *bool) (int, bool) {
	var ok bool
	*dst, ok = p.boolean()
	return 0, ok
}

// settleInitial reports whether a field's initial value, if any, has the
// type of the arm's initial key and follows the arm's initial rule, and
// turns a number into the float64 a Field holds.
func settleInitial(a *arm, f *Field) bool {
	if f.Initial == nil {
		return true
	}
	k, _ := a.keyOf("initial")
	if !valueFits(k, f.Initial) {
		return false
	}
	var ids []string
	switch v := f.Initial.(type) {
	case json.Number:
		f.Initial, _ = numberValue(v)
		return true
	case string:
		ids = []string{v}
	case []string:
		ids = v
	}
	switch a.initial {
	case initialFree:
		return true
	case initialPermutation:
		if len(ids) != len(f.Options) {
			return false
		}
	}
	for i, id := range ids {
		if !f.hasOption(id) || slices.Contains(ids[:i], id) {
			return false
		}
	}
	return true
}

// hasOption reports whether id is one of the field's option ids.
func (f *Field) hasOption(id string) bool {
	return slices.ContainsFunc(f.Options, func(o Option) bool { return o.ID == id })
}

func (p *fastParser) option(o *Option) bool {
	return p.texts(&optionShape, &o.ID, &o.Label, &o.Detail)
}

// value reads the value of an initial or typed key of any field kind: a
// string (with its length in code points), a boolean, a number (as a
// json.Number) or an array of strings (with its length).
func (p *fastParser) value() (v any, n int, ok bool) {
	p.space()
	if p.pos >= len(p.src) {
		return nil, 0, false
	}
	switch c := p.src[p.pos]; {
	case c == '"':
		s, n, ok := p.str()
		return s, n, ok
	case c == '[':
		ids := []string{}
		n, ok := p.array(unlimited, func() bool {
			if !p.at('"') {
				return false
			}
			s, _, ok := p.str()
			ids = append(ids, s)
			return ok
		})
		return ids, n, ok
	case c == '-' || '0' <= c && c <= '9':
		lit, ok := p.number()
		return json.Number(lit), 0, ok
	}
	b, ok := p.boolean()
	return b, 0, ok
}
