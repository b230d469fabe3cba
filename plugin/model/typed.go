package model

import (
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// The typed kinds' own rules, shared by the model's checks (a field's
// bounds and initial value) and the submission validator (a submitted
// value): one place says what fits a number, date, scale, tags or text
// field.

// maxPatternLength bounds a text field's pattern, in code points.
const maxPatternLength = 200

// maxPatternProgram bounds the compiled program of a text field's pattern,
// in instructions; a larger pattern is refused. Everyday patterns need
// tens; "[a-z]{1000}" needs 1002.
const maxPatternProgram = 1000

// TextPattern compiles a text field's pattern so that it must match the
// whole value, as HTML's pattern attribute does. It refuses a pattern
// that is not RE2 syntax, is longer than 200 characters or compiles to a
// program over 1000 instructions.
func TextPattern(pattern string) (*regexp.Regexp, error) {
	if n := utf8.RuneCountInString(pattern); n > maxPatternLength {
		return nil, fmt.Errorf("the pattern has %d characters, more than %d", n, maxPatternLength)
	}
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil, err
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return nil, err
	}
	if len(prog.Inst) > maxPatternProgram {
		return nil, fmt.Errorf("the pattern compiles to %d instructions, more than %d (simplify its repetitions)", len(prog.Inst), maxPatternProgram)
	}
	return regexp.Compile(`^(?:` + pattern + `)$`)
}

// decimal is v as the exact decimal it is written as (see FormatNumber),
// so 0.1 is one tenth.
func decimal(v float64) *big.Rat {
	r, _ := new(big.Rat).SetString(strconv.FormatFloat(v, 'g', -1, 64))
	return r
}

// whole reports whether v is a whole number.
func whole(v float64) bool {
	return v == float64(int64(v))
}

// NumberMiss says why v does not fit the number field f, or returns "":
// "is below the minimum 0", "must be a whole number", ... A finite v within
// ±1e15 is assumed.
func (f *Field) NumberMiss(v float64) string {
	switch {
	case f.Min != nil && v < *f.Min:
		return "is below the minimum " + FormatNumber(*f.Min)
	case f.Max != nil && v > *f.Max:
		return "is above the maximum " + FormatNumber(*f.Max)
	case f.Integer && !whole(v):
		return "must be a whole number"
	case f.Step != nil && !f.onGrid(v):
		return "must be " + f.gridWords()
	}
	return ""
}

// onGrid reports whether v is a whole number of steps from Min (or 0). A
// step that is not positive makes no grid (the schema check reports it), so
// every value is on it.
func (f *Field) onGrid(v float64) bool {
	if f.Step == nil || !(*f.Step > 0) {
		return true
	}
	base := 0.0
	if f.Min != nil {
		base = *f.Min
	}
	q := new(big.Rat).Sub(decimal(v), decimal(base))
	return q.Quo(q, decimal(*f.Step)).IsInt()
}

// gridWords describes the step grid for a message.
func (f *Field) gridWords() string {
	base := "0"
	if f.Min != nil {
		base = FormatNumber(*f.Min)
	}
	return fmt.Sprintf("%s plus a whole number of steps of %s", base, FormatNumber(*f.Step))
}

// DateMiss says why s does not fit the date field f, or returns "".
func (f *Field) DateMiss(s string) string {
	switch {
	case !ValidDate(s):
		return "is not a real calendar date written YYYY-MM-DD"
	case f.MinDate != "" && s < f.MinDate:
		return "is before the earliest date " + f.MinDate
	case f.MaxDate != "" && s > f.MaxDate:
		return "is after the latest date " + f.MaxDate
	}
	return ""
}

// ScaleMiss says why v does not fit the scale field f, or returns "".
func (f *Field) ScaleMiss(v float64) string {
	lo, hi := f.ScaleEnds()
	if !whole(v) || v < lo || v > hi {
		return fmt.Sprintf("must be a whole number from %s to %s", FormatNumber(lo), FormatNumber(hi))
	}
	return ""
}

// ScaleEnds returns a scale's ends, with the defaults for a field built by
// other code.
func (f *Field) ScaleEnds() (lo, hi float64) {
	lo, hi = defaultScaleMin, defaultScaleMax
	if f.Min != nil {
		lo = *f.Min
	}
	if f.Max != nil {
		hi = *f.Max
	}
	return lo, hi
}

