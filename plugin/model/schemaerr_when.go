package model

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
)

// The words of schema problems about conditions (when), bounds that name a
// field ({"field": id}) and an allocation's amounts: each says the model's
// form of what the author meant, with the ids of the model it is in, so the retry keeps the
// author's intent instead of dropping a condition or a bound.

// amountHint advises an amount written on an allocation's option (ptr is
// the option, key the amount's key): the amounts are the field's initial,
// said with the amounts of every option that has one; "" for another key.
func (m *mapper) amountHint(ptr, key string) string {
	if !slices.Contains([]string{"initial", "amount", "value", "default"}, key) || jsonpointer.Last(jsonpointer.Parent(ptr)) != "options" {
		return ""
	}
	field, _ := jsonpointer.Resolve(m.root, jsonpointer.Parent(jsonpointer.Parent(argumentsRoot+ptr)))
	if str(obj(field)["kind"]) != "allocation" {
		return ""
	}
	opts, _ := obj(field)["options"].([]any)
	var amounts []string
	for _, o := range opts {
		if n, ok := obj(o)[key].(json.Number); ok && str(obj(o)["id"]) != "" {
			amounts = append(amounts, jsonQuote(str(obj(o)["id"]))+": "+string(n))
		}
	}
	h := "; an allocation's starting amounts are the field's \"initial\", an object of option id to amount"
	if len(amounts) == 0 {
		return h
	}
	return h + ": \"initial\": {" + strings.Join(amounts, ", ") + "}"
}

// negations are the keys of a negated condition ("not": ["sqlite"]); a
// condition lists the values that show the field, so the fix is the other
// values.
var negations = []string{"not", "notIn", "not_in", "ne", "neq", "notEquals", "not_equals", "isNot", "is_not", "except"}

// boundDefs are the schema's definitions of a min or max that may name a
// field, and the literal each takes otherwise.
var boundDefs = map[string]string{
	"/$defs/nb": "a number",
	"/$defs/db": `a date "YYYY-MM-DD"`,
}

// boundAt is the literal a min or max at ptr takes besides {"field": id},
// from the schema fragment of a failing keyword, or "" for another value.
func boundAt(frag, ptr string) string {
	last := jsonpointer.Last(ptr)
	if last != "min" && last != "max" {
		return ""
	}
	return boundDefs[jsonpointer.Parent(frag)]
}

