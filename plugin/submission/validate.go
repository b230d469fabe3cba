package submission

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/plugin/internal/strictjson"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Validate checks a submission of m: values, the JSON object that maps
// field ids to values, and note, the user's optional free text. limits'
// zero fields take their defaults; only MaxSubmissionBytes applies.
//
// It returns the canonical Values (every field, see Values and
// DefaultValue) and no problems, or nil and every problem found, sorted by
// pointer, then code, then message, at most MaxProblems of them plus a
// final too-many-problems. Pointers are into the values document
// ("/fieldId", "/fieldId/2"); problems with the note use NotePointer, and
// problems with the whole document use "".
//
// The size check comes first and alone: when len(values)+len(note)
// exceeds MaxSubmissionBytes, nothing is decoded.
func Validate(m *model.Model, values json.RawMessage, note string, limits tasksurface.Limits) (Values, []tasksurface.Problem) {
	limits = limits.WithDefaults()
	if size := len(values) + len(note); size > int(limits.MaxSubmissionBytes) {
		return nil, []tasksurface.Problem{{
			Code:    tasksurface.CodeLimitExceeded,
			Pointer: "",
			Message: fmt.Sprintf("the values and the note together are %d bytes, more than the limit of %d; shorten the text.", size, limits.MaxSubmissionBytes),
		}}
	}
	if m == nil {
		return nil, []tasksurface.Problem{{Code: tasksurface.CodeWrongType, Pointer: "", Message: "there is no surface model to submit against."}}
	}
	var ps problems
	if ok, reason := model.CheckText(note); !ok {
		ps.Add(tasksurface.CodeForbiddenCharacter, NotePointer, "the note holds %s; remove it.", reason)
	}
	members, isObject, top, fe := strictjson.DecodeMembers(values, readOptions, &ps)
	if fe != nil {
		return nil, []tasksurface.Problem{{Code: fe.Code, Pointer: fe.Pointer, Message: fe.Message}}
	}
	if !isObject {
		ps.Add(tasksurface.CodeWrongType, "", "the values must be a JSON object that maps field ids to values, not %s.", strictjson.TypeName(top))
		return nil, ps.Finish(retry)
	}
	fields := make(map[string]*model.Field, len(m.Fields))
	for i := range m.Fields {
		fields[m.Fields[i].ID] = &m.Fields[i]
	}
	out := make(Values, len(m.Fields))
	present := make(map[string]bool, len(members))
	refused := make(map[string]bool)
	for _, mem := range members {
		present[mem.Key] = true
		ptr := jsonpointer.Append("", mem.Key)
		f, ok := fields[mem.Key]
		if !ok {
			ps.Add(tasksurface.CodeUnknownField, ptr, "%s is not a field of this surface; send only %s.", quote(mem.Key), fieldList(m))
			continue
		}
		if v, ok := checkValue(f, ptr, mem.Value, &ps); ok {
			out[f.ID] = v
		} else {
			refused[f.ID] = true
		}
	}
	for i := range m.Fields {
		f := &m.Fields[i]
		if !present[f.ID] {
			out[f.ID] = DefaultValue(*f)
		}
		if f.Required && !refused[f.ID] && unanswered(out[f.ID]) {
			ps.Add(tasksurface.CodeRequired, jsonpointer.Append("", f.ID), "%s is required; %s.", quote(f.Label), requiredHint(f))
		}
	}
	if list := ps.Finish(retry); list != nil {
		return nil, list
	}
	return out, nil
}

