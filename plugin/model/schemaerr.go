package model

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/plugin/internal/strictjson"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// argumentsRoot is the pointer of the model inside the tool arguments; the
// schema validates {"model": ...} and problems are reported relative to the
// model.
const argumentsRoot = "/model"

// validateSchema checks model against the parameter schema and records one
// readable problem per failing leaf.
func validateSchema(cs *compiledSchema, model any, ps *problems) error {
	err := cs.schema.Validate(map[string]any{"model": model})
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return fmt.Errorf("model: validating against the parameter schema: %w", err)
	}
	m := mapper{cs: cs, root: map[string]any{"model": model}, ps: ps}
	m.walk(ve)
	return nil
}

// mapper turns a jsonschema error tree into problems.
type mapper struct {
	cs   *compiledSchema
	root any
	ps   *problems
}

// schemaAt returns the schema document node at a fragment pointer.
func (m *mapper) schemaAt(frag string) any {
	v, _ := jsonpointer.Resolve(m.cs.doc, frag)
	return v
}

// instancePointer converts a jsonschema instance location into an RFC 6901
// JSON Pointer: jsonschema percent-encodes each reference token after
// escaping "~" and "/", so a key like "a b" arrives as "a%20b".
func instancePointer(loc string) string {
	if !strings.Contains(loc, "%") {
		return loc
	}
	toks := strings.Split(loc, "/")
	for i, t := range toks {
		if u, err := url.PathUnescape(t); err == nil {
			toks[i] = u
		}
	}
	return strings.Join(toks, "/")
}

func (m *mapper) walk(ve *jsonschema.ValidationError) {
	if len(ve.Causes) > 0 {
		for _, c := range ve.Causes {
			m.walk(c)
		}
		return
	}
	_, frag, _ := strings.Cut(ve.AbsoluteKeywordLocation, "#") // the schema pointer
	// A union's own keyword fails for a value that selects none of its
	// arms; a failure inside an arm is not the union's own.
	if base, ok := strings.CutSuffix(frag, "/"+kindOfKeyword); ok {
		if u, found := m.cs.unions[base]; found {
			m.unionLeaf(ve, u, base)
			return
		}
	}
	m.leaf(ve, frag)
}

// unionLeaf reports a value that selects no arm of a union: not an object,
// no kind, a kind that is not a string, or an unknown kind.
func (m *mapper) unionLeaf(ve *jsonschema.ValidationError, u schemaUnion, base string) {
	allowed := strings.Join(u.kinds, ", ")
	loc := instancePointer(ve.InstanceLocation)
	inst, _ := jsonpointer.Resolve(m.root, loc)
	ptr := strings.TrimPrefix(loc, argumentsRoot)
	obj, isObj := inst.(map[string]any)
	if !isObj {
		if u.noun == "layout" {
			m.ps.Add(tasksurface.CodeWrongType, ptr, "a layout must be an object, {\"kind\": \"stack\"} or {\"kind\": \"grid\", \"columns\": 2} (or 3), not %s.", strictjson.TypeName(inst))
			return
		}
		m.ps.Add(tasksurface.CodeWrongType, ptr, "a %s must be an object with a \"kind\" (%s), not %s.", u.noun, allowed, strictjson.TypeName(inst))
		return
	}
	kindPtr := jsonpointer.Append(ptr, "kind")
	kind, present := obj["kind"]
	if !present {
		m.ps.Add(tasksurface.CodeMissing, kindPtr, "add the %s's \"kind\": one of %s%s.", u.noun, allowed, kindGuess(obj, u))
		m.strayKeys(obj, ptr, u, base)
		return
	}
	name, isString := kind.(string)
	if !isString {
		m.ps.Add(tasksurface.CodeWrongType, kindPtr, "a %s's \"kind\" must be a string, one of %s, not %s.", u.noun, allowed, strictjson.TypeName(kind))
		return
	}
	if where := m.otherUnion(u, name); where != "" {
		m.ps.Add(tasksurface.CodeUnknownKind, kindPtr, "%q is not a %s kind: %s; a %s's kind is one of %s.", problem.Abbreviate(name, 40), u.noun, where, u.noun, allowed)
		return
	}
	m.ps.Add(tasksurface.CodeUnknownKind, kindPtr, "%q is not a %s kind of version 1; use one of %s.", problem.Abbreviate(name, 40), u.noun, allowed)
}

// placeOf says where the objects of a union belong, for a kind placed
// among another union's objects.
var placeOf = map[string]string{
	"field": "fields go in the model's \"fields\" array (/fields), not among a section's blocks",
	"block": "blocks go in a section's \"blocks\" (/sections/0/blocks), not among the fields",
}