// datePattern is a date written as the model writes one.
var datePattern = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`)

// fieldNamed is the field of the model with the given id, or nil.
func (m *mapper) fieldNamed(id string) map[string]any {
	if id == "" {
		return nil
	}
	fields, _ := obj(obj(m.root)["model"])["fields"].([]any)
	for _, f := range fields {
		if o := obj(f); o != nil && o["id"] == id {
			return o
		}
	}
	return nil
}

// boundField is the field whose answer a bound at ptr written as the string
// s means: another field of the same kind with the id s, or nil.
func (m *mapper) boundField(s, ptr string) map[string]any {
	self, _ := jsonpointer.Resolve(m.root, jsonpointer.Parent(argumentsRoot+ptr))
	f := m.fieldNamed(s)
	if f == nil || str(f["kind"]) != str(obj(self)["kind"]) || f["id"] == obj(self)["id"] {
		return nil
	}
	return f
}

// fieldIndex is the index of the field with the given id, or -1.
func (m *mapper) fieldIndex(id string) int {
	fields, _ := obj(obj(m.root)["model"])["fields"].([]any)
	return slices.IndexFunc(fields, func(f any) bool { o := obj(f); return o != nil && id != "" && o["id"] == id })
}

// boundHint advises a min or max written as a string where a number or
// {"field": id} goes: the id of another field of its kind is {"field": id},
// a date belongs to a date field, a number is written without quotes.
func (m *mapper) boundHint(inst any, frag, ptr string) string {
	s, isString := inst.(string)
	switch {
	case isString && m.boundField(s, ptr) != nil:
		return "; to bound it by the answer of field " + jsonQuote(s) + " write {\"field\": " + jsonQuote(s) + "}"
	case isString && datePattern.MatchString(s) && strings.HasPrefix(frag, "/$defs/nb/"):
		return "; " + jsonQuote(s) + " is a date, and a date bound belongs to a field of kind \"date\""
	}
	return typeHint(inst)
}

// whenHint says the condition a key of another vocabulary (visible_if)
// means, in the model's words: the condition itself when its value is an
// expression such as "runtime == 'Bun'" (option labels read as their ids),
// else the condition's form.
func (m *mapper) whenHint(v any) string {
	if s, ok := v.(string); ok {
		if field, values, ok := parseCondition(s); ok {
			return "; write \"when\": " + conditionJSON(field, m.optionValues(field, values))
		}
	}
	return ", {\"field\": <id of an earlier choice, multi-choice or toggle>, \"is\": [<its option ids, or true or false>]}"
}

// isHint says a condition's values as the array "is" wants, from the value
// of a key of another vocabulary ("equals": "postgres").
func isHint(v any) string {
	var vals []any
	switch v := v.(type) {
	case string, bool:
		vals = []any{v}
	case []any:
		vals = v
	default:
		return ", an array of the values that show this field"
	}
	return ", an array of the values that show this field: \"is\": " + valuesJSON(vals)
}

// negationHint advises a negated condition: the values that show the field
// are the named field's others (for a choice or a toggle, said in full).
func (m *mapper) negationHint(o map[string]any, key string) string {
	const h = "; a condition has no negation: list in \"is\" the values that show this field instead"
	var not []any
	switch v := o[key].(type) {
	case string, bool:
		not = []any{v}
	case []any:
		not = v
	}
	f := m.fieldNamed(str(o["field"]))
	var rest []any
	switch str(f["kind"]) {
	case "toggle":
		for _, b := range []bool{true, false} {
			if !slices.Contains(not, any(b)) && !slices.Contains(not, any(strconv.FormatBool(b))) {
				rest = append(rest, b)
			}
		}
	case "choice":
		for _, opt := range rawOptionIDs(f) {
			if !slices.Contains(not, any(opt)) {
				rest = append(rest, opt)
			}
		}
	}
	if len(rest) == 0 || len(not) == 0 {
		return h + " (the other option ids, or the other of true and false)"
	}
	return h + ", here \"is\": " + valuesJSON(rest)
}

// chainHint advises a list of conditions: one field has one condition, and
// two hold together when the one on the earlier field is put on the later
// field, since a field shows only while the field its condition names is
// shown.
func (m *mapper) chainHint(conds []any) string {
	const why = "a field shows only while the field its condition names is shown"
	if len(conds) == 2 {
		a, b := obj(conds[0]), obj(conds[1])
		if ia, ib := m.fieldIndex(str(a["field"])), m.fieldIndex(str(b["field"])); ia >= 0 && ib >= 0 && ia != ib {
			if ia > ib {
				a, b = b, a
			}
			is, _ := a["is"].([]any)
			if len(is) > 0 {
				return "to need both, keep here the one on " + jsonQuote(str(b["field"])) + " and give field " + jsonQuote(str(b["field"])) + " \"when\": " + conditionJSON(str(a["field"]), is) + ": " + why
			}
		}
	}
	return "to need several, keep here the one that names the latest field and put the others on that field the same way: " + why
}

// rawOptionIDs are the ids of a field's options, as the document has them.
func rawOptionIDs(f map[string]any) []string {
	opts, _ := f["options"].([]any)
	var ids []string
	for _, o := range opts {
		if id := str(obj(o)["id"]); id != "" {
			ids = append(ids, id)
		}
	}
	return ids
}

// optionValues reads a condition's values against the field it names: an
// option's label is its id, "true" and "false" of a toggle are booleans.
func (m *mapper) optionValues(field string, values []any) []any {
	f := m.fieldNamed(field)
	opts, _ := f["options"].([]any)
	out := make([]any, len(values))
	for i, v := range values {
		out[i] = v
		s, isString := v.(string)
		switch {
		case !isString:
		case str(f["kind"]) == "toggle" && (s == "true" || s == "false"):
			out[i] = s == "true"
		default:
			for _, o := range opts {
				if o := obj(o); o != nil && str(o["id"]) != s && strings.EqualFold(str(o["label"]), s) {
					out[i] = str(o["id"])
				}
			}
		}
	}
	return out
}

var (
	conditionTerm = regexp.MustCompile(`^\s*(!?)\s*([A-Za-z0-9][A-Za-z0-9_.:-]*)\s*(?:(===?|=|\bin\b)\s*(.+?))?\s*$`)
	conditionLit  = regexp.MustCompile(`^\s*(?:'([^']*)'|"([^"]*)"|(true|false))\s*$`)
)

// parseCondition reads an expression of the kind form libraries write,
// "db == 'postgres'", "db == 'a' || db == 'b'", "db in ['a', 'b']",
// "canary" or "!canary", as the field it names and the values that show;
// ok is false for any other expression.
func parseCondition(s string) (field string, values []any, ok bool) {
	terms := regexp.MustCompile(`\|\||\bor\b`).Split(s, -1)
	for _, t := range terms {
		m := conditionTerm.FindStringSubmatch(t)
		if m == nil || (field != "" && m[2] != field) {
			return "", nil, false
		}
		field = m[2]
		switch {
		case m[3] == "" && m[1] == "":
			values = append(values, true)
		case m[3] == "" && m[1] == "!":
			values = append(values, false)
		case m[1] == "!":
			return "", nil, false
		case m[3] == "in":
			list := strings.TrimSpace(m[4])
			if len(list) < 2 || !strings.ContainsAny(list[:1], "[(") || !strings.ContainsAny(list[len(list)-1:], "])") {
				return "", nil, false
			}
			for _, l := range strings.Split(list[1:len(list)-1], ",") {
				v, ok := conditionLiteral(l)
				if !ok {
					return "", nil, false
				}
				values = append(values, v)
			}
		default:
			v, ok := conditionLiteral(m[4])
			if !ok {
				return "", nil, false
			}
			values = append(values, v)
		}
	}
	return field, values, field != "" && len(values) > 0
}

// conditionLiteral is a quoted string or true or false.
func conditionLiteral(s string) (any, bool) {
	m := conditionLit.FindStringSubmatch(s)
	switch {
	case m == nil:
		return nil, false
	case m[3] != "":
		return m[3] == "true", true
	case m[2] != "":
		return m[2], true
	}
	return m[1], true
}

// conditionJSON writes a condition as the model writes one.
func conditionJSON(field string, values []any) string {
	return "{\"field\": " + jsonQuote(field) + ", \"is\": " + valuesJSON(values) + "}"
}

// valuesJSON writes a list of condition values: ["a", "b"] or [true].
func valuesJSON(values []any) string {
	parts := make([]string, len(values))
	for i, v := range values {
		b, _ := json.Marshal(v)
		parts[i] = string(b)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// jsonQuote writes a string as JSON does.
func jsonQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
