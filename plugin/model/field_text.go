package model

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"strconv"
	"unicode/utf8"

	"github.com/dsh-community/task-surface/plugin/internal/plaintext"
	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Text is free text (kind "text"), one line or several. Its value is a
// string; one that shows nothing (VisiblyEmpty) is no answer, and is not
// held to the bounds.
type Text struct {
	// Multiline makes the field a text area.
	Multiline bool
	// MinLength and MaxLength bound a value in code points; 0 is no bound.
	MinLength, MaxLength int
	// Pattern is an RE2 expression the whole value must match, or "" (see
	// textPattern).
	Pattern string
}

// maxPatternLength bounds a text field's pattern, in code points.
const maxPatternLength = 200

// maxPatternProgram bounds the compiled program of a text field's pattern,
// in instructions; a larger pattern is refused. Everyday patterns need
// tens; "[a-z]{1000}" needs 1002.
const maxPatternProgram = 1000

// emptyText is a text value that shows nothing, in the message.
const emptyText = "(empty)"

// Name implements Kind.
func (Text) Name() string { return "text" }

func (Text) read(d map[string]any) Kind {
	return Text{Multiline: d["multiline"] == true, MinLength: integer(d["minLength"]), MaxLength: integer(d["maxLength"]), Pattern: str(d["pattern"])}
}

// textPattern compiles a text field's pattern so that it must match the
// whole value, as HTML's pattern attribute does. It refuses a pattern
// that is not RE2 syntax, is longer than 200 characters or compiles to a
// program over 1000 instructions.
func textPattern(pattern string) (*regexp.Regexp, error) {
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

// pattern compiles the pattern, or returns nil when there is none or it
// does not compile (a parsed model's always does).
func (t Text) pattern() *regexp.Regexp {
	if t.Pattern == "" {
		return nil
	}
	re, _ := textPattern(t.Pattern)
	return re
}

// miss says why the text s does not fit, or returns "".
func (t Text) miss(s string) string {
	n := utf8.RuneCountInString(s)
	switch {
	case t.MinLength > 0 && n < t.MinLength:
		return fmt.Sprintf("has %s; it needs at least %d", problem.Count(n, "character"), t.MinLength)
	case t.MaxLength > 0 && n > t.MaxLength:
		return fmt.Sprintf("has %s; it may have at most %d", problem.Count(n, "character"), t.MaxLength)
	}
	if re := t.pattern(); re != nil && !re.MatchString(s) {
		return "does not match the pattern " + strconv.Quote(t.Pattern)
	}
	return ""
}

func (t Text) check(c *checker) {
	if t.MinLength > 0 && t.MaxLength > 0 && t.MinLength > t.MaxLength {
		c.add(tasksurface.CodeInvalidValue, c.at("maxLength"), "maxLength %d is less than minLength %d; raise maxLength or lower minLength.", t.MaxLength, t.MinLength)
	}
	if t.Pattern != "" {
		if _, err := textPattern(t.Pattern); err != nil {
			c.add(tasksurface.CodeInvalidValue, c.at("pattern"), "the pattern is not usable: %v; write a short RE2 expression.", err)
		}
	}
	if !c.sound("minLength", "maxLength") {
		t.MinLength, t.MaxLength = 0, 0 // an initial text is then checked without them
	}
	if !c.sound("pattern") {
		t.Pattern = ""
	}
	if s, ok := c.f.Initial.(string); ok && s != "" {
		if why := t.miss(s); why != "" {
			c.initialMiss(why)
		}
	}
}

func (t Text) normalForm(f *Field) any {
	return struct {
		head
		Multiline bool   `json:"multiline,omitempty"`
		Required  bool   `json:"required,omitempty"`
		MinLength int    `json:"minLength,omitempty"`
		MaxLength int    `json:"maxLength,omitempty"`
		Pattern   string `json:"pattern,omitempty"`
		Initial   any    `json:"initial,omitempty"`
	}{f.head(), t.Multiline, f.Required, t.MinLength, t.MaxLength, t.Pattern, f.Initial}
}

func (t Text) value(f *Field, v any, c valueCheck) (any, bool) {
	s, ok := v.(string)
	if !ok {
		c.wrongType(f, "a string", v)
		return nil, false
	}
	if !c.text(s, quote(f.Label)) {
		return nil, false
	}
	if VisiblyEmpty(s) {
		return s, true
	}
	if why := t.miss(s); why != "" {
		code, rule, params := t.rule(s)
		if rule == tasksurface.RulePattern && f.Help == "" && str(f.Initial) != "" {
			params[tasksurface.ParamExample] = str(f.Initial)
		}
		c.broke(code, rule, params)
		return nil, false
	}
	return s, true
}

// rule is the code, the rule and its params of a text miss finds wrong: too
// short, too long, or not matching the pattern.
func (t Text) rule(s string) (tasksurface.Code, tasksurface.Rule, map[tasksurface.Param]string) {
	n := utf8.RuneCountInString(s)
	count := strconv.Itoa(n)
	switch {
	case t.MinLength > 0 && n < t.MinLength:
		return tasksurface.CodeInvalidValue, tasksurface.RuleTooShort, map[tasksurface.Param]string{tasksurface.ParamCount: count, tasksurface.ParamMin: strconv.Itoa(t.MinLength)}
	case t.MaxLength > 0 && n > t.MaxLength:
		return tasksurface.CodeTooLong, tasksurface.RuleTooLong, map[tasksurface.Param]string{tasksurface.ParamCount: count, tasksurface.ParamMax: strconv.Itoa(t.MaxLength)}
	}
	return tasksurface.CodeInvalidValue, tasksurface.RulePattern, map[tasksurface.Param]string{tasksurface.ParamPattern: t.Pattern}
}

func (Text) start(f *Field) any {
	s, _ := f.Initial.(string)
	return s
}

func (Text) unanswered(v any) bool {
	s, _ := v.(string)
	return VisiblyEmpty(s)
}

func (Text) needs() string { return "enter some text" }

func (Text) answer(v any) []string {
	s, _ := v.(string)
	if lines := plaintext.Lines(s, VisiblyEmpty); lines != nil {
		return lines
	}
	return []string{emptyText}
}