// otherUnion says where name belongs when it is a kind of another union
// than u (a field kind among blocks: "it is a field kind; fields go in
// ..."), or "".
func (m *mapper) otherUnion(u schemaUnion, name string) string {
	for _, o := range m.cs.unions {
		if o.noun != u.noun && slices.Contains(o.kinds, name) && placeOf[o.noun] != "" {
			return "it is a " + o.noun + " kind, and " + placeOf[o.noun]
		}
	}
	return ""
}

// strayKeys reports the keys of an object without a kind that no arm of
// its union has, in the same answer as the missing kind, each with the
// model's word for it when it has one (keyHint).
func (m *mapper) strayKeys(o map[string]any, ptr string, u schemaUnion, base string) {
	arms, _ := m.schemaAt(jsonpointer.Append(base, kindOfKeyword)).([]any)
	known := make(map[string]any)
	for _, a := range arms {
		props, _ := obj(a)["properties"].(map[string]any)
		for k, v := range props {
			known[k] = v
		}
	}
	for _, r := range commonRequired(arms) {
		if _, ok := o[r]; !ok && r != "kind" && !renamed(o, r, known) {
			m.ps.Add(tasksurface.CodeMissing, jsonpointer.Append(ptr, r), "add the required key %q; every %s has it.", r, u.noun)
		}
	}
	for key := range o {
		if _, ok := known[key]; !ok {
			m.ps.Add(tasksurface.CodeUnknownKey, jsonpointer.Append(ptr, key), "remove the unknown key %q; no %s kind has it%s.", problem.Abbreviate(key, 40), u.noun, m.keyHint(o, key, known))
		}
	}
}

