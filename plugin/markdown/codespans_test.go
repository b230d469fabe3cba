package markdown

import (
	"strings"
	"testing"
)

// TestCodeSpansKeepGoldmarkOutput renders code spans, closed and not, on
// one line and across lines, escaped, and inside quotes, lists, headings
// and tables, with and without the bounds: the HTML must be the same.
func TestCodeSpansKeepGoldmarkOutput(t *testing.T) {
	t.Parallel()
	renderAsGoldmark(t, map[string]string{
		"closed":                   "a `b` c ``d`` e ```f``` g",
		"unclosed":                 "a `b ``c ```d",
		"closer of another length": "a ``b` c ```d`` e `f",
		"closer on a later line":   "a ``b\nc\nd`` e `f\ng",
		"closer in a longer run":   "a `b `` c ``` d",
		"escaped opener":           "a \\`b` c \\``d`` e",
		"backslash inside":         "a `b\\` c` d",
		"in a quote":               "> a `b\n> c` d ``e\n> f",
		"in a list":                "- a `b\n  c` d\n- e ``f\n- g``",
		"in a heading":             "# a `b` ``c\n\nd ``e``",
		"in a table":               "| a `b` | ``c |\n|---|---|\n| `d | e`` |",
		"at line ends":             "a `\nb` ``\n``",
		"runs of every length":     strings.Repeat("a `` b ``` c ` ", 50),
	})
}
