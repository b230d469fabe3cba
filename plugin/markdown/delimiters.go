package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// delimiterLimiter wraps an inline parser that scans delimiter runs
// (emphasis "*" and "_", strikethrough "~") and charges each run what
// goldmark will spend pairing it (see blockBudget.delimiterCost). A run the
// block's budget cannot pay for can neither open nor close: goldmark keeps
// it as text.
type delimiterLimiter struct {
	parser.InlineParser
}

// Parse implements parser.InlineParser.
func (l delimiterLimiter) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	n := l.InlineParser.Parse(parent, block, pc)
	run, ok := n.(*parser.Delimiter)
	if !ok {
		return n
	}
	b := budgetFor(parent, pc)
	if cost := b.delimiterCost(run); cost <= b.delimiterWork {
		b.delimiterWork -= cost
	} else {
		run.CanOpen, run.CanClose = false, false
	}
	b.addDelimiter(run)
	b.pushed = append(b.pushed, parent.ChildCount())
	return n
}

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

// dropOpeners forgets the openers of every class placed at place or later:
// goldmark takes runs out of its list when a pair or a link encloses them.
func (b *blockBudget) dropOpeners(place int) {
	for class := range b.openers {
		for canClose := range b.openers[class] {
			for mod := range b.openers[class][canClose] {
				s := &b.openers[class][canClose][mod]
				for len(*s) > 0 && (*s)[len(*s)-1].place >= place {
					*s = (*s)[:len(*s)-1]
				}
			}
		}
	}
}

// addDelimiter records run as goldmark will pair it: a closer uses up the latest openers it can pair
// with, taking the runs between out of the list; what is left of it stays
// in the list if it can open, has paired, or cannot close.
func (b *blockBudget) addDelimiter(run *parser.Delimiter) {
	length := run.OriginalLength
	paired := false
	for run.CanClose && length > 0 {
		s := b.pairable(run)
		if s == nil {
			break
		}
		top := &(*s)[len(*s)-1]
		b.dropOpeners(top.place + 1)
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
