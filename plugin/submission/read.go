package submission

import (
	"fmt"

	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/plugin/internal/strictjson"
)

// NotePointer is the pointer of problems about the note. The note travels
// beside the values document, not inside it; "/note" is a convention, and
// a field whose id is "note" shares it (the message says which is meant).
const NotePointer = "/note"

// MaxProblems is the most problems Validate reports before a final
// too-many-problems entry.
const MaxProblems = problem.MaxListed

// MaxDepth is the deepest nesting of arrays and objects the values document
// may have; a valid document needs 2.
const MaxDepth = 16

// retry ends the too-many-problems message of Validate's problems.
const retry = "submit again"

// problems collects findings while a submission is checked.
type problems = problem.List

// readOptions read a values document. The reader checks only the syntax of
// numbers: a field that takes a number bounds it itself (|x| ≤ 1e15), and a
// huge number elsewhere stays a wrong-type problem.
var readOptions = strictjson.Options{MaxDepth: MaxDepth, Wording: wording{}}

// wording words the strict reader's findings for the client that submits.
type wording struct{}

// Syntax names the offset and the fault in brief. An invalid escape is
// placed at its letter.
func (wording) Syntax(e strictjson.SyntaxError) string {
	at := e.Offset
	if e.Escape {
		at--
	}
	return fmt.Sprintf("invalid JSON at byte %d: %s; send one JSON object that maps field ids to values.", at, e.Brief)
}

// TooDeep words nesting deeper than max.
func (wording) TooDeep(max int) string {
	return fmt.Sprintf("arrays and objects nest deeper than %d levels here; a submission needs 2.", max)
}

// DuplicateKey words a repeated key.
func (wording) DuplicateKey(key string) string {
	return "key " + quote(key) + " appears more than once; send it once."
}

// InvalidText words a string that is not valid Unicode text.
func (wording) InvalidText() string {
	return "this string holds invalid UTF-8 or a lone surrogate escape; send valid Unicode text."
}

// NumberOutOfRange is never asked for: readOptions do not check numbers.
func (wording) NumberOutOfRange(lit string) string {
	return "the number " + lit + " is out of range."
}