func (m *mapper) leaf(ve *jsonschema.ValidationError, frag string) {
	loc := instancePointer(ve.InstanceLocation)
	ptr := strings.TrimPrefix(loc, argumentsRoot)
	inst, _ := jsonpointer.Resolve(m.root, loc)
	kwValue := m.schemaAt(frag)
	subject := subjectOf(ptr)
	switch jsonpointer.Last(frag) {
	case "required":
		obj, _ := inst.(map[string]any)
		props, _ := m.schemaAt(jsonpointer.Append(jsonpointer.Parent(frag), "properties")).(map[string]any)
		names, _ := kwValue.([]any)
		for _, n := range names {
			name, _ := n.(string)
			if _, ok := obj[name]; ok || renamed(obj, name, props) {
				continue // a key of another vocabulary for it is told its name
			}
			m.ps.Add(tasksurface.CodeMissing, jsonpointer.Append(ptr, name), "add the required key %q%s.", name, m.hint(props[name]))
		}
	case "additionalProperties":
		obj, _ := inst.(map[string]any)
		props, _ := m.schemaAt(jsonpointer.Append(jsonpointer.Parent(frag), "properties")).(map[string]any)
		allowed := sortedKeys(props)
		for key := range obj {
			if _, ok := props[key]; ok {
				continue
			}
			hint := m.amountHint(ptr, key)
			if hint == "" {
				hint = m.keyHint(obj, key, props)
			}
			m.ps.Add(tasksurface.CodeUnknownKey, jsonpointer.Append(ptr, key), "remove the unknown key %q; the keys allowed here are %s%s.", problem.Abbreviate(key, 40), strings.Join(allowed, ", "), hint)
		}
	case "type":
		want := typeNames(kwValue)
		if n, isNum := inst.(json.Number); isNum && kwValue == "integer" {
			m.ps.Add(tasksurface.CodeInvalidValue, ptr, "%s must be a whole number, not %s.", subject, n)
			return
		}
		if req, _ := m.schemaAt(jsonpointer.Append(jsonpointer.Parent(frag), "required")).([]any); kwValue == "object" && len(req) > 0 {
			want += " with the keys " + enumList(req)
		}
		if bound := boundAt(frag, ptr); bound != "" {
			m.ps.Add(tasksurface.CodeWrongType, ptr, "%s must be %s or {\"field\": id}, not %s%s.", subject, bound, strictjson.TypeName(inst), m.boundHint(inst, frag, ptr))
			return
		}
		if jsonpointer.Last(ptr) == "when" {
			if a, ok := inst.([]any); ok && len(a) > 1 {
				m.ps.Add(tasksurface.CodeWrongType, ptr, "%s must be one object {\"field\": id, \"is\": [...]}, not an array; %s.", subject, m.chainHint(a))
				return
			}
		}
		m.ps.Add(tasksurface.CodeWrongType, ptr, "%s must be %s, not %s%s.", subject, want, strictjson.TypeName(inst), typeHint(inst))
	case "const":
		want, _ := json.Marshal(kwValue)
		if ptr == "/version" {
			if _, isNum := inst.(json.Number); isNum {
				m.ps.Add(tasksurface.CodeUnsupportedVersion, ptr, "version %s is not supported; this tool takes version 1.", inst)
			} else {
				m.ps.Add(tasksurface.CodeWrongType, ptr, "version must be the number 1, not %s.", strictjson.TypeName(inst))
			}
			return
		}
		m.ps.Add(tasksurface.CodeInvalidValue, ptr, "%s must be %s.", subject, want)
	case "enum":
		if !sameTypeAsAny(inst, kwValue) {
			m.ps.Add(tasksurface.CodeWrongType, ptr, "%s must be one of %s, not %s%s.", subject, enumList(kwValue), strictjson.TypeName(inst), typeHint(inst))
			return
		}
		m.ps.Add(tasksurface.CodeInvalidValue, ptr, "%s must be one of %s, not %s.", subject, enumList(kwValue), shortJSON(inst))
	case "pattern":
		s, _ := inst.(string)
		if frag == idPattern {
			m.ps.Add(tasksurface.CodeInvalidValue, ptr, "%q is not a valid id: start with a letter or digit and use only ASCII letters and digits (A–Z, a–z, 0–9), \"_\", \".\", \":\" and \"-\", at most %d characters (no spaces).", problem.Abbreviate(s, 40), maxIDLength)
			return
		}
		if boundAt(frag, ptr) != "" && m.boundField(s, ptr) != nil {
			m.ps.Add(tasksurface.CodeInvalidValue, ptr, "%s is %q, the id of a field; to bound it by that field's answer write {\"field\": %q}, or write a date such as \"2026-12-01\".", subject, s, s)
			return
		}
		example := ""
		if ex, _ := m.schemaAt(jsonpointer.Append(jsonpointer.Parent(frag), "examples")).([]any); len(ex) > 0 {
			example = ", such as " + shortJSON(ex[0])
		}
		m.ps.Add(tasksurface.CodeInvalidValue, ptr, "%s is %q; write it to match %s%s.", subject, problem.Abbreviate(s, 40), kwValue, example)
	case "maxLength":
		s, _ := inst.(string)
		m.ps.Add(tasksurface.CodeTooLong, ptr, "%s has %d characters; shorten it to at most %s.", subject, utf8.RuneCountInString(s), shortJSON(kwValue))
	case "minLength":
		m.ps.Add(tasksurface.CodeEmpty, ptr, "%s must not be empty.", subject)
	case "minimum":
		m.ps.Add(tasksurface.CodeInvalidValue, ptr, "%s is %s; it must be at least %s.", subject, shortJSON(inst), shortJSON(kwValue))
	case "exclusiveMinimum":
		m.ps.Add(tasksurface.CodeInvalidValue, ptr, "%s is %s; it must be more than %s.", subject, shortJSON(inst), shortJSON(kwValue))
	case "maximum":
		m.ps.Add(tasksurface.CodeInvalidValue, ptr, "%s is %s; it must be at most %s.", subject, shortJSON(inst), shortJSON(kwValue))
	case "maxItems":
		a, _ := inst.([]any)
		m.ps.Add(tasksurface.CodeTooMany, ptr, "%s has %d items; use at most %s.", subject, len(a), shortJSON(kwValue))
	case "minItems":
		n, _ := numberValue(kwValue)
		m.ps.Add(tasksurface.CodeTooFew, ptr, "%s needs at least %s.", subject, problem.Count(int(n), "item"))
	default:
		m.ps.Add(tasksurface.CodeInvalidValue, ptr, "%s is not valid: %s.", subject, ve.Message)
	}
}

// renamed reports whether o has a key of another vocabulary for key
// ("name" for "id") that is not one of its own (props), which its own
// problem asks to rename.
func renamed(o map[string]any, key string, props map[string]any) bool {
	for k := range o {
		if _, own := props[k]; !own && slices.Contains(keyWords[k], key) {
			return true
		}
	}
	return false
}

