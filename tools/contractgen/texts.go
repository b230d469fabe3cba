package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dsh-community/task-surface/plugin/tool"
)

// openedPieces cuts the plugin's model-facing text of a successful call
// (tool.Opened) around the title, as strconv.Quote writes it, and the
// surface id: three pieces, so that the host shim writes the same text for a
// value whose text it does not hold (render is synchronous and cannot ask
// the plugin).
func openedPieces() ([3]string, error) {
	const title, id = "\x00title\x00", "\x00surface\x00"
	text := tool.Opened(title, id)
	head, rest, ok1 := strings.Cut(text, strconv.Quote(title))
	mid, tail, ok2 := strings.Cut(rest, id)
	if !ok1 || !ok2 || strings.Contains(tail, id) || strings.Contains(head, id) {
		return [3]string{}, fmt.Errorf("tool.Opened does not name the quoted title, then the surface id, once each: %q", text)
	}
	return [3]string{head, mid, tail}, nil
}

// writeOpenedJS writes OPENED_TEXT, the pieces of tool.Opened.
func writeOpenedJS(b *strings.Builder, pieces [3]string) {
	b.WriteString("\n")
	writeDoc(b, "", "The model-facing text of a successful call (plugin/tool.Opened), in pieces: the first, the "+
		"title as Go's strconv.Quote writes it, the second, the surface id, the third.", nil)
	b.WriteString("export const OPENED_TEXT = Object.freeze([\n")
	for _, p := range pieces {
		// One sentence a line, so that no line is long.
		sentences := strings.SplitAfter(p, ". ")
		for i, s := range sentences {
			if i > 0 {
				b.WriteString(" +\n    ")
			} else {
				b.WriteString("  ")
			}
			b.WriteString(jsString(s))
		}
		b.WriteString(",\n")
	}
	b.WriteString("])\n")
}
