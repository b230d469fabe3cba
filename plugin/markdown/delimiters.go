package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// delimiterLimiter wraps an inline parser that scans delimiter runs
// (emphasis "*" and "_", strikethrough "~") and charges each run what
// goldmark will spend pairing it (see blockBudget.delimiterCost). A run the
// block's budget cannot pay for is declined, so goldmark keeps it as text.
type delimiterLimiter struct {
	parser.InlineParser
}

// Parse implements parser.InlineParser.
func (l delimiterLimiter) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, _ := block.PeekLine()
	run := parser.ScanDelimiter(line, block.PrecendingCharacter(), 1, delimiterScanner{})
	if run == nil {
		return l.InlineParser.Parse(parent, block, pc)
	}
	b := budgetFor(parent, pc)
	cost := b.delimiterCost(run)
	if cost > b.delimiterWork {
		return nil
	}
	n := l.InlineParser.Parse(parent, block, pc)
	if n != nil {
		b.delimiterWork -= cost
		b.addDelimiter(run)
	}
	return n
}

// delimiterScanner lets parser.ScanDelimiter measure a run of any of the
// delimiter characters, to learn whether it can open or close; it pairs
// nothing.
type delimiterScanner struct{}

// IsDelimiter implements parser.DelimiterProcessor.
func (delimiterScanner) IsDelimiter(b byte) bool { return delimiterClass(b) >= 0 }

// CanOpenCloser implements parser.DelimiterProcessor.
func (delimiterScanner) CanOpenCloser(_, _ *parser.Delimiter) bool { return false }

// OnMatch implements parser.DelimiterProcessor.
func (delimiterScanner) OnMatch(int) ast.Node { return nil }

// delimiterClass numbers the delimiter characters, or is -1 for any other
// byte. Runs pair only with runs of their own class.
func delimiterClass(b byte) int {
	switch b {
	case '*':
		return 0
	case '_':
		return 1
	case '~':
		return 2
	}
	return -1
}