// kindGuess names the field kind an object without one reads as, from the
// JSON Schema or HTML words it has ("; this one reads as a choice"), or "".
func kindGuess(o map[string]any, u schemaUnion) string {
	if u.noun != "field" {
		return ""
	}
	guess := ""
	_, enum := o["enum"]
	_, choices := o["choices"]
	switch t := str(o["type"]); {
	case enum || choices:
		guess = "choice (one answer) or multi-choice (several)"
	case t == "boolean" || t == "checkbox":
		guess = "toggle"
	case t == "number" || t == "integer":
		guess = "number"
	case t == "string" && (o["format"] == "date" || o["format"] == "date-time") || t == "date":
		guess = "date"
	case t == "string" || t == "textarea":
		guess = "text"
	case t == "array":
		guess = "multi-choice or tags"
	}
	if guess == "" {
		return ""
	}
	return "; this one reads as " + guess
}

// commonRequired are the keys every arm requires.
func commonRequired(arms []any) []string {
	var out []string
	for i, a := range arms {
		req, _ := obj(a)["required"].([]any)
		var keys []string
		for _, r := range req {
			if i == 0 || slices.Contains(out, str(r)) {
				keys = append(keys, str(r))
			}
		}
		out = keys
	}
	return out
}

// keyWords are keys of other vocabularies (JSON Schema, HTML forms, form
// libraries) and the keys this model has for them, the first one the
// object allows wins: "enum" is "options".
var keyWords = map[string][]string{
	"type": {"kind"}, "enum": {"options"}, "choices": {"options"}, "values": {"options"}, "items": {"options"},
	"oneOf": {"options"}, "anyOf": {"options"},
	"default": {"initial"}, "defaultValue": {"initial"}, "value": {"initial"}, "checked": {"initial"}, "selected": {"initial"},
	"placeholder": {"help"}, "description": {"help", "detail"}, "hint": {"help"}, "tooltip": {"help"}, "helpText": {"help"},
	"name": {"id"}, "key": {"id"},
	"title": {"label"}, "question": {"label"}, "prompt": {"label"}, "text": {"label"},
	"minimum": {"min"}, "maximum": {"max"}, "multipleOf": {"step"},
	"minSelected": {"minItems"}, "maxSelected": {"maxItems"}, "maxTags": {"maxItems"},
	"sum_to": {"total"}, "sumTo": {"total"}, "sum": {"total"},
}

func init() {
	// A condition's words in form libraries (dsh-ask-form's visible_if) and
	// in a condition or a bound object: "equals" is "is", "id" is "field".
	for _, k := range []string{"visible_if", "visibleIf", "visible_when", "visibleWhen", "show_if", "showIf", "show_when", "showWhen", "condition", "depends_on", "dependsOn", "if"} {
		keyWords[k] = append(keyWords[k], "when")
	}
	for _, k := range append([]string{"equals", "eq", "equal", "equalTo", "in", "isOneOf", "is_one_of", "oneOf", "anyOf", "values", "value"}, negations...) {
		keyWords[k] = append(keyWords[k], "is")
	}
	for _, k := range []string{"id", "name", "key", "ref", "fieldId", "field_id"} {
		keyWords[k] = append(keyWords[k], "field")
	}
}

// keyNotes are keys whose fix is not a key of the same object.
var keyNotes = map[string]string{
	"properties": "fields are an array in /fields, each {kind, id, label, ...}",
	"optional":   "a field is optional unless it has \"required\": true",
	"multiple":   "for several answers use the kind multi-choice",
	"fields":     "fields are an array in the model's /fields, not inside another object",
	"blocks":     "blocks go in a section's \"blocks\"",
	"when":       "only a field has a condition; sections and blocks are always shown",
}

// keyHint adds advice for a key the object has not (props are the keys it
// may have): the model's word for a key of another vocabulary ("; this
// model calls it \"initial\""), where a matrix's columns are, and a field
// of a kind that cannot be required, asked to be.
func (m *mapper) keyHint(o map[string]any, key string, props map[string]any) string {
	kind, isKind := kindNamed(str(o["kind"]))
	switch {
	case isKind && key == "required" && kind.needs() == "":
		return "; a " + kind.Name() + " cannot be required: " + askRequired
	case isKind && kind.Name() == "matrix" && key == "columns":
		return "; a matrix's columns are its \"options\" (2–7 {id, label}, the answers offered on every row) and its \"rows\" are {id, label} objects, one per question"
	}
	if _, ok := props["is"]; ok && slices.Contains(negations, key) {
		return m.negationHint(o, key)
	}
	for _, k := range keyWords[key] {
		if node, ok := props[k]; ok {
			h := "; this model calls it \"" + k + "\""
			switch k {
			case "options":
				h += m.hint(node)
			case "when":
				h += m.whenHint(o[key])
			case "is":
				h += isHint(o[key])
			}
			return h
		}
	}
	if note, ok := keyNotes[key]; ok {
		return "; " + note
	}
	return ""
}

