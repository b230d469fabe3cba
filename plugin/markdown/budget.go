package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
)

// blockBudget is what the inline parsers of one block may still spend, and
// the little they must know of goldmark's state to tell what it will cost:
// goldmark parses inline content block by block, so it starts afresh for
// each block. See bounds.go for the limits.
type blockBudget struct {
	block ast.Node

	// live estimates how many delimiter runs goldmark's pairing will
	// still have in its list when it comes to the next run; openers
	// holds, for each delimiter class, the runs that may still open,
	// latest last; delimiterWork is what pairing runs may still cost
	// (delimiters.go).
	live          int
	openers       [3]openerStacks
	delimiterWork int

	// pushed holds, for each delimiter run in goldmark's list as it is
	// before pairing, which waits for the block's end or a link, how many
	// children the block had before the run.
	pushed []int

	// labels mirrors goldmark's list of open link and image labels,
	// innermost last; labelWork is what closing them may still cost
	// (labels.go).
	labels    []openLabel
	labelWork int

	// runs maps each length of a run of backticks in the block to where
	// its last run starts, once runsRead says it is read (codespans.go).
	runs     map[int]int
	runsRead bool
}

// budgetFor returns the budget of block, starting a new one when block is
// not the block the context's budget belongs to.
func budgetFor(block ast.Node, pc parser.Context) *blockBudget {
	b := &stateOf(pc).budget
	if b.block == block {
		return b
	}
	b.block = block
	size := 0
	if lines := block.Lines(); lines != nil && lines.Len() > 0 {
		size = lines.At(lines.Len()-1).Stop - lines.At(0).Start
	}
	b.live = 0
	b.pushed = b.pushed[:0]
	b.dropOpeners(0)
	b.delimiterWork = size*delimiterWorkPerByte + delimiterWorkBase
	b.labels = b.labels[:0]
	b.labelWork = size*labelWorkPerByte + labelWorkBase
	b.runsRead = false
	return b
}
