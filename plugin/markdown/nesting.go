package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// nestingLimiter wraps a container block parser (block quote, list, list
// item) and refuses to open a container inside maxNesting others, or
// inside freeNesting others once the document's containers are spent (see
// containerBytes), so the marker is left to the parsers that follow (in the
// end, to a paragraph's text). Everything else is the wrapped parser's.
type nestingLimiter struct {
	parser.BlockParser
}

// Open implements parser.BlockParser.
func (l nestingLimiter) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	depth := nestingOf(parent, pc)
	if depth >= maxNesting {
		return nil, parser.NoChildren
	}
	if depth < freeNesting {
		return l.BlockParser.Open(parent, reader, pc)
	}
	m := &stateOf(pc).memo
	if !m.counted {
		m.containers, m.counted = len(reader.Source())/containerBytes+containerBase, true
	}
	if m.containers <= 0 {
		return nil, parser.NoChildren
	}
	n, state := l.BlockParser.Open(parent, reader, pc)
	if n != nil {
		m.containers--
	}
	return n, state
}

// nestingMemo remembers the last block whose nesting was counted. Goldmark
// opens the containers of a line one inside the other, so the next block
// asked about is most often that block's child, and its count is one step.
// It also holds how many more containers the document may open inside
// freeNesting others, once counted has set it.
type nestingMemo struct {
	node       ast.Node
	depth      int
	containers int
	counted    bool
}

// nestingOf returns nesting(n), counting from the memo of the parse when n
// is the block last asked about or its child.
func nestingOf(n ast.Node, pc parser.Context) int {
	m := &stateOf(pc).memo
	switch {
	case m.node != nil && m.node == n:
	case m.node != nil && m.node == n.Parent():
		m.depth += container(n)
	default:
		m.depth = nesting(n)
	}
	m.node = n
	return m.depth
}

// nesting counts the block quotes, lists and list items that enclose n,
// n included.
func nesting(n ast.Node) int {
	depth := 0
	for ; n != nil; n = n.Parent() {
		depth += container(n)
	}
	return depth
}

// container is 1 for a block quote, list or list item and 0 for any other
// node.
func container(n ast.Node) int {
	if k := n.Kind(); k == ast.KindBlockquote || k == ast.KindList || k == ast.KindListItem {
		return 1
	}
	return 0
}