// typeHint adds advice for the two common type slips: null for an absent
// key, and a number or boolean written as a string.
func typeHint(inst any) string {
	switch v := inst.(type) {
	case nil:
		return "; give a value, or leave the key out if it is optional"
	case string:
		var probe any
		if json.Unmarshal([]byte(v), &probe) == nil && probe != nil {
			if _, isStr := probe.(string); !isStr {
				return "; write the value without quotes"
			}
		}
	}
	return ""
}

// sameTypeAsAny reports whether inst has the JSON type of at least one
// enum value.
func sameTypeAsAny(inst any, enum any) bool {
	vals, _ := enum.([]any)
	for _, v := range vals {
		if strictjson.TypeName(v) == strictjson.TypeName(inst) {
			return true
		}
	}
	return false
}

// hint describes the value a missing key wants, for a message.
func (m *mapper) hint(node any) string {
	s := m.resolve(node)
	if s == nil {
		return ""
	}
	if c, ok := s["const"]; ok {
		return " with the value " + shortJSON(c)
	}
	if e, ok := s["enum"]; ok {
		return ", one of " + enumList(e)
	}
	if t, ok := s["type"]; ok {
		h := ", " + typeNames(t)
		if t == "array" {
			h += m.itemsHint(s["items"])
		}
		if n, ok := s["maxLength"]; ok {
			h += " of at most " + shortJSON(n) + " characters"
		}
		return h
	}
	if _, ok := s["oneOf"]; ok {
		return ", an object with a \"kind\""
	}
	return ""
}

// itemsHint names the keys of an array's object items, " of {id, label,
// detail?} objects" (optional keys marked "?"), or "" for other items.
func (m *mapper) itemsHint(node any) string {
	s := m.resolve(node)
	props, _ := s["properties"].(map[string]any)
	if s["type"] != "object" || len(props) == 0 || len(props) > 4 {
		return ""
	}
	req, _ := s["required"].([]any)
	var keys []string
	for _, r := range req {
		keys = append(keys, str(r))
	}
	for _, k := range sortedKeys(props) {
		if !slices.Contains(keys, k) {
			keys = append(keys, k+"?")
		}
	}
	return " of {" + strings.Join(keys, ", ") + "} objects"
}

// resolve is the schema node, its local $ref followed once.
func (m *mapper) resolve(node any) map[string]any {
	s, _ := node.(map[string]any)
	if ref, ok := s["$ref"].(string); ok {
		s, _ = m.schemaAt(strings.TrimPrefix(ref, "#")).(map[string]any)
	}
	return s
}

// subjectOf names the value at ptr for a message: `"title"`, `item 2 of
// "options"`, or "the model".
func subjectOf(ptr string) string {
	if ptr == "" {
		return "the model"
	}
	last := jsonpointer.Last(ptr)
	if jsonpointer.IsIndex(last) {
		parent := jsonpointer.Last(jsonpointer.Parent(ptr))
		if parent == "" {
			return "item " + last
		}
		return fmt.Sprintf("item %s of %q", last, parent)
	}
	return fmt.Sprintf("%q", last)
}

// typeWords are the schema's type names as a message says them.
var typeWords = map[string]string{
	"integer": "a whole number", "number": "a number", "string": "a string",
	"boolean": "true or false", "array": "an array", "object": "an object",
}

// typeNames renders a schema "type" value as prose: "a string or null".
func typeNames(t any) string {
	var names []string
	switch t := t.(type) {
	case string:
		names = []string{t}
	case []any:
		for _, x := range t {
			s, _ := x.(string)
			names = append(names, s)
		}
	}
	for i, n := range names {
		if words, ok := typeWords[n]; ok {
			names[i] = words
		}
	}
	return strings.Join(names, " or ")
}

// enumList renders an enum's values: "neutral, info, warning".
func enumList(e any) string {
	vals, _ := e.([]any)
	out := make([]string, 0, len(vals))
	for _, v := range vals {
		if s, ok := v.(string); ok {
			out = append(out, s)
		} else {
			out = append(out, shortJSON(v))
		}
	}
	return strings.Join(out, ", ")
}

// shortJSON renders a scalar (or a short summary of a container) for a
// message.
func shortJSON(v any) string {
	switch v := v.(type) {
	case []any, map[string]any:
		return strictjson.TypeName(v)
	case string:
		return fmt.Sprintf("%q", problem.Abbreviate(v, 40))
	case json.Number:
		return string(v)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "a value"
	}
	return string(b)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
