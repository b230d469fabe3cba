package plaintext

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// ListSeparator joins the items of a list. Labels are free text and often
// hold commas, so lists use "; ".
const ListSeparator = "; "

// Flatten puts a title or label on one line: every run of white space
// (line breaks and tabs included) becomes one space, and the ends are
// trimmed.
func Flatten(s string) string {
	if isFlat(s) {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// isFlat reports whether Flatten would return s unchanged: no white space
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

// Lines splits a text value into lines at every line break (LF, CR, CR LF,
// VT, FF, and the Unicode NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR that
// some readers treat as one), drops leading and trailing blank lines, and
// returns nil for text that shows nothing (visiblyEmpty, the model's
// rule). Lines keep their inner and leading spaces; trailing spaces are
// dropped, since nobody can see them.
func Lines(s string, visiblyEmpty func(string) bool) []string {
	if visiblyEmpty(s) {
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
// VT and FF never pass the model's character check, but a model or values
// built by other code may hold them, and none of them may start a line
// unindented.
func isLineBreak(r rune) bool {
	switch r {
	case '\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029':
		return true
	}
	return false
}

// Item quotes a list item that holds the separator's ";", so a list splits
// only one way.
func Item(s string) string {
	if strings.Contains(s, ";") {
		return `"` + s + `"`
	}
	return s
}

// Labels returns the display label of each of labels (ids[i] names
// labels[i]): flattened, followed by " [id]" when another entry flattens to
// the same label, or "[id]" alone when the label shows nothing.
func Labels(labels, ids []string, visiblyEmpty func(string) bool) []string {
	out := make([]string, len(labels))
	for i, l := range labels {
		out[i] = Flatten(l)
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
		case visiblyEmpty(out[i]):
			out[i] = "[" + ids[i] + "]"
		case shared[i]:
			out[i] += " [" + ids[i] + "]"
		}
	}
	return out
}
