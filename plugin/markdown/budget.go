package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
)

// blockBudgetKey holds, in a parse's context, the budget of the block whose
// inline content is being parsed. The key is created once and never
// changes; the budget lives in the parse's own context.
var blockBudgetKey = parser.NewContextKey()

// blockBudget is what the inline parsers of one block may still spend:
// goldmark parses inline content block by block, so it starts afresh for
// each block. See bounds.go for the limits.
type blockBudget struct {
	block ast.Node

	// live counts the delimiter runs goldmark will still have in its list
	// when it comes to the next one; openers holds, for each delimiter
	// class, the runs that may still open, latest last; delimiterWork is
	// what pairing runs may still cost.
	live          int
	openers       [3]openerStacks
	delimiterWork int

	// labels holds the source offset of each open link or image label,
	// innermost last, mirroring goldmark's own list of open labels.
	labels []int

	// scan is what closing link labels may still cost, in bytes.
	scan int
}

// budgetFor returns the budget of block, starting a new one when block is
// not the block the context's budget belongs to.
func budgetFor(block ast.Node, pc parser.Context) *blockBudget {
	b, _ := pc.Get(blockBudgetKey).(*blockBudget)
	if b != nil && b.block == block {
		return b
	}
	if b == nil {
		b = &blockBudget{}
		pc.Set(blockBudgetKey, b)
	}
	size := blockSize(block)
	b.block = block
	b.live = 0
	for class := range b.openers {
		for canClose := range b.openers[class] {
			for mod := range b.openers[class][canClose] {
				b.openers[class][canClose][mod] = b.openers[class][canClose][mod][:0]
			}
		}
	}
	b.delimiterWork = size*delimiterWorkPerByte + delimiterWorkBase
	b.labels = b.labels[:0]
	b.scan = size*scanBytesPerByte + scanBytesBase
	return b
}

// blockSize is the number of source bytes a block's lines span.
func blockSize(block ast.Node) int {
	lines := block.Lines()
	if lines == nil || lines.Len() == 0 {
		return 0
	}
	return lines.At(lines.Len()-1).Stop - lines.At(0).Start
}

// pendingOpener is a delimiter run that may still open: its place in the
// block's list of live runs and the characters it has left.
type pendingOpener struct {
	place, length int
}

// openerStacks holds a block's pending openers of one delimiter class,
// split the way goldmark's "rule of three" tells them apart: by whether the
// run can also close, and by its original length modulo 3.
type openerStacks [2][3][]pendingOpener

// delimiterCost estimates the steps goldmark takes for run when it pairs
// the block's delimiters: a closer walks back over the live runs before it
// to the first opener it can pair with, or over all of them when there is
// none; any other run is one step.
func (b *blockBudget) delimiterCost(run *parser.Delimiter) int {
	if !run.CanClose {
		return 1
	}
	if s := b.pairable(run); s != nil {
		return b.live - (*s)[len(*s)-1].place
	}
	return b.live + 1
}

// pairable returns the stack whose top is the latest opener run can pair
// with, or nil.
func (b *blockBudget) pairable(run *parser.Delimiter) *[]pendingOpener {
	stacks := &b.openers[delimiterClass(run.Char)]
	var best *[]pendingOpener
	for canClose := range stacks {
		for mod := range stacks[canClose] {
			s := &stacks[canClose][mod]
			if len(*s) == 0 || ruleOfThree(canClose == 1 || run.CanOpen, mod, run.OriginalLength) {
				continue
			}
			if best == nil || (*s)[len(*s)-1].place > (*best)[len(*best)-1].place {
				best = s
			}
		}
	}
	return best
}

// ruleOfThree reports whether CommonMark forbids an opener of original
// length modulo 3 mod to pair with a closer of length closer, when either
// run can both open and close.
func ruleOfThree(either bool, mod, closer int) bool {
	return either && (mod+closer)%3 == 0 && closer%3 != 0
}

// dropOpenersAfter forgets the openers of every class placed after place:
// goldmark removes the runs between an opener and its closer when they
// pair.
func (b *blockBudget) dropOpenersAfter(place int) {
	for class := range b.openers {
		for canClose := range b.openers[class] {
			for mod := range b.openers[class][canClose] {
				s := &b.openers[class][canClose][mod]
				for len(*s) > 0 && (*s)[len(*s)-1].place > place {
					*s = (*s)[:len(*s)-1]
				}
			}
		}
	}
}

// addDelimiter records run as goldmark will pair it: a closer uses up the
// latest openers it can pair with, taking the runs between out of the
// list; what is left of it stays in the list if it can open or has paired.
func (b *blockBudget) addDelimiter(run *parser.Delimiter) {
	length := run.OriginalLength
	paired := false
	for run.CanClose && length > 0 {
		s := b.pairable(run)
		if s == nil {
			break
		}
		top := &(*s)[len(*s)-1]
		b.dropOpenersAfter(top.place)
		use := 1
		if top.length >= 2 && length >= 2 {
			use = 2
		}
		top.length -= use
		length -= use
		b.live = top.place + 1
		if top.length == 0 {
			b.live = top.place
			*s = (*s)[:len(*s)-1]
		}
		paired = true
	}
	switch {
	case length > 0 && run.CanOpen:
		canClose := 0
		if run.CanClose {
			canClose = 1
		}
		s := &b.openers[delimiterClass(run.Char)][canClose][run.OriginalLength%3]
		*s = append(*s, pendingOpener{place: b.live, length: length})
		b.live++
	case length > 0 && (paired || !run.CanClose):
		b.live++
	}
}
