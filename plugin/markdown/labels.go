package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// labelLimiter wraps goldmark's link parser ("[", "![" and "]"). It keeps
// at most maxOpenLabels labels open in a block, so that the label content
// goldmark searches for links at each "]" lies inside at most that many
// labels, and it charges each "]" what else goldmark will spend on it to
// the block's budget: the block's lines after the current one, which
// goldmark's reader walks back over to find the label's text; the bytes of
// the destination after "(", scanned to its end; and, when delimiter runs
// are left inside the label, the nodes back to the last run before it,
// which goldmark walks twice to take them out of its list. Each is weighed
// by what a step costs (see bounds.go). A "]" the budget cannot pay for is
// text, and its label stays open until the block ends, when goldmark makes
// it text too.
type labelLimiter struct {
	parser.InlineParser
}

// openLabel is an open link or image label: how many delimiter runs were
// live (by the budget's estimate) and in goldmark's list when it opened.
type openLabel struct {
	live, pushed int
}

// Parse implements parser.InlineParser.
func (l labelLimiter) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	head, segment := block.PeekLine()
	b := budgetFor(parent, pc)
	if head[0] != ']' {
		opens := head[0] == '[' || len(head) > 1 && head[1] == '['
		if opens && len(b.labels) >= maxOpenLabels {
			return nil
		}
		n := l.InlineParser.Parse(parent, block, pc)
		if n != nil && opens {
			b.labels = append(b.labels, openLabel{live: b.live, pushed: len(b.pushed)})
		}
		return n
	}
	if len(b.labels) == 0 {
		return l.InlineParser.Parse(parent, block, pc)
	}
	label := b.labels[len(b.labels)-1]
	line, _ := block.Position()
	cost := lineWeight * (parent.Lines().Len() - line)
	if len(b.pushed) > label.pushed {
		bottom := 0
		if label.pushed > 0 {
			bottom = b.pushed[label.pushed-1]
		}
		cost += clearWeight * (parent.ChildCount() - bottom)
	}
	if len(head) > 1 && head[1] == '(' && cost <= b.labelWork {
		limit := (b.labelWork - cost) / destinationWeight
		cost += destinationWeight * destinationScan(block.Source()[segment.Start+2:], limit)
	}
	if cost > b.labelWork {
		return nil
	}
	b.labelWork -= cost
	b.labels = b.labels[:len(b.labels)-1]
	n := l.InlineParser.Parse(parent, block, pc)
	if n != nil {
		// A link or image took the runs inside its label out of the list.
		b.live = min(label.live, b.live)
		b.dropOpeners(label.live)
		b.pushed = b.pushed[:label.pushed]
	}
	return n
}

// CloseBlock implements parser.CloseBlocker: goldmark's link parser turns
// the labels still open into text when their block ends.
func (l labelLimiter) CloseBlock(parent ast.Node, block text.Reader, pc parser.Context) {
	if c, ok := l.InlineParser.(parser.CloseBlocker); ok {
		c.CloseBlock(parent, block, pc)
	}
}

// destinationScan returns how many bytes of src, the text after a link's
// "(", goldmark reads for the destination: white space, then either "<" up
// to ">" or the end of the line, or up to white space or an unbalanced ")".
// It reads at most limit+1 bytes and returns limit+1 when it would read
// more.
func destinationScan(src []byte, limit int) int {
	end := min(len(src), limit+1)
	i := 0
	for i < end && util.IsSpace(src[i]) {
		i++
	}
	if i < end && src[i] == '<' {
		for i < end && src[i] != '>' && src[i] != '\n' {
			i++
		}
		return i
	}
	open := 0
	for ; i < end; i++ {
		switch c := src[i]; {
		case c == '\\':
			i++
		case c == '(':
			open++
		case c == ')':
			if open--; open < 0 {
				return i
			}
		case util.IsSpace(c):
			return i
		}
	}
	return min(i, limit+1)
}