// checkValue checks one submitted value against its field and returns the
// canonical value, or false after recording problems.
func checkValue(f *model.Field, ptr string, v any, ps *problems) (any, bool) {
	switch f.Kind {
	case model.FieldText:
		s, ok := v.(string)
		if !ok {
			ps.Add(tasksurface.CodeWrongType, ptr, "%s takes a string, not %s.", quote(f.Label), strictjson.TypeName(v))
			return nil, false
		}
		if ok, reason := model.CheckText(s); !ok {
			ps.Add(tasksurface.CodeForbiddenCharacter, ptr, "%s holds %s; remove it.", quote(f.Label), reason)
			return nil, false
		}
		if model.VisiblyEmpty(s) {
			return s, true
		}
		if why := f.TextMiss(s, textPattern(f)); why != "" {
			code := tasksurface.CodeInvalidValue
			if f.MaxLength > 0 && utf8.RuneCountInString(s) > f.MaxLength {
				code = tasksurface.CodeTooLong
			}
			ps.Add(code, ptr, "%s %s.", quote(f.Label), why)
			return nil, false
		}
		return s, true
	case model.FieldNumber, model.FieldScale:
		return checkNumber(f, ptr, v, ps)
	case model.FieldDate:
		if v == nil {
			return nil, true
		}
		s, ok := v.(string)
		if !ok {
			ps.Add(tasksurface.CodeWrongType, ptr, "%s takes a date as a string \"YYYY-MM-DD\" or null, not %s.", quote(f.Label), strictjson.TypeName(v))
			return nil, false
		}
		if why := f.DateMiss(s); why != "" {
			ps.Add(tasksurface.CodeInvalidValue, ptr, "%s: %s %s.", quote(f.Label), quote(s), why)
			return nil, false
		}
		return s, true
	case model.FieldTags:
		return checkTags(f, ptr, v, ps)
	case model.FieldToggle:
		b, ok := v.(bool)
		if !ok {
			ps.Add(tasksurface.CodeWrongType, ptr, "%s takes true or false, not %s.", quote(f.Label), strictjson.TypeName(v))
			return nil, false
		}
		return b, true
	case model.FieldChoice:
		if v == nil {
			return nil, true
		}
		if o, isObj := v.(map[string]any); isObj && meantAsOther(f, o) {
			return checkOther(f, ptr, o, ps)
		}
		s, ok := v.(string)
		if !ok {
			ps.Add(tasksurface.CodeWrongType, ptr, "%s takes one option id or null, not %s.", quote(f.Label), strictjson.TypeName(v))
			return nil, false
		}
		if !hasOption(f, s) {
			ps.Add(tasksurface.CodeNotAnOption, ptr, "%s is not an option of %s; use one of %s, or null.", quote(s), quote(f.Label), optionList(f))
			return nil, false
		}
		return s, true
	case model.FieldMultiChoice:
		v, other, otherOK := trailingOther(f, ptr, v, ps)
		ids, ok := optionArray(f, ptr, v, ps)
		ok = ok && otherOK
		seen := map[string]bool{}
		for i, id := range ids {
			if id == "" {
				continue // not an option id; already reported
			}
			if seen[id] {
				ps.Add(tasksurface.CodeDuplicateOption, jsonpointer.Index(ptr, i), "option %s is listed twice; list each chosen option once.", quote(id))
				ok = false
			}
			seen[id] = true
		}
		if !ok {
			return nil, false
		}
		chosen := declaredOrder(*f, ids)
		count := len(chosen)
		if other != nil {
			count++
		}
		if !checkChosenCount(f, ptr, count, ps) {
			return nil, false
		}
		if other == nil {
			return chosen, true
		}
		withOther := make([]any, 0, len(chosen)+1)
		for _, id := range chosen {
			withOther = append(withOther, id)
		}
		return append(withOther, *other), true
	case model.FieldMatrix:
		return checkMatrix(f, ptr, v, ps)
	case model.FieldOrder:
		if v == nil && f.Required {
			return nil, true // untouched; reported as required
		}
		ids, ok := optionArray(f, ptr, v, ps)
		if !ok {
			return nil, false
		}
		var missing, repeated []string
		seen := map[string]int{}
		for _, id := range ids {
			seen[id]++
			if seen[id] == 2 {
				repeated = append(repeated, id)
			}
		}
		for _, o := range f.Options {
			if seen[o.ID] == 0 {
				missing = append(missing, o.ID)
			}
		}
		if len(missing) > 0 || len(repeated) > 0 {
			var why []string
			if len(missing) > 0 {
				why = append(why, "it leaves out "+strings.Join(quoteAll(missing), ", "))
			}
			if len(repeated) > 0 {
				why = append(why, "it repeats "+strings.Join(quoteAll(repeated), ", "))
			}
			ps.Add(tasksurface.CodeNotAPermutation, ptr, "%s must list every option exactly once, but %s.", quote(f.Label), strings.Join(why, " and "))
			return nil, false
		}
		return slices.Clone(ids), true
	}
	ps.Add(tasksurface.CodeWrongType, ptr, "field %s has a kind this version does not know.", quote(f.ID))
	return nil, false
}

// optionArray checks that v is an array of option ids of f and returns
// them, with "" in place of each item that is not a string or not an
// option id (option ids are never empty); each such item is a problem at
// its index. It returns nil and false when v is not an array.
func optionArray(f *model.Field, ptr string, v any, ps *problems) ([]string, bool) {
	arr, ok := v.([]any)
	if !ok {
		ps.Add(tasksurface.CodeWrongType, ptr, "%s takes an array of option ids, not %s.", quote(f.Label), strictjson.TypeName(v))
		return nil, false
	}
	ids := make([]string, 0, len(arr))
	good := true
	for i, item := range arr {
		s, ok := item.(string)
		switch {
		case !ok:
			ps.Add(tasksurface.CodeWrongType, jsonpointer.Index(ptr, i), "an option id is a string, not %s.", strictjson.TypeName(item))
			good = false
		case !hasOption(f, s):
			ps.Add(tasksurface.CodeNotAnOption, jsonpointer.Index(ptr, i), "%s is not an option of %s; use only %s.", quote(s), quote(f.Label), optionList(f))
			good = false
			s = ""
		}
		ids = append(ids, s)
	}
	return ids, good
}

func hasOption(f *model.Field, id string) bool {
	return slices.ContainsFunc(f.Options, func(o model.Option) bool { return o.ID == id })
}

// optionList names a field's option ids for a message.
func optionList(f *model.Field) string {
	return strings.Join(quoteAll(optionIDs(*f)), ", ")
}

// fieldList names the model's field ids for a message.
func fieldList(m *model.Model) string {
	if len(m.Fields) == 0 {
		return "{} (this surface has no fields)"
	}
	ids := make([]string, len(m.Fields))
	for i, f := range m.Fields {
		ids[i] = f.ID
	}
	return strings.Join(quoteAll(ids), ", ")
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = quote(s)
	}
	return out
}

// quote quotes a user-supplied string for a message, cut to 40 characters.
func quote(s string) string {
	return strconv.Quote(problem.Abbreviate(s, 40))
}