// TextMiss says why the non-empty text s does not fit the text field f, or
// returns "": too short, too long, or not matching re, the compiled
// pattern (nil for none).
func (f *Field) TextMiss(s string, re *regexp.Regexp) string {
	n := utf8.RuneCountInString(s)
	switch {
	case f.MinLength > 0 && n < f.MinLength:
		return fmt.Sprintf("has %d characters; it needs at least %d", n, f.MinLength)
	case f.MaxLength > 0 && n > f.MaxLength:
		return fmt.Sprintf("has %d characters; it may have at most %d", n, f.MaxLength)
	case re != nil && !re.MatchString(s):
		return "does not match the pattern " + strconv.Quote(f.Pattern)
	}
	return ""
}

// TagMiss says what is wrong with tags[i], with the code it calls for, or
// returns "": a tag that is visibly empty, longer than 100 characters or
// already listed.
func TagMiss(tags []string, i int) (tasksurface.Code, string) {
	t := tags[i]
	switch {
	case VisiblyEmpty(t):
		return tasksurface.CodeEmpty, "a tag must have visible text"
	case utf8.RuneCountInString(t) > maxTagLength:
		return tasksurface.CodeTooLong, fmt.Sprintf("a tag may have at most %d characters", maxTagLength)
	case slices.Contains(tags[:i], t):
		return tasksurface.CodeInvalidValue, fmt.Sprintf("tag %q is listed twice", problem.Abbreviate(t, 40))
	}
	return "", ""
}

// MaxTags returns the most tags the tags field f takes.
func (f *Field) MaxTags() int {
	if f.MaxItems > 0 {
		return f.MaxItems
	}
	return defaultMaxItems
}

// fillDefaults sets the defaults the normalised model states: a scale's
// ends and a tags field's maxItems.
func (f *Field) fillDefaults() {
	switch f.Kind {
	case FieldScale:
		lo, hi := f.ScaleEnds()
		f.Min, f.Max = &lo, &hi
	case FieldTags:
		f.MaxItems = f.MaxTags()
	}
}

// setTyped sets the typed key name of f from its decoded value v (a
// json.Number, a string, or an array of strings as []any or []string);
// a value of another type is left out (the schema reports it).
func (f *Field) setTyped(name string, v any) {
	n, isNum := numberValue(v)
	s, isStr := v.(string)
	switch name {
	case "min":
		if isNum {
			f.Min = &n
		} else if isStr {
			f.MinDate = s
		}
	case "max":
		if isNum {
			f.Max = &n
		} else if isStr {
			f.MaxDate = s
		}
	case "step":
		if isNum {
			f.Step = &n
		}
	case "maxItems":
		f.MaxItems = int(n)
	case "minItems":
		f.MinItems = int(n)
	case "minLength":
		f.MinLength = int(n)
	case "maxLength":
		f.MaxLength = int(n)
	case "suggestions":
		if l := stringList(v); len(l) > 0 {
			f.Suggestions = l
		}
	}
}

// typedKeys are the keys setTyped sets.
var typedKeys = []string{"min", "max", "step", "minItems", "maxItems", "minLength", "maxLength", "suggestions"}

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

