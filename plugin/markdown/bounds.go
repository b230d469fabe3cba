package markdown

// The bounds below keep rendering linear in the size of the input. Goldmark
// handles a few constructs in time that grows with the square of their
// count or depth; each bound caps one of them at a size that ordinary
// Markdown does not reach, and past the bound the construct is written as
// the text it was made of. The renderer never refuses input and never
// stops early: hostile Markdown comes out as escaped text.
const (
	// maxNesting is how many block quotes and list items may enclose a
	// block. Goldmark measures each container's column from the start of
	// the line, so a line of n nested markers costs n times its length. A
	// marker that would open a container deeper than this is text.
	maxNesting = 32

	// delimiterWorkPerByte and delimiterWorkBase give a block's budget
	// for pairing emphasis and strikethrough delimiter runs ("*", "__",
	// "~~"). Goldmark looks for each closer's opener among every earlier
	// run, so n runs that do not pair cost n*n steps. Ordinary runs pair
	// with a near opener and cost a step or two each; once the budget is
	// spent, the block's remaining runs are text.
	delimiterWorkPerByte = 8
	delimiterWorkBase    = 1024

	// maxOpenLabels is how many link or image labels ("[" or "![") may be
	// open at once in a block; another opener is text.
	maxOpenLabels = 64

	// labelWorkPerByte and labelWorkBase give a block's budget, in steps,
	// for closing link labels: a "]" costs goldmark a step for each node of
	// its label's content (it looks for links inside it), for each of the
	// block's lines after the current one (its reader finds a line by
	// walking back from the last), for each byte of the destination after
	// "(", and, when delimiter runs are left in the label, for each node
	// back to the last run before it. Ordinary links spend a small part of
	// it; when the budget is spent, the block's remaining "]" are text.
	labelWorkPerByte = 32
	labelWorkBase    = 4096
)
