package model

import (
	"fmt"

	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/plugin/internal/strictjson"
)

// MaxDepth is the deepest nesting of arrays and objects Parse accepts; a
// valid model needs at most 8 levels.
const MaxDepth = 32

// MaxProblems is the most problems Parse reports before a final
// too-many-problems entry.
const MaxProblems = problem.MaxListed

// retry ends the too-many-problems message of Parse's problems.
const retry = "call again"

// problems collects findings while a document is parsed.
type problems = problem.List

// readOptions read a model: numbers are checked, because a model's
// numbers are compared and kept.
var readOptions = strictjson.Options{MaxDepth: MaxDepth, CheckNumbers: true, Wording: wording{}}

// decode reads data as exactly one JSON value with the strict reader.
func decode(data []byte, ps *problems) (any, *strictjson.Error) {
	return strictjson.Decode(data, readOptions, ps)
}

// wording words the strict reader's findings for a model's author.
type wording struct{}

// Syntax names the offset, the place inside the document and the precise
// fault.
func (wording) Syntax(e strictjson.SyntaxError) string {
	where := ""
	if e.Pointer != "" {
		where = " (inside " + e.Pointer + ")"
	}
	return fmt.Sprintf("invalid JSON at byte %d%s: %s; send one complete JSON object.", e.Offset, where, e.Detail)
}

// TooDeep words nesting deeper than max.
func (wording) TooDeep(max int) string {
	return fmt.Sprintf("arrays and objects nest deeper than %d levels here; a model needs far fewer, so flatten the value.", max)
}

// DuplicateKey words a repeated key.
func (wording) DuplicateKey(key string) string {
	return fmt.Sprintf("key %q appears more than once in this object; keep one.", key)
}

// InvalidText words a string that is not valid Unicode text.
func (wording) InvalidText() string {
	return "this string holds invalid UTF-8 or a lone surrogate; send valid Unicode text."
}

// NumberOutOfRange words a number the reader refuses.
func (wording) NumberOutOfRange(lit string) string {
	return fmt.Sprintf("the number %s is out of range; write numbers of at most %d characters that fit a 64-bit float, or send the value as a string.", problem.Abbreviate(lit, 24), strictjson.MaxNumberLength)
}
