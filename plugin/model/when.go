package model

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Condition makes a field conditional (its "when"): the field is shown only
// while the field named by Field is shown and its value matches Is. It is
// data, never an expression: a choice's option id is one of Is (the user's
// own answer never is), a multi-choice's selection holds any of Is, a
// toggle's value is one of Is.
type Condition struct {
	// Field is the id of an earlier choice, multi-choice or toggle.
	Field string `json:"field"`
	// Is holds option ids (choice, multi-choice) or booleans (toggle).
	Is []any `json:"is"`
}

// MaxConditionDepth bounds a chain of conditions: a field whose condition
// names a field with a condition of its own, and so on, at most this many
// conditions in a row.
const MaxConditionDepth = 3

// conditionOf reads a decoded "when", or nil.
func conditionOf(v any) *Condition {
	o, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	c := &Condition{Field: str(o["field"])}
	for _, x := range list(o["is"]) {
		switch x.(type) {
		case string, bool:
			c.Is = append(c.Is, x)
		}
	}
	return c
}

// conditional reports whether a field's kind can be named by a condition.
func conditional(k Kind) bool {
	switch k.(type) {
	case Choice, MultiChoice, Toggle:
		return true
	}
	return false
}

// Shown decides which fields of m are shown for values, the canonical
// values of a submission or a draft (Field.Value's forms), keyed by field
// id; a field that values leaves out takes its default (Field.Default). A
// field is shown when it has no condition, or when the field its condition
// names is shown and its value matches. It is the one rule of visibility:
// the submission refuses a value of a hidden field and leaves hidden fields
// out of the message; the browser holds its twin to the vectors in
// tests/conformance/conditions.
func (m *Model) Shown(values map[string]any) map[string]bool {
	shown := make(map[string]bool, len(m.Fields))
	index := make(map[string]int, len(m.Fields))
	for i := range m.Fields {
		f := &m.Fields[i]
		index[f.ID] = i
		if f.When == nil {
			shown[f.ID] = true
			continue
		}
		j, ok := index[f.When.Field]
		if !ok || !shown[f.When.Field] {
			continue
		}
		g := &m.Fields[j]
		v, present := values[g.ID]
		if !present {
			v = g.Default()
		}
		shown[f.ID] = f.When.matches(v)
	}
	return shown
}

// matches reports whether v, the canonical value of the field c names,
// meets c.
func (c *Condition) matches(v any) bool {
	switch v := v.(type) {
	case string, bool: // an option id of a choice, a toggle
		return slices.Contains(c.Is, any(v))
	case []string: // a multi-choice
		return slices.ContainsFunc(v, func(id string) bool { return slices.Contains(c.Is, any(id)) })
	case []any: // a multi-choice ending in the user's own answer
		return slices.ContainsFunc(v, func(x any) bool {
			id, ok := x.(string)
			return ok && slices.Contains(c.Is, any(id))
		})
	}
	return false // no answer, or the user's own (Other)
}

// checkConditions checks every field's "when" against the fields as
// decoded: the field it names exists, comes earlier, is a choice,
// multi-choice or toggle; is holds option ids of that field or booleans; and
// a chain of conditions is at most MaxConditionDepth long.
func checkConditions(fields []any, ps *problems) {
	index := make(map[string]int, len(fields))
	depth := make([]int, len(fields))
	for i, x := range fields {
		d := obj(x)
		if id, ok := d["id"].(string); ok {
			if _, dup := index[id]; !dup {
				index[id] = i
			}
		}
	}
	for i, x := range fields {
		d := obj(x)
		when, ok := d["when"].(map[string]any)
		if !ok {
			continue
		}
		ptr := jsonpointer.Append(jsonpointer.Index("/fields", i), "when")
		name, ok := when["field"].(string)
		if !ok || ps.Has(jsonpointer.Append(ptr, "field")) {
			continue
		}
		fptr := jsonpointer.Append(ptr, "field")
		j, found := index[name]
		switch {
		case !found:
			ps.Add(tasksurface.CodeInvalidValue, fptr, "%s is not a field id of this surface; name an earlier choice, multi-choice or toggle%s.", quote(name), candidates(fields, i))
			continue
		case j == i:
			ps.Add(tasksurface.CodeInvalidValue, fptr, "a field cannot depend on itself; name an earlier choice, multi-choice or toggle%s, or remove when.", candidates(fields, i))
			continue
		case j > i:
			ps.Add(tasksurface.CodeInvalidValue, fptr, "field %s comes later (/fields/%d); a condition names an earlier field, so move this field after it.", quote(name), j)
			continue
		}
		target := obj(fields[j])
		kind, known := kindNamed(str(target["kind"]))
		if !known {
			continue
		}
		if !conditional(kind) {
			ps.Add(tasksurface.CodeInvalidValue, fptr, "field %s is %s; a condition names a choice, multi-choice or toggle%s.", quote(name), aKind(kind.Name()), candidates(fields, i))
			continue
		}
		if depth[j] >= MaxConditionDepth {
			ps.Add(tasksurface.CodeInvalidValue, ptr, "this condition chain is %d levels deep (%s); at most %d fields in a row may depend on each other, so name a field nearer the start of the chain.", depth[j]+1, chainOf(fields, index, i), MaxConditionDepth)
			continue
		}
		depth[i] = depth[j] + 1
		checkIs(kind.read(target), name, when["is"], jsonpointer.Append(ptr, "is"), ps)
	}
}

