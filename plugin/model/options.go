package model

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dsh-community/task-surface/plugin/internal/plaintext"
	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/plugin/internal/strictjson"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// The rules of the kinds whose answers are option ids, and of the user's own
// answer in place of one (allowOther).

// Option is one answer a field offers.
type Option struct {
	// ID keys the option in submitted values.
	ID string `json:"id"`
	// Label is the option's text.
	Label string `json:"label"`
	// Detail is optional supporting text.
	Detail string `json:"detail,omitempty"`
}

// optionsOf reads a list of options; entries that are not objects read as
// empty ones.
func optionsOf(v any) []Option {
	var out []Option
	for _, x := range list(v) {
		o := obj(x)
		out = append(out, Option{ID: str(o["id"]), Label: str(o["label"]), Detail: str(o["detail"])})
	}
	return out
}

// optionIDs lists the options' ids in declared order.
func optionIDs(opts []Option) []string {
	ids := make([]string, len(opts))
	for i, o := range opts {
		ids[i] = o.ID
	}
	return ids
}

func hasOption(opts []Option, id string) bool {
	return slices.ContainsFunc(opts, func(o Option) bool { return o.ID == id })
}

// declaredOrder returns the ids of opts that are in chosen, in the options'
// declared order; never nil.
func declaredOrder(opts []Option, chosen []string) []string {
	out := []string{}
	for _, o := range opts {
		if slices.Contains(chosen, o.ID) {
			out = append(out, o.ID)
		}
	}
	return out
}

// optionArray checks that v is an array of ids of opts and returns them,
// with "" in place of each item that is not a string or not an option id
// (option ids are never empty); each such item is a problem at its index. It
// returns nil and false when v is not an array.
func optionArray(f *Field, opts []Option, v any, c valueCheck) ([]string, bool) {
	arr, ok := v.([]any)
	if !ok {
		c.wrongType(f, "an array of option ids", v)
		return nil, false
	}
	ids := make([]string, 0, len(arr))
	good := true
	for i, item := range arr {
		s, ok := item.(string)
		switch {
		case !ok:
			c.index(i).add(tasksurface.CodeWrongType, "an option id is a string, not %s.", strictjson.TypeName(item))
			good = false
		case !hasOption(opts, s):
			c.index(i).add(tasksurface.CodeNotAnOption, "%s is not an option of %s; use only %s.", quote(s), quote(f.Label), problem.Names(optionIDs(opts)))
			good = false
			s = ""
		}
		ids = append(ids, s)
	}
	return ids, good
}

// labels are the display labels of options, by id.
type labels struct {
	ids, labels []string
}

// optionLabels returns the display labels of opts (see plaintext.Labels).
func optionLabels(opts []Option) labels {
	ids := optionIDs(opts)
	texts := make([]string, len(opts))
	for i, o := range opts {
		texts[i] = o.Label
	}
	return labels{ids: ids, labels: plaintext.Labels(texts, ids, VisiblyEmpty)}
}

// get returns the display label of id, or "[id]" for an id that is not an
// option (a checked value never holds one).
func (l labels) get(id string) string {
	if i := slices.Index(l.ids, id); i >= 0 {
		return l.labels[i]
	}
	return "[" + id + "]"
}

// maxOtherLength bounds the user's own answer, in code points after
// trimming white space.
const maxOtherLength = 1000

// otherWords start the user's own answer in the message, which follows in
// double quotes.
const otherWords = "Other (the user's own words): "

// Other is the user's own answer in place of an option id, where the field
// allows it (allowOther). It marshals to {"other": text}.
type Other struct {
	// Text is the user's words, as submitted.
	Text string `json:"other"`
}

// answer is the user's own answer in the message, on one line.
func (o Other) answer() string {
	return otherWords + `"` + plaintext.Flatten(o.Text) + `"`
}

// meantAsOther reports whether an object submitted for a field is read as
// the user's own answer: any object when the field allows one, else one with
// the key "other" (which is then refused as not an option). Other objects
// are of the wrong type.
func meantAsOther(allow bool, o map[string]any) bool {
	_, has := o["other"]
	return allow || has
}

// checkOther checks the user's own answer {"other": text} to f, whose
// options are opts.
func checkOther(f *Field, allow bool, opts []Option, o map[string]any, c valueCheck) (Other, bool) {
	if !allow {
		c.add(tasksurface.CodeNotAnOption, "%s takes only its options, not your own answer; use one of %s.", quote(f.Label), problem.Names(optionIDs(opts)))
		return Other{}, false
	}
	text, isStr := o["other"].(string)
	if len(o) != 1 || !isStr {
		c.add(tasksurface.CodeWrongType, "your own answer to %s is {\"other\": \"your text\"}.", quote(f.Label))
		return Other{}, false
	}
	if !c.text(text, "your own answer to "+quote(f.Label)) {
		return Other{}, false
	}
	if VisiblyEmpty(text) {
		c.broke(tasksurface.CodeEmpty, tasksurface.RuleBlank, nil)
		return Other{}, false
	}
	if n := utf8.RuneCountInString(strings.TrimFunc(text, unicode.IsSpace)); n > maxOtherLength {
		c.broke(tasksurface.CodeTooLong, tasksurface.RuleTooLong, map[tasksurface.Param]string{tasksurface.ParamCount: strconv.Itoa(n), tasksurface.ParamMax: strconv.Itoa(maxOtherLength)})
		return Other{}, false
	}
	return Other{Text: text}, true
}

// trailingOther splits the user's own answer, an object at the end of an
// array of option ids, from the ids before it. It returns v unchanged when
// there is none.
func trailingOther(f *Field, allow bool, opts []Option, v any, c valueCheck) (ids any, other *Other, ok bool) {
	arr, isArr := v.([]any)
	if !isArr || len(arr) == 0 {
		return v, nil, true
	}
	last := len(arr) - 1
	o, isObj := arr[last].(map[string]any)
	if !isObj || !meantAsOther(allow, o) {
		return v, nil, true
	}
	answer, ok := checkOther(f, allow, opts, o, c.index(last))
	if !ok {
		return arr[:last], nil, false
	}
	return arr[:last], &answer, true
}
