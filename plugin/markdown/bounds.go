package markdown

// The bounds below keep rendering linear in the size of the input. Goldmark
// handles a few constructs in time that grows with the square of their
// count or depth; each bound caps one of them at a size that ordinary
// Markdown does not reach, and past the bound the construct is written as
// the text it was made of. The renderer never refuses input and never
// stops early: hostile Markdown comes out as escaped text.
const (
	// maxNesting is how many block quotes, lists and list items may
	// enclose a block: 64 quotes, or 32 levels of lists. Goldmark measures
	// each container's column from the start of the line, so a line of n
	// nested markers costs n times its length. A marker that would open a
	// container deeper than this is text.
	maxNesting = 64

	// containerBytes, containerBase and freeNesting bound how many
	// containers a document may open in all: goldmark spends some 200
	// bytes of memory on each, and a line of nested markers ("- - - - a")
	// opens one for every byte or two of it, five times what ordinary
	// Markdown spends for its size. A container inside fewer than
	// freeNesting others is free (a top-level list and its items, a
	// top-level quote and a quote or list right inside it); one inside
	// freeNesting or more is counted, and a document may open one for
	// every containerBytes bytes of it, plus containerBase. Once they are
	// spent, a marker that would open one is text.
	containerBytes = 4
	containerBase  = 1024
	freeNesting    = 2

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

	// labelWorkPerByte and labelWorkBase give a block's budget, in steps
	// of a line walked by goldmark's reader, for closing link labels (see
	// labelLimiter). Ordinary links spend a small part of it; when it is
	// spent, the block's remaining "]" are text.
	labelWorkPerByte = 64
	labelWorkBase    = 4096

	// contentWeight, clearWeight and destinationWeight are what goldmark
	// spends, in those steps, on a node of a label it searches for links, a
	// node it walks back over to clear delimiter runs, and a byte of a
	// destination it scans with its reader.
	contentWeight     = 4
	clearWeight       = 2
	destinationWeight = 8

	// maxDefinitionLines is how many lines of a paragraph are read for
	// link reference definitions at a time (see definitionLimiter): a
	// piece of that many definitions costs goldmark some 65,000 line
	// steps, a few tens of microseconds.
	maxDefinitionLines = 256
)
