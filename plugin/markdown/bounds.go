package markdown

// The bounds keep rendering linear in the size of the input, and far below
// goldmark's own cost where goldmark spends much more than its output is
// worth. Each caps a construct at a size ordinary Markdown does not reach;
// past it the construct is written as the text it was made of. The
// renderer never refuses input and never stops early.
//
// This table is the one place of their values and reasons. Each names the
// hostile families (tests/hostile) it acts on; a bound stays only while
// one of them, without it, grows faster than its size or costs at least
// twice as much. TestBoundsAgainstGoldmark holds them to the goldmark
// go.mod requires: the policy's work stays linear and within twice
// goldmark alone's, and goldmark alone still spends at least twice the
// policy's work on each costly family. The code span limiter
// (codespans.go) has no constant: it skips only the search goldmark would
// make in vain.
const (
	// maxNesting is how many block quotes, lists and list items may
	// enclose a block: 64 quotes, or 32 levels of lists. Goldmark measures
	// each container's column from the start of the line, so a line of n
	// nested markers costs n times its length (quotes-nested,
	// lists-nested, lists-nested-tabs, quotes-lists-nested, ...). A marker
	// that would open a container deeper than this is text.
	maxNesting = 64

	// containerBytes, containerBase and freeNesting bound how many
	// containers a document may open in all. Goldmark spends some 200
	// bytes of memory on each, and lines of nested markers ("- - - - a" on
	// every line: lists-deep-every-line) open one for every byte or two,
	// five times the memory of ordinary Markdown for their size, and the
	// garbage collector's work grows faster than the size. A container
	// inside fewer than freeNesting others is free (a top-level list and
	// its items, a top-level quote and a quote or list right inside it);
	// one inside freeNesting or more is counted, and a document may open
	// one for every containerBytes bytes of it, plus containerBase. Once
	// they are spent, a marker that would open one is text.
	containerBytes = 4
	containerBase  = 1024
	freeNesting    = 2

	// delimiterWorkPerByte and delimiterWorkBase give a block's budget,
	// in steps of goldmark's pairing, for emphasis and strikethrough
	// delimiter runs ("*", "__", "~~"). Goldmark looks for each closer's
	// opener among every earlier run, so n runs that do not pair cost n*n
	// steps (emphasis-crossed, strikethrough-crossed, emphasis-intraword).
	// Ordinary runs pair with a near opener and cost a step or two each;
	// once the budget is spent, the block's remaining runs are text.
	delimiterWorkPerByte = 8
	delimiterWorkBase    = 1024

	// maxOpenLabels is how many link or image labels ("[" or "![") may be
	// open at once in a block; another opener is text. At each "]"
	// goldmark searches the content of the label it closes for links, and
	// with labels nested n deep each node is searched n times; goldmark
	// itself stops searching past 999 open labels, which still costs it
	// many times the policy's work (link-openers, link-nesting,
	// label-with-nodes).
	maxOpenLabels = 64

	// labelWorkPerByte and labelWorkBase give a block's budget, in steps of
	// a line walked by goldmark's reader, for closing link labels; each
	// "]" is charged what goldmark will spend on it, weighed as below (see
	// labelLimiter). Ordinary links spend a small part of it; when it is
	// spent, the block's remaining "]" are text.
	labelWorkPerByte = 64
	labelWorkBase    = 4096

	// lineWeight, clearWeight and destinationWeight are what goldmark
	// spends, in those steps, at a "]" on each line of the block after the
	// label's, which its reader walks back over to read the label's text
	// (labels-on-many-lines, link-destinations-newline); on each node back
	// to the last delimiter run before the label, which it walks to take
	// the runs inside out of its list (links-with-unpaired-runs,
	// images-with-unpaired-runs); and on each byte of a destination after
	// "(", which it scans to its end (link-destinations-open,
	// link-destinations-angle, image-destinations-open).
	lineWeight        = 1
	clearWeight       = 2
	destinationWeight = 8

	// maxDefinitionLines is how many lines of a paragraph are read for
	// link reference definitions at a time (see definitionLimiter).
	// Goldmark takes each definition out of the paragraph by moving every
	// line after it, so a paragraph of n definitions costs n*n line steps
	// (reference-definitions, reference-definitions-open,
	// reference-definitions-short); a piece of this many definitions costs
	// some 65,000, a few tens of microseconds.
	maxDefinitionLines = 256
)
