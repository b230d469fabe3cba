package model

import (
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/plugin/internal/plaintext"
	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/plugin/internal/strictjson"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Tags is a short list of distinct free strings (kind "tags"): the user
// types their own or picks suggestions. Its value is the tags in the user's
// order, never nil; no tag is no answer.
type Tags struct {
	// MaxItems is the most tags a value holds, or 0 for the default, 10.
	MaxItems int
	// Suggestions are tags offered to the user.
	Suggestions []string
}

// The default and most tags of a value, and the most code points of one.
const (
	defaultMaxTags = 10
	maxTagLength   = 100
)

// noTags is an empty value, in the message.
const noTags = "(none)"

// Name implements Kind.
func (Tags) Name() string { return "tags" }

func (Tags) read(d map[string]any) Kind {
	return Tags{MaxItems: integer(d["maxItems"]), Suggestions: stringList(d["suggestions"])}
}

// Most returns the most tags a value holds.
func (t Tags) most() int {
	if t.MaxItems > 0 {
		return t.MaxItems
	}
	return defaultMaxTags
}

// tagMiss says what is wrong with tags[i], with the code it calls for, or
// returns "": a tag that shows nothing, is longer than 100 characters or is
// already listed.
func tagMiss(tags []string, i int) (tasksurface.Code, string) {
	t := tags[i]
	switch {
	case VisiblyEmpty(t):
		return tasksurface.CodeEmpty, "a tag must have visible text"
	case utf8.RuneCountInString(t) > maxTagLength:
		return tasksurface.CodeTooLong, fmt.Sprintf("a tag may have at most %d characters", maxTagLength)
	case slices.Contains(tags[:i], t):
		return tasksurface.CodeInvalidValue, fmt.Sprintf("tag %s is listed twice", quote(t))
	}
	return "", ""
}

// tagRule is the rule and params of a tag problem of code (tagMiss).
func tagRule(code tasksurface.Code, tag string) (tasksurface.Rule, map[tasksurface.Param]string) {
	switch code {
	case tasksurface.CodeEmpty:
		return tasksurface.RuleBlank, nil
	case tasksurface.CodeTooLong:
		return tasksurface.RuleTooLong, map[tasksurface.Param]string{tasksurface.ParamCount: strconv.Itoa(utf8.RuneCountInString(tag)), tasksurface.ParamMax: strconv.Itoa(maxTagLength)}
	}
	return tasksurface.RuleRepeated, map[tasksurface.Param]string{tasksurface.ParamValue: problem.Abbreviate(tag, 40)}
}

func (t Tags) check(c *checker) {
	for i := range t.Suggestions {
		if code, why := tagMiss(t.Suggestions, i); why != "" {
			c.add(code, jsonpointer.Index(c.at("suggestions"), i), "%s; fix or remove this suggestion.", why)
		}
	}
	tags, ok := c.f.Initial.([]string)
	if !ok {
		return
	}
	for i := range tags {
		if _, why := tagMiss(tags, i); why != "" {
			c.add(tasksurface.CodeInvalidInitial, jsonpointer.Index(c.at("initial"), i), "%s; fix or remove this tag.", why)
		}
	}
	if len(tags) > t.most() && c.sound("maxItems") {
		c.initialMiss(fmt.Sprintf("has %d tags, more than maxItems %d", len(tags), t.most()))
	}
}

// normalForm states maxItems always.
func (t Tags) normalForm(f *Field) any {
	return struct {
		head
		Required    bool     `json:"required,omitempty"`
		MaxItems    int      `json:"maxItems"`
		Suggestions []string `json:"suggestions,omitempty"`
		Initial     any      `json:"initial,omitempty"`
	}{f.head(), f.Required, t.most(), t.Suggestions, f.Initial}
}

func (t Tags) value(f *Field, v any, c valueCheck) (any, bool) {
	arr, ok := v.([]any)
	if !ok {
		c.wrongType(f, "an array of strings", v)
		return nil, false
	}
	tags := make([]string, 0, len(arr))
	good := true
	for i, item := range arr {
		s, isStr := item.(string)
		if !isStr {
			c.index(i).add(tasksurface.CodeWrongType, "a tag is a string, not %s.", strictjson.TypeName(item))
			good = false
			continue
		}
		good = c.index(i).text(s, "this tag") && good
		tags = append(tags, s)
		if code, why := tagMiss(tags, len(tags)-1); why != "" {
			rule, params := tagRule(code, s)
			c.index(i).broke(code, rule, params)
			good = false
		}
	}
	if len(arr) > t.most() {
		c.broke(tasksurface.CodeTooMany, tasksurface.RuleTooMany, map[tasksurface.Param]string{tasksurface.ParamCount: strconv.Itoa(len(arr)), tasksurface.ParamMax: strconv.Itoa(t.most())})
		good = false
	}
	if !good {
		return nil, false
	}
	return tags, true
}

func (Tags) start(f *Field) any {
	tags, _ := f.Initial.([]string)
	return append([]string{}, tags...)
}

func (Tags) unanswered(v any) bool { return empty(v) }

func (Tags) needs() string { return "add at least one tag" }

func (Tags) answer(v any) []string {
	tags, _ := v.([]string)
	if len(tags) == 0 {
		return []string{noTags}
	}
	parts := make([]string, len(tags))
	for i, t := range tags {
		parts[i] = plaintext.Item(plaintext.Flatten(t))
	}
	return oneLine(parts)
}
