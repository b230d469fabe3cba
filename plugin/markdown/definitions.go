package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// definitionLimiter runs goldmark's link reference definition transformer
// on at most maxDefinitionLines lines of a paragraph at a time. Goldmark
// takes each definition it reads out of the paragraph's lines by moving
// every line after it, so a paragraph made of n definitions costs n*n line
// steps. A longer paragraph is read in pieces of maxDefinitionLines lines,
// each as goldmark reads a paragraph, for as long as every line of a piece
// is definitions; what is left of the piece where the definitions stop,
// and every line after it, stays the paragraph. The definitions and the
// text come out as goldmark's, except a definition that runs across the
// end of a piece: it is read as if the paragraph ended there (without the
// title on the next line, or as text when its destination is on the next
// line).
type definitionLimiter struct {
	parser.ParagraphTransformer
}

// Transform implements parser.ParagraphTransformer.
func (d definitionLimiter) Transform(node *ast.Paragraph, reader text.Reader, pc parser.Context) {
	if node.Lines().Len() <= maxDefinitionLines {
		d.ParagraphTransformer.Transform(node, reader, pc)
		return
	}
	parent, next := node.Parent(), node.NextSibling()
	blank := node.HasBlankPreviousLines()
	// A block keeps its lines by value: all keeps the paragraph's own,
	// which goldmark does not touch while it reads a piece of them in a
	// copy. It takes definitions from a piece's start, so what is left of
	// the paragraph is always a tail of all.
	all := *node.Lines()
	n := all.Len()
	for start := 0; start < n; start += maxDefinitionLines {
		end := min(start+maxDefinitionLines, n)
		piece := text.NewSegments()
		piece.AppendAll(all.Sliced(start, end))
		node.SetLines(piece)
		if node.Parent() == nil {
			// The last piece was all definitions, and goldmark took the
			// paragraph out after them: it goes back for the next piece.
			if next != nil {
				parent.InsertBefore(parent, next, node)
			} else {
				parent.AppendChild(parent, node)
			}
		}
		// Goldmark gives the paragraph's blank line before it to its first
		// definition only.
		node.SetBlankPreviousLines(blank && start == 0)
		d.ParagraphTransformer.Transform(node, reader, pc)
		if node.Parent() != nil {
			all.SetSliced(end-node.Lines().Len(), n)
			node.SetLines(&all)
			node.SetBlankPreviousLines(blank)
			return
		}
	}
}
