package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// definitionLimiter runs goldmark's link reference definition transformer
// on paragraphs of at most maxDefinitionLines lines. Goldmark reads each
// definition at the start of a paragraph by walking back from the
// paragraph's last line, so a paragraph made of n definitions costs n*n
// line steps; a longer paragraph keeps what would be definitions as its
// text, and links that refer to them stay text too.
type definitionLimiter struct {
	parser.ParagraphTransformer
}

// Transform implements parser.ParagraphTransformer.
func (d definitionLimiter) Transform(node *ast.Paragraph, reader text.Reader, pc parser.Context) {
	if node.Lines().Len() > maxDefinitionLines {
		return
	}
	d.ParagraphTransformer.Transform(node, reader, pc)
}
