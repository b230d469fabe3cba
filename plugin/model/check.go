package model

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/plugin/internal/plaintext"
	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/plugin/internal/strictjson"
	"github.com/dsh-community/task-surface/plugin/internal/words"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// checker is what a kind's check works on: the field as read (before
// defaults, so that a problem points at the key that is there), the field as
// decoded, its pointer and the problems so far, the schema's among them.
type checker struct {
	f   *Field
	doc map[string]any
	ptr string
	ps  *problems
}

// at is the pointer of the field's key.
func (c *checker) at(key string) string { return jsonpointer.Append(c.ptr, key) }

// add records a problem at ptr, unless one is recorded there already: a
// value the schema refused has its problem and gets no other.
func (c *checker) add(code tasksurface.Code, ptr, format string, args ...any) {
	if !c.ps.Has(ptr) {
		c.ps.Add(code, ptr, format, args...)
	}
}

// initialMiss reports the field's initial value: "initial <why>; change it
// or omit initial."
func (c *checker) initialMiss(why string) {
	c.add(tasksurface.CodeInvalidInitial, c.at("initial"), "initial %s; change it or omit initial.", why)
}

// sound reports whether no problem is recorded at any of the field's keys:
// only then is the initial value checked against them, so that one mistake
// is one problem (bounds swapped are not also an initial value out of
// them). What the initial value gets wrong on its own is still reported.
func (c *checker) sound(keys ...string) bool {
	for _, k := range keys {
		if c.ps.Has(c.at(k)) {
			return false
		}
	}
	return true
}

// ids checks the ids of the objects listed under key as one scope, what,
// and returns each id at its first use, in order. ok is false when the list
// is missing or has a problem itself or at one of its ids (a repeated, a
// reserved or a malformed id): nothing is then checked against them.
func (c *checker) ids(key, what string) (ids []string, ok bool) {
	ids, ok = scopedIDs(c.doc, key, c.ptr, what, c.ps)
	lptr := c.at(key)
	for _, p := range c.ps.Items {
		if p.Pointer == lptr || strings.HasPrefix(p.Pointer, lptr+"/") && strings.HasSuffix(p.Pointer, "/id") {
			return ids, false
		}
	}
	return ids, ok
}

// initialIDs checks an initial list of ids against ids: each one of them,
// none twice. It returns the ids it holds, and whether they all passed.
func (c *checker) initialIDs(ids []string) (seen map[string]bool, ok bool) {
	list, _ := c.doc["initial"].([]any)
	seen = make(map[string]bool)
	ok = true
	for i, v := range list {
		s, isStr := v.(string)
		at := jsonpointer.Index(c.at("initial"), i)
		switch {
		case !isStr:
			continue
		case !slices.Contains(ids, s):
			c.add(tasksurface.CodeInvalidInitial, at, "%s is not an option id; use only %s.", quote(s), problem.Names(ids))
			ok = false
		case seen[s]:
			c.add(tasksurface.CodeInvalidInitial, at, "option %s is listed twice; list each option at most once.", quote(s))
			ok = false
		}
		seen[s] = true
	}
	return seen, ok
}

// valueCheck is where a kind's check of a submitted value records its
// problems: the value's pointer in the values document, and the list.
type valueCheck struct {
	ptr string
	ps  *problems
}

// add records a problem at the value.
func (c valueCheck) add(code tasksurface.Code, format string, args ...any) {
	c.ps.Add(code, c.ptr, format, args...)
}

// broke records a problem of a value that breaks rule of its field, with
// the rule's params; its message is the rule's English sentence from the
// catalog (words.Say), the one a client that asks for English gets too.
func (c valueCheck) broke(code tasksurface.Code, rule tasksurface.Rule, params map[tasksurface.Param]string) {
	c.ps.AddRule(code, c.ptr, rule, params, "%s", words.Say(words.En, rule, params))
}

// item is the check of the value's item or member key.
func (c valueCheck) item(key string) valueCheck {
	return valueCheck{ptr: jsonpointer.Append(c.ptr, key), ps: c.ps}
}

// index is the check of the value's item i.
func (c valueCheck) index(i int) valueCheck {
	return valueCheck{ptr: jsonpointer.Index(c.ptr, i), ps: c.ps}
}

// wrongType reports a value of the wrong JSON type: "<label> takes <want>,
// not <type>."
func (c valueCheck) wrongType(f *Field, want string, v any) {
	c.add(tasksurface.CodeWrongType, "%s takes %s, not %s.", quote(f.Label), want, strictjson.TypeName(v))
}

// text checks that a submitted string holds no forbidden character; what
// names it in the message ("the tag").
func (c valueCheck) text(s, what string) bool {
	if ok, reason := CheckText(s); !ok {
		c.add(tasksurface.CodeForbiddenCharacter, "%s holds %s; remove it.", what, reason)
		return false
	}
	return true
}

// quote quotes a text of the model or the user for a message, cut to 40
// characters.
func quote(s string) string {
	return strconv.Quote(problem.Abbreviate(s, 40))
}

// str, obj and list read a decoded value as a string, an object or an
// array, or as nothing when it is another type.
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

// integer reads a whole number such as 2 or 2.0, or 0.
func integer(v any) int {
	n, _ := numberValue(v)
	return int(n)
}

// numberValue reads a json.Number as a float64, 0 for -0.
func numberValue(v any) (float64, bool) {
	lit, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseFloat(string(lit), 64)
	if err != nil {
		return 0, false
	}
	if n == 0 {
		n = 0
	}
	return n, true
}

// numberPtr reads a json.Number, or nil.
func numberPtr(v any) *float64 {
	if n, ok := numberValue(v); ok {
		return &n
	}
	return nil
}

// stringList reads an array of strings given as []any; other items are left
// out. It returns nil for anything else and for an empty array.
func stringList(v any) []string {
	var out []string
	for _, x := range list(v) {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// items reads a list of {id, label}; entries that are not objects read as
// empty ones.
func items(v any) []Column {
	var out []Column
	for _, x := range list(v) {
		o := obj(x)
		out = append(out, Column{ID: str(o["id"]), Label: str(o["label"])})
	}
	return out
}

// initialOrNil is f's initial value when it is a T, else nil (no answer).
func initialOrNil[T any](f *Field) any {
	if v, ok := f.Initial.(T); ok {
		return v
	}
	return nil
}

// nonNil is s, or an empty list for nil: the normalised model writes a
// list it holds as [], never null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// empty reports whether v is nil or a list without items: no answer for
// the kinds whose answer is a list.
func empty(v any) bool {
	switch v := v.(type) {
	case []string:
		return len(v) == 0
	case []any:
		return len(v) == 0
	}
	return v == nil
}

// notAnswered is a value that is no answer, in the message.
const notAnswered = "(not answered)"

// oneLine is the answer of the items of a list: one line.
func oneLine(items []string) []string {
	return []string{strings.Join(items, plaintext.ListSeparator)}
}

// head is the keys every field starts with in the normalised model.
type head struct {
	Kind  string `json:"kind"`
	ID    string `json:"id"`
	Label string `json:"label"`
	Help  string `json:"help,omitempty"`
	// When is the field's condition, after help.
	When *Condition `json:"when,omitempty"`
}

func (f *Field) head() head { return head{f.Kind.Name(), f.ID, f.Label, f.Help, f.When} }
