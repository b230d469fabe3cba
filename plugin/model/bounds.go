package model

import (
	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Answers bounded by answers: a number's or a date's min or max may be
// {"field": id}, the value of another field of the same kind, instead of a
// literal. The bound applies while that field is shown and answered, and not
// otherwise. A referenced bound does not move a number's step grid: the
// grid's base is a literal min, or 0.

// FieldRef is a bound written as another field's value: {"field": id}.
type FieldRef struct {
	// Field is the id of a field of the same kind.
	Field string `json:"field"`
}

// refOf reads a decoded bound {"field": id}: its id, or "".
func refOf(v any) string {
	return str(obj(v)["field"])
}

// refOrNil is a bound {"field": id} in the normalised model, or nil.
func refOrNil(id string) any {
	if id == "" {
		return nil
	}
	return FieldRef{Field: id}
}

// bounded is a kind whose min or max may name another field.
type bounded interface {
	// refs are the ids the bounds name, or "".
	refs() (min, max string)
	// below reports whether a < b, two canonical values of the kind.
	below(a, b any) bool
	// show writes a canonical value of the kind for a message.
	show(v any) string
	// words say below and above in the kind's terms: "below", "before".
	words() (below, above string)
}

// checkReferences checks every bound that names a field: the field exists,
// is another field of the same kind, and when both fields have an initial
// value, they agree with the bound.
func checkReferences(fields []any, ps *problems) {
	index := make(map[string]int, len(fields))
	for i, x := range fields {
		if id, ok := obj(x)["id"].(string); ok {
			if _, dup := index[id]; !dup {
				index[id] = i
			}
		}
	}
	for i, x := range fields {
		d := obj(x)
		f, ok := fieldOf(d)
		if !ok {
			continue
		}
		b, ok := f.Kind.(bounded)
		if !ok {
			continue
		}
		ptr := jsonpointer.Index("/fields", i)
		minRef, maxRef := b.refs()
		for _, r := range []struct{ key, id string }{{"min", minRef}, {"max", maxRef}} {
			at := jsonpointer.Append(jsonpointer.Append(ptr, r.key), "field")
			if r.id == "" || ps.Has(at) || ps.Has(jsonpointer.Append(ptr, r.key)) {
				continue
			}
			j, found := index[r.id]
			switch {
			case !found:
				ps.Add(tasksurface.CodeInvalidValue, at, "%s is not a field id of this surface; name another %s field%s, or write %s as a literal.", quote(r.id), f.Kind.Name(), sameKind(fields, i, f.Kind.Name()), r.key)
				continue
			case j == i:
				ps.Add(tasksurface.CodeInvalidValue, at, "a field cannot bound itself; name another %s field%s, or write %s as a literal.", f.Kind.Name(), sameKind(fields, i, f.Kind.Name()), r.key)
				continue
			}
			g, ok := fieldOf(obj(fields[j]))
			if !ok {
				continue
			}
			if g.Kind.Name() != f.Kind.Name() {
				ps.Add(tasksurface.CodeInvalidValue, at, "field %s is %s; a %s's %s names another %s field%s.", quote(r.id), aKind(g.Kind.Name()), f.Kind.Name(), r.key, f.Kind.Name(), sameKind(fields, i, f.Kind.Name()))
				continue
			}
			mine, theirs := canonicalInitial(f), canonicalInitial(g)
			if mine == nil || theirs == nil || ps.Has(jsonpointer.Append(ptr, "initial")) {
				continue
			}
			if r.key == "min" && b.below(mine, theirs) || r.key == "max" && b.below(theirs, mine) {
				ps.Add(tasksurface.CodeInvalidInitial, jsonpointer.Append(ptr, "initial"), "initial %s is %s %s, the initial value of field %s that %s names; change one of them or omit initial.", b.show(mine), beyond(b, r.key), b.show(theirs), quote(r.id), r.key)
			}
		}
	}
}

// canonicalInitial is f's initial value as a number or a date, or nil.
func canonicalInitial(f Field) any {
	switch v := f.Initial.(type) {
	case float64, string:
		return v
	}
	return nil
}

// beyond words a value outside the bound named by key.
func beyond(b bounded, key string) string {
	lo, hi := b.words()
	if key == "min" {
		return lo
	}
	return hi
}

// sameKind names the other fields of kind a bound may name: ", such as
// "a", "b"", or "".
func sameKind(fields []any, i int, kind string) string {
	var ids []string
	for j, x := range fields {
		d := obj(x)
		if id, ok := d["id"].(string); ok && j != i && d["kind"] == kind {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return " (this surface has no other)"
	}
	return ": " + problem.Names(ids)
}

// CheckBounds checks the values of shown number and date fields against the
// bounds other fields' values set: a bound applies while the field it names
// is shown and answered. values are canonical (Field.Value's forms), shown is
// Shown's answer, and each problem is at the pointer of the bounded field's
// value, "/id", naming the other field and its value.
func (m *Model) CheckBounds(values map[string]any, shown map[string]bool, ps *problem.List) {
	byID := make(map[string]*Field, len(m.Fields))
	for i := range m.Fields {
		byID[m.Fields[i].ID] = &m.Fields[i]
	}
	for i := range m.Fields {
		f := &m.Fields[i]
		b, ok := f.Kind.(bounded)
		v := values[f.ID]
		if !ok || !shown[f.ID] || v == nil {
			continue
		}
		minRef, maxRef := b.refs()
		for _, r := range []struct{ key, id string }{{"min", minRef}, {"max", maxRef}} {
			g := byID[r.id]
			if r.id == "" || g == nil || !shown[g.ID] || values[g.ID] == nil {
				continue
			}
			w := values[g.ID]
			// The rule of a literal bound, with the field that sets it.
			low, high := tasksurface.RuleBelowMin, tasksurface.RuleAboveMax
			if _, isDate := f.Kind.(Date); isDate {
				low, high = tasksurface.RuleBeforeMin, tasksurface.RuleAfterMax
			}
			params := map[tasksurface.Param]string{tasksurface.ParamValue: b.show(v), tasksurface.ParamField: problem.Abbreviate(g.Label, 40)}
			check := valueCheck{ptr: jsonpointer.Append("", f.ID), ps: ps}
			if r.key == "min" && b.below(v, w) {
				params[tasksurface.ParamMin] = b.show(w)
				check.broke(tasksurface.CodeInvalidValue, low, params)
				break
			}
			if r.key == "max" && b.below(w, v) {
				params[tasksurface.ParamMax] = b.show(w)
				check.broke(tasksurface.CodeInvalidValue, high, params)
				break
			}
		}
	}
}
