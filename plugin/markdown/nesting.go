package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// nestingLimiter wraps a container block parser (block quote, list, list
// item) and refuses to open a container inside maxNesting others, so the
// marker is left to the parsers that follow (in the end, to a paragraph's
// text). Everything else is the wrapped parser's.
type nestingLimiter struct {
	parser.BlockParser
}

// Open implements parser.BlockParser.
func (l nestingLimiter) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	// The containers around parent are open blocks, so while there are
	// fewer open blocks than the bound there is nothing to count.
	if len(pc.OpenedBlocks()) >= maxNesting && nesting(parent) >= maxNesting {
		return nil, parser.NoChildren
	}
	return l.BlockParser.Open(parent, reader, pc)
}

// nesting counts the block quotes, lists and list items that enclose n,
// n included.
func nesting(n ast.Node) int {
	depth := 0
	for ; n != nil; n = n.Parent() {
		if k := n.Kind(); k == ast.KindBlockquote || k == ast.KindList || k == ast.KindListItem {
			depth++
		}
	}
	return depth
}
