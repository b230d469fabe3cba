package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// codeSpanLimiter wraps goldmark's code span parser ("`"). Goldmark looks
// for an opener's closer, the next run of as many backticks, through the
// rest of the block, so runs of many different lengths that never close
// cost their number times the block's length. The limiter knows, from one
// pass over the block, where the last run of each length starts, and writes
// an opener that no run after it can close as the text goldmark makes of it
// after its search, without the search. Every other opener is goldmark's,
// which reads up to its closer; the spans it reads do not overlap.
type codeSpanLimiter struct {
	parser.InlineParser
}

// Parse implements parser.InlineParser.
func (l codeSpanLimiter) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, segment := block.PeekLine()
	opener := 0
	for opener < len(line) && line[opener] == '`' {
		opener++
	}
	last, ok := budgetFor(parent, pc).backtickRuns(parent, block.Source())[opener]
	if !ok || last < segment.Start+opener {
		block.Advance(opener)
		return ast.NewTextSegment(segment.WithStop(segment.Start + opener))
	}
	return l.InlineParser.Parse(parent, block, pc)
}

// backtickRuns returns, for each length of a run of backticks in block's
// lines, where in source the last run of that length starts. It reads the
// lines once per block.
func (b *blockBudget) backtickRuns(block ast.Node, source []byte) map[int]int {
	if b.runsRead {
		return b.runs
	}
	if b.runs == nil {
		b.runs = map[int]int{}
	}
	clear(b.runs)
	lines := block.Lines()
	for i := range lines.Len() {
		seg := lines.At(i)
		for p := seg.Start; p < seg.Stop; {
			if source[p] != '`' {
				p++
				continue
			}
			start := p
			for p < seg.Stop && source[p] == '`' {
				p++
			}
			b.runs[p-start] = start
		}
	}
	b.runsRead = true
	return b.runs
}