// stringList reads an array of strings given as []any or []string; other
// items are left out.
func stringList(v any) []string {
	switch v := v.(type) {
	case []string:
		return v
	case []any:
		out := make([]string, 0, len(v))
		for _, x := range v {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// checkTyped reports what the schema cannot say about a field of a typed
// kind, or a text field's length bounds and pattern: bounds that agree, a
// pattern that compiles, and an initial value within them. ptr is the
// field's pointer. It runs before fillDefaults, so a problem of a default
// points at the key that is there. A value the schema refused already has
// its problem, and gets no other.
func checkTyped(f *Field, ptr string, ps *problems) {
	add := func(code tasksurface.Code, at, format string, args ...any) {
		if !ps.Has(at) {
			ps.Add(code, at, format, args...)
		}
	}
	at := func(name string) string { return jsonpointer.Append(ptr, name) }
	miss := func(reason string) {
		add(tasksurface.CodeInvalidInitial, at("initial"), "initial %s; change it or omit initial.", reason)
	}
	switch f.Kind {
	case FieldText:
		if f.MinLength > 0 && f.MaxLength > 0 && f.MinLength > f.MaxLength {
			add(tasksurface.CodeInvalidValue, at("maxLength"), "maxLength %d is less than minLength %d; raise maxLength or lower minLength.", f.MaxLength, f.MinLength)
		}
		var re *regexp.Regexp
		if f.Pattern != "" {
			var err error
			if re, err = TextPattern(f.Pattern); err != nil {
				add(tasksurface.CodeInvalidValue, at("pattern"), "the pattern is not usable: %v; write a short RE2 expression.", err)
			}
		}
		if s, ok := f.Initial.(string); ok && s != "" {
			if why := f.TextMiss(s, re); why != "" {
				miss(why)
			}
		}
	case FieldNumber:
		for _, b := range []struct {
			name string
			v    *float64
		}{{"min", f.Min}, {"max", f.Max}, {"step", f.Step}} {
			if b.v != nil && f.Integer && !whole(*b.v) {
				add(tasksurface.CodeInvalidValue, at(b.name), "%s is %s, but the field is integer; use a whole number.", b.name, FormatNumber(*b.v))
			}
		}
		if f.Step != nil && *f.Step == 0 {
			// Above 0 as written (the schema's bound), 0 as a float64: its
			// normalised form would be refused when the log is replayed.
			add(tasksurface.CodeInvalidValue, at("step"), "step is too small to tell from 0 in a 64-bit float; use a step of at least 1e-300.")
		}
		if f.Min != nil && f.Max != nil && *f.Min > *f.Max {
			add(tasksurface.CodeInvalidValue, at("max"), "max %s is below min %s; swap them.", FormatNumber(*f.Max), FormatNumber(*f.Min))
		} else if f.Min != nil && f.Max != nil && f.Step != nil && !f.onGrid(*f.Max) {
			add(tasksurface.CodeInvalidValue, at("step"), "step %s does not divide max − min (%s − %s); choose a step that does.", FormatNumber(*f.Step), FormatNumber(*f.Max), FormatNumber(*f.Min))
		}
		if v, ok := f.Initial.(float64); ok {
			if why := f.NumberMiss(v); why != "" {
				miss(FormatNumber(v) + " " + why)
			}
		}
	case FieldDate:
		for _, b := range []struct{ name, v string }{{"min", f.MinDate}, {"max", f.MaxDate}} {
			if b.v != "" && !ValidDate(b.v) {
				add(tasksurface.CodeInvalidValue, at(b.name), "%s %q is not a real calendar date; write YYYY-MM-DD.", b.name, b.v)
			}
		}
		if f.MinDate != "" && f.MaxDate != "" && f.MinDate > f.MaxDate {
			add(tasksurface.CodeInvalidValue, at("max"), "max %s is before min %s; swap them.", f.MaxDate, f.MinDate)
		}
		if s, ok := f.Initial.(string); ok {
			if why := f.DateMiss(s); why != "" {
				miss(strconv.Quote(s) + " " + why)
			}
		}
	case FieldScale:
		lo, hi := f.ScaleEnds()
		end := at("max")
		if f.Max == nil {
			end = at("min")
		}
		switch {
		case lo >= hi:
			add(tasksurface.CodeInvalidValue, end, "a scale runs from min %s up to a larger max, not %s; raise max.", FormatNumber(lo), FormatNumber(hi))
		case hi-lo+1 > maxScalePoints:
			add(tasksurface.CodeInvalidValue, end, "a scale from %s to %s has %s points; use at most %d.", FormatNumber(lo), FormatNumber(hi), FormatNumber(hi-lo+1), maxScalePoints)
		}
		if v, ok := f.Initial.(float64); ok {
			if why := f.ScaleMiss(v); why != "" {
				miss(why)
			}
		}
	case FieldTags:
		for i := range f.Suggestions {
			if code, why := TagMiss(f.Suggestions, i); why != "" {
				add(code, jsonpointer.Index(at("suggestions"), i), "%s; fix or remove this suggestion.", why)
			}
		}
		if tags, ok := f.Initial.([]string); ok {
			for i := range tags {
				if _, why := TagMiss(tags, i); why != "" {
					add(tasksurface.CodeInvalidInitial, jsonpointer.Index(at("initial"), i), "%s; fix or remove this tag.", why)
				}
			}
			if len(tags) > f.MaxTags() {
				miss(fmt.Sprintf("has %d tags, more than maxItems %d", len(tags), f.MaxTags()))
			}
		}
	}
}
