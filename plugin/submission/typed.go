package submission

import (
	"encoding/json"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/plugin/internal/strictjson"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// The typed kinds' values: numbers, scales, dates and tags, and the
// user's own answer to a choice or multi-choice. What fits a field is
// decided by the model's own rules (model.Field.NumberMiss and the like),
// the ones that check the field's initial value.

// maxMagnitude bounds a submitted number, as it bounds the model's.
const maxMagnitude = 1e15

// maxOtherLength bounds the user's own answer, in code points after
// trimming white space.
const maxOtherLength = 1000

// Other is the user's own answer to a choice or multi-choice with
// allowOther, in place of an option id. It marshals to {"other": text}.
type Other struct {
	// Text is the user's words, as submitted.
	Text string `json:"other"`
}

// checkNumber checks a number or a scale value: a JSON number, or null.
func checkNumber(f *model.Field, ptr string, v any, ps *problems) (any, bool) {
	if v == nil {
		return nil, true
	}
	lit, ok := v.(json.Number)
	if !ok {
		ps.Add(tasksurface.CodeWrongType, ptr, "%s takes a number or null, not %s.", quote(f.Label), strictjson.TypeName(v))
		return nil, false
	}
	n, err := strconv.ParseFloat(string(lit), 64)
	if err != nil || math.IsInf(n, 0) || math.Abs(n) > maxMagnitude {
		ps.Add(tasksurface.CodeInvalidValue, ptr, "%s takes numbers from -1e15 to 1e15, not %s.", quote(f.Label), problem.Abbreviate(string(lit), 24))
		return nil, false
	}
	if n == 0 {
		n = 0 // no -0
	}
	why := ""
	if f.Kind == model.FieldScale {
		why = f.ScaleMiss(n)
	} else {
		why = f.NumberMiss(n)
	}
	if why != "" {
		ps.Add(tasksurface.CodeInvalidValue, ptr, "%s: %s %s.", quote(f.Label), model.FormatNumber(n), why)
		return nil, false
	}
	return n, true
}

// checkTags checks a tags value: an array of distinct strings with
// visible text, each at most 100 characters, at most the field's
// maxItems of them.
func checkTags(f *model.Field, ptr string, v any, ps *problems) (any, bool) {
	arr, ok := v.([]any)
	if !ok {
		ps.Add(tasksurface.CodeWrongType, ptr, "%s takes an array of strings, not %s.", quote(f.Label), strictjson.TypeName(v))
		return nil, false
	}
	tags := make([]string, 0, len(arr))
	good := true
	for i, item := range arr {
		s, isStr := item.(string)
		if !isStr {
			ps.Add(tasksurface.CodeWrongType, jsonpointer.Index(ptr, i), "a tag is a string, not %s.", strictjson.TypeName(item))
			good = false
			continue
		}
		if ok, reason := model.CheckText(s); !ok {
			ps.Add(tasksurface.CodeForbiddenCharacter, jsonpointer.Index(ptr, i), "this tag holds %s; remove it.", reason)
			good = false
		}
		tags = append(tags, s)
		if code, why := model.TagMiss(tags, len(tags)-1); why != "" {
			ps.Add(code, jsonpointer.Index(ptr, i), "%s: %s.", quote(f.Label), why)
			good = false
		}
	}
	if len(arr) > f.MaxTags() {
		ps.Add(tasksurface.CodeTooMany, ptr, "%s has %d tags; it takes at most %d.", quote(f.Label), len(arr), f.MaxTags())
		good = false
	}
	if !good {
		return nil, false
	}
	return tags, true
}

// checkOther checks the user's own answer {"other": text} to f.
func checkOther(f *model.Field, ptr string, o map[string]any, ps *problems) (any, bool) {
	if !f.AllowOther {
		ps.Add(tasksurface.CodeNotAnOption, ptr, "%s takes only its options, not your own answer; use one of %s.", quote(f.Label), optionList(f))
		return nil, false
	}
	text, isStr := o["other"].(string)
	if len(o) != 1 || !isStr {
		ps.Add(tasksurface.CodeWrongType, ptr, "your own answer to %s is {\"other\": \"your text\"}.", quote(f.Label))
		return nil, false
	}
	if ok, reason := model.CheckText(text); !ok {
		ps.Add(tasksurface.CodeForbiddenCharacter, ptr, "your own answer to %s holds %s; remove it.", quote(f.Label), reason)
		return nil, false
	}
	if model.VisiblyEmpty(text) {
		ps.Add(tasksurface.CodeEmpty, ptr, "your own answer to %s is empty; write it, or choose an option.", quote(f.Label))
		return nil, false
	}
	if n := utf8.RuneCountInString(strings.TrimFunc(text, unicode.IsSpace)); n > maxOtherLength {
		ps.Add(tasksurface.CodeTooLong, ptr, "your own answer to %s has %d characters; shorten it to at most %d.", quote(f.Label), n, maxOtherLength)
		return nil, false
	}
	return Other{Text: text}, true
}

// meantAsOther reports whether an object submitted for f is read as the
// user's own answer: any object when f allows one, else one with the key
// "other" (which is then refused as not an option). Other objects are of
// the wrong type, as they always were.
func meantAsOther(f *model.Field, o map[string]any) bool {
	_, has := o["other"]
	return f.AllowOther || has
}

// trailingOther splits the user's own answer, an object at the end of a
// multi-choice array, from the option ids before it. It returns v
// unchanged when there is none.
func trailingOther(f *model.Field, ptr string, v any, ps *problems) (ids any, other *Other, ok bool) {
	arr, isArr := v.([]any)
	if !isArr || len(arr) == 0 {
		return v, nil, true
	}
	last := len(arr) - 1
	o, isObj := arr[last].(map[string]any)
	if !isObj || !meantAsOther(f, o) {
		return v, nil, true
	}
	got, ok := checkOther(f, jsonpointer.Index(ptr, last), o, ps)
	if !ok {
		return arr[:last], nil, false
	}
	answer := got.(Other)
	return arr[:last], &answer, true
}

// textPattern compiles the pattern of a text field, or returns nil when it
// has none (a parsed model's pattern always compiles).
func textPattern(f *model.Field) *regexp.Regexp {
	if f.Pattern == "" {
		return nil
	}
	re, _ := model.TextPattern(f.Pattern) // nil when it does not compile
	return re
}

// unanswered reports whether a canonical value is empty for a required
// field: visibly empty text, null, or an empty list.
func unanswered(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return model.VisiblyEmpty(v)
	case []string:
		return len(v) == 0
	case map[string]any: // a matrix: every row must be answered
		for _, answer := range v {
			if answer == nil {
				return true
			}
		}
	}
	return false
}

// requiredHint says how to answer a required field.
func requiredHint(f *model.Field) string {
	switch f.Kind {
	case model.FieldText:
		return "enter some text"
	case model.FieldTags:
		return "add at least one tag"
	case model.FieldDate:
		return "choose a date"
	case model.FieldChoice, model.FieldMultiChoice:
		return "choose an option"
	case model.FieldOrder:
		return "confirm or change the order"
	case model.FieldMatrix:
		return "answer every row"
	}
	return "give a value"
}
