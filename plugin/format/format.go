package format

import (
	"strings"

	"github.com/dsh-community/task-surface/plugin/internal/plaintext"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/plugin/submission"
)

// Indent starts each line of a multi-line value or note.
const Indent = "  "

// Format returns the message text for the valid submission v of m (as
// returned by submission.Validate) with the user's note:
//
//	Task Surface "Release gate" submitted:
//	- Ship to production: yes
//	- Environment: Staging
//	- Checks: Unit tests; Lint
//	- Rollout order: 1. Canary; 2. EU; 3. US
//	- Notes:
//	  first line
//	  second line
//	Note: ship after lunch
//
// Fields appear in the model's order, each on a line "- Label: value"; a
// field its condition hides (model.Model.Shown) does not appear at all.
// Titles and labels are flattened to one line (every run of white space,
// line breaks included, becomes one space), so no label can start a line
// of its own; when two fields flatten to the same label, each is followed by
// its id in brackets ("Vendor [primary]"). Each value is written by its
// field's kind (model.Field.Answer; README.md has every kind's words): on
// the label's line, or when it spans lines (a text, one line per row) on
// lines below indented by two spaces, which no text of the model or the
// user can leave. A field missing from v shows its default
// (model.Field.Default). A blank note is left out; with no fields and no
// note the first line ends in "." instead of ":". The text has no trailing
// newline.
func Format(m *model.Model, v submission.Values, note string) string {
	var b strings.Builder
	b.Grow(64 + 48*len(m.Fields) + len(note))
	title := plaintext.Flatten(m.Title)
	if model.VisiblyEmpty(title) {
		b.WriteString("Task Surface submitted")
	} else {
		b.WriteString(`Task Surface "` + title + `" submitted`)
	}
	noteLines := plaintext.Lines(note, model.VisiblyEmpty)
	if len(m.Fields) == 0 && len(noteLines) == 0 {
		b.WriteString(".")
		return b.String()
	}
	b.WriteString(":\n")
	labels, ids := make([]string, len(m.Fields)), make([]string, len(m.Fields))
	for i, f := range m.Fields {
		labels[i], ids[i] = f.Label, f.ID
	}
	labels = plaintext.Labels(labels, ids, model.VisiblyEmpty)
	shown := m.Shown(v)
	for i := range m.Fields {
		f := &m.Fields[i]
		if !shown[f.ID] {
			continue // hidden by its condition: not asked, not in the message
		}
		value, ok := v[f.ID]
		if !ok {
			value = f.Default()
		}
		b.WriteString("- ")
		b.WriteString(labels[i])
		b.WriteByte(':')
		writeLines(&b, f.Answer(value))
	}
	if len(noteLines) > 0 {
		b.WriteString("Note:")
		writeLines(&b, noteLines)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// writeLines writes a value after its label: on the same line when it is
// one line, else indented on the lines below (a blank line stays blank).
func writeLines(b *strings.Builder, lines []string) {
	if len(lines) == 1 {
		b.WriteString(" " + lines[0] + "\n")
		return
	}
	b.WriteByte('\n')
	for _, l := range lines {
		if l != "" {
			b.WriteString(Indent)
			b.WriteString(l)
		}
		b.WriteByte('\n')
	}
}
