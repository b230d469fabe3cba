package format

import (
	"fmt"
	"strings"

	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/plugin/submission"
)

// CheckStructure reports whether text has the structure Format promises
// for a surface with the given number of fields: after the title line,
// every line starts a field ("- "), is the note ("Note:", at most once),
// is an indented continuation of a value, or is empty, and there is
// exactly one field line per field shown (ShownCount). No label or value can forge a line, so
// a text Format wrote always passes; the error names the first line that
// does not fit.
// ShownCount is the number of fields of m shown for v: the field lines of
// its message.
func ShownCount(m *model.Model, v submission.Values) int {
	n := 0
	for _, shown := range m.Shown(v) {
		if shown {
			n++
		}
	}
	return n
}

func CheckStructure(text string, fields int) error {
	lines := strings.Split(text, "\n")
	fieldLines, noteLines := 0, 0
	for _, l := range lines[1:] {
		switch {
		case strings.HasPrefix(l, "- "):
			fieldLines++
		case strings.HasPrefix(l, "Note:"):
			noteLines++
		case l != "" && !strings.HasPrefix(l, Indent):
			return fmt.Errorf("line %q is neither a field, the note nor an indented continuation", l)
		}
	}
	if fieldLines != fields || noteLines > 1 {
		return fmt.Errorf("%d field lines for %d fields and %d note lines", fieldLines, fields, noteLines)
	}
	return nil
}
