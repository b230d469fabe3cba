package format

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/plugin/submission"
)

// Words the text uses for values that have no label of their own.
const (
	// Yes is a toggle that is on.
	Yes = "yes"
	// No is a toggle that is off.
	No = "no"
	// Empty is a text field with nothing but white space.
	Empty = "(empty)"
	// NotAnswered is a choice with no option chosen.
	NotAnswered = "(not answered)"
	// NoneSelected is a multi-choice with no option chosen.
	NoneSelected = "(none selected)"
	// NoTags is a tags field with no tag.
	NoTags = "(none)"
	// OtherAnswer starts the user's own answer to a choice or
	// multi-choice, which follows in double quotes.
	OtherAnswer = "Other (the user's own words): "
	// ScaleOf and ScaleTo place a scale's value in its range, as the
	// transcript row says it: "4 on a scale of 1 to 5".
	ScaleOf = " on a scale of "
	ScaleTo = " to "
	// ListSeparator joins the labels of a multi-choice or order value.
	// Labels are free text and often hold commas, so lists use "; ".
	ListSeparator = "; "
	// Indent starts each line of a multi-line text value or note.
	Indent = "  "
)

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
// Fields appear in the model's order, each on a line "- Label: value".
// Titles and labels are flattened to one line (every run of white space,
// line breaks included, becomes one space), so no label can start a line
// of its own; so are a number's unit, a scale's end labels, tags and the
// user's own answer to a choice. A number reads "42 ms", a date
// "2026-12-01", a scale "4 on a scale of 1 to 5" or "4 on a scale of
// 1 (Poor) to 5 (Great)", tags "a; b" or "(none)", and the user's own answer
// `Other (the user's own words): "<text>"`; an unanswered number, date
// or scale reads "(not answered)". A text value or note that spans lines follows its label on
// lines indented by two spaces; its leading and trailing blank lines are
// not shown. Choices show option labels; when two options of a field, or
// two fields, flatten to the same label, each of them is followed by its id
// in brackets ("Staging [stg-eu]"). In a multi-choice or order list, labels
// are joined by "; " and a label holding ";" is put in double quotes. A
// blank note is left out; with no
// fields and no note the first line ends in "." instead of ":". A field
// missing from v shows its default (submission.DefaultValue). The text has
// no trailing newline.
func Format(m *model.Model, v submission.Values, note string) string {
	var b strings.Builder
	b.Grow(64 + 48*len(m.Fields) + len(note))
	title := flatten(m.Title)
	if model.VisiblyEmpty(title) {
		b.WriteString("Task Surface submitted")
	} else {
		b.WriteString(`Task Surface "` + title + `" submitted`)
	}
	noteLines := textLines(note)
	if len(m.Fields) == 0 && len(noteLines) == 0 {
		b.WriteString(".")
		return b.String()
	}
	b.WriteString(":\n")
	labels := fieldLabels(m.Fields)
	for i := range m.Fields {
		f := &m.Fields[i]
		value, ok := v[f.ID]
		if !ok {
			value = submission.DefaultValue(*f)
		}
		b.WriteString("- ")
		b.WriteString(labels[i])
		b.WriteByte(':')
		writeValue(&b, f, value)
	}
	if len(noteLines) > 0 {
		b.WriteString("Note:")
		writeLines(&b, noteLines)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// writeValue writes the value part of a field's line, from the colon on,
// through the final newline.
func writeValue(b *strings.Builder, f *model.Field, value any) {
	switch f.Kind {
	case model.FieldText:
		s, _ := value.(string)
		lines := textLines(s)
		if len(lines) == 0 {
			b.WriteString(" " + Empty + "\n")
			return
		}
		writeLines(b, lines)
	case model.FieldToggle:
		if on, _ := value.(bool); on {
			b.WriteString(" " + Yes + "\n")
		} else {
			b.WriteString(" " + No + "\n")
		}
	case model.FieldChoice:
		switch v := value.(type) {
		case string:
			b.WriteString(" " + optionLabels(f).get(v) + "\n")
		case submission.Other:
			b.WriteString(" " + otherAnswer(v) + "\n")
		default:
			b.WriteString(" " + NotAnswered + "\n")
		}
	case model.FieldMultiChoice:
		var parts []string
		labels := optionLabels(f)
		switch v := value.(type) {
		case []string:
			for _, id := range v {
				parts = append(parts, listItem(labels.get(id)))
			}
		case []any:
			for _, x := range v {
				switch x := x.(type) {
				case string:
					parts = append(parts, listItem(labels.get(x)))
				case submission.Other:
					parts = append(parts, otherAnswer(x))
				}
			}
		}
		if len(parts) == 0 {
			b.WriteString(" " + NoneSelected + "\n")
			return
		}
		b.WriteString(" " + strings.Join(parts, ListSeparator) + "\n")
	case model.FieldNumber, model.FieldScale:
		n, ok := value.(float64)
		if !ok {
			b.WriteString(" " + NotAnswered + "\n")
			return
		}
		b.WriteString(" " + model.FormatNumber(n))
		if f.Kind == model.FieldScale {
			b.WriteString(ScaleOf + scaleRange(f))
		} else if unit := flatten(f.Unit); unit != "" {
			b.WriteString(" " + unit)
		}
		b.WriteByte('\n')
	case model.FieldDate:
		d, ok := value.(string)
		if !ok {
			b.WriteString(" " + NotAnswered + "\n")
			return
		}
		b.WriteString(" " + flatten(d) + "\n")
	case model.FieldTags:
		tags, _ := value.([]string)
		if len(tags) == 0 {
			b.WriteString(" " + NoTags + "\n")
			return
		}
		parts := make([]string, len(tags))
		for i, t := range tags {
			parts[i] = listItem(flatten(t))
		}
		b.WriteString(" " + strings.Join(parts, ListSeparator) + "\n")
	case model.FieldMatrix:
		writeMatrix(b, f, value)
	case model.FieldOrder:
		ids, _ := value.([]string)
		labels := optionLabels(f)
		parts := make([]string, len(ids))
		for i, id := range ids {
			parts[i] = strconv.Itoa(i+1) + ". " + listItem(labels.get(id))
		}
		b.WriteString(" " + strings.Join(parts, ListSeparator) + "\n")
	default:
		b.WriteString(" (unsupported field kind)\n")
	}
}

// otherAnswer writes the user's own answer to a choice, on one line.
func otherAnswer(o submission.Other) string {
	return OtherAnswer + `"` + flatten(o.Text) + `"`
}

// scaleRange writes a scale's range: "1 to 5", or with end labels
// "1 (Poor) to 5 (Great)".
func scaleRange(f *model.Field) string {
	lo, hi := f.ScaleEnds()
	minLabel, maxLabel := flatten(f.MinLabel), flatten(f.MaxLabel)
	end := func(n float64, label string) string {
		if label == "" {
			return model.FormatNumber(n)
		}
		return model.FormatNumber(n) + " (" + label + ")"
	}
	return end(lo, minLabel) + ScaleTo + end(hi, maxLabel)
}

// writeLines writes a text value after its label: on the same line when it
// is one line, else indented on the lines below.
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

// textLines splits a text value into lines at every line break (LF, CR,
// CR LF, VT, FF, and the Unicode NEL, LINE SEPARATOR and PARAGRAPH
// SEPARATOR that some readers treat as one), drops leading and trailing
// blank lines, and returns nil for text that is visibly empty
// (model.VisiblyEmpty). Lines keep their inner and leading spaces;
// trailing spaces are dropped, since nobody can see them.
func textLines(s string) []string {
	if model.VisiblyEmpty(s) {
		return nil
	}
	var out []string
	start := 0
	for i, r := range s {
		if isLineBreak(r) {
			if r == '\n' && i > 0 && s[i-1] == '\r' {
				start = i + 1 // the LF of a CR LF
				continue
			}
			out = append(out, s[start:i])
			start = i + utf8.RuneLen(r)
		}
	}
	out = append(out, s[start:])
	for i := range out {
		out[i] = strings.TrimRightFunc(out[i], unicode.IsSpace)
	}
	for len(out) > 0 && out[0] == "" {
		out = out[1:]
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// isLineBreak reports whether r ends a line for a reader of the text. CR,
// VT and FF never pass model.CheckText, but a model or values built by
// other code may hold them, and none of them may start a line unindented.
func isLineBreak(r rune) bool {
	switch r {
	case '\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029':
		return true
	}
	return false
}

// flatten puts a title or label on one line: every run of white space
// (line breaks and tabs included) becomes one space, and the ends are
// trimmed.
func flatten(s string) string {
	if isFlat(s) {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// isFlat reports whether flatten would return s unchanged: no white space
// but single ASCII spaces between other characters.
func isFlat(s string) bool {
	prevSpace := true
	for _, r := range s {
		switch {
		case r == ' ':
			if prevSpace {
				return false
			}
			prevSpace = true
		case unicode.IsSpace(r):
			return false
		default:
			prevSpace = false
		}
	}
	return !prevSpace || s == ""
}

// displayLabels returns the display label of each of labels: flattened,
// followed by " [id]" when another entry flattens to the same label, or
// "[id]" alone when the label is blank.
func displayLabels(labels, ids []string) []string {
	out := make([]string, len(labels))
	for i, l := range labels {
		out[i] = flatten(l)
	}
	shared := make([]bool, len(out))
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[i] == out[j] {
				shared[i], shared[j] = true, true
			}
		}
	}
	for i := range out {
		switch {
		case model.VisiblyEmpty(out[i]):
			out[i] = "[" + ids[i] + "]"
		case shared[i]:
			out[i] += " [" + ids[i] + "]"
		}
	}
	return out
}

// fieldLabels returns the display label of each field (see displayLabels).
func fieldLabels(fields []model.Field) []string {
	labels := make([]string, len(fields))
	ids := make([]string, len(fields))
	for i, f := range fields {
		labels[i], ids[i] = f.Label, f.ID
	}
	return displayLabels(labels, ids)
}

// optionLabels returns the display labels of f's options (see
// displayLabels).
func optionLabels(f *model.Field) labelList {
	labels := make([]string, len(f.Options))
	ids := make([]string, len(f.Options))
	for i, o := range f.Options {
		labels[i], ids[i] = o.Label, o.ID
	}
	return labelList{ids: ids, labels: displayLabels(labels, ids)}
}

// listItem quotes a label that holds the list separator's ";", so a list
// of labels splits only one way.
func listItem(label string) string {
	if strings.Contains(label, ";") {
		return `"` + label + `"`
	}
	return label
}

// labelList holds the display labels of a field's options.
type labelList struct {
	ids, labels []string
}

// get returns the display label of id, or "[id]" for an id that is not an
// option (Validate never lets one through).
func (l labelList) get(id string) string {
	for i, x := range l.ids {
		if x == id {
			return l.labels[i]
		}
	}
	return "[" + id + "]"
}