// checkIs checks the values of a condition on the field named, of kind k.
func checkIs(k Kind, name string, is any, ptr string, ps *problems) {
	items, ok := is.([]any)
	if !ok || ps.Has(ptr) {
		return
	}
	var ids []string
	switch k := k.(type) {
	case Choice:
		ids = optionIDs(k.Options)
	case MultiChoice:
		ids = optionIDs(k.Options)
	}
	for n, x := range items {
		at := jsonpointer.Index(ptr, n)
		if ps.Has(at) {
			continue
		}
		if _, toggle := k.(Toggle); toggle {
			if _, isBool := x.(bool); !isBool {
				ps.Add(tasksurface.CodeInvalidValue, at, "field %s is a toggle; its condition's values are true or false, not %s.", quote(name), shortJSON(x))
			}
			continue
		}
		if s, isStr := x.(string); !isStr || !slices.Contains(ids, s) {
			ps.Add(tasksurface.CodeInvalidValue, at, "%s is not an option id of field %s; use only %s.", shortJSON(x), quote(name), problem.Names(ids))
		}
	}
}

// candidates names the fields a condition of field i may name: ", such as
// "a" or "b"", or ": there is none before it".
func candidates(fields []any, i int) string {
	var ids []string
	for _, x := range fields[:i] {
		d := obj(x)
		if k, ok := kindNamed(str(d["kind"])); ok && conditional(k) {
			if id, ok := d["id"].(string); ok {
				ids = append(ids, id)
			}
		}
	}
	if len(ids) == 0 {
		return " (there is none before this field)"
	}
	return ": " + problem.Names(ids)
}

// chainOf writes the chain of conditions that ends at field i: "d → c → b → a".
func chainOf(fields []any, index map[string]int, i int) string {
	var ids []string
	for steps := 0; steps <= MaxConditionDepth+1; steps++ {
		d := obj(fields[i])
		ids = append(ids, str(d["id"]))
		name := str(obj(d["when"])["field"])
		j, ok := index[name]
		if !ok || j >= i {
			break
		}
		i = j
	}
	return strings.Join(ids, " → ")
}

// Field returns the field of m with the id, or nil.
func (m *Model) Field(id string) *Field {
	for i := range m.Fields {
		if m.Fields[i].ID == id {
			return &m.Fields[i]
		}
	}
	return nil
}

// HiddenReason words why f, a field with a condition, may be hidden, for a
// message: "it shows only while "Deploy" is shown and is (or holds)
// "canary"".
func (m *Model) HiddenReason(f *Field) string {
	if f.When == nil {
		return "it has no condition"
	}
	label := f.When.Field
	if g := m.Field(f.When.Field); g != nil {
		label = g.Label
	}
	vals := make([]string, len(f.When.Is))
	for i, x := range f.When.Is {
		vals[i] = fmt.Sprint(x)
	}
	return fmt.Sprintf("it shows only while %s is shown and is (or holds) %s", quote(label), problem.Names(vals))
}

// aKind is a kind's name with its article, "a choice" or "an allocation".
func aKind(name string) string {
	if strings.ContainsRune("aeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}
