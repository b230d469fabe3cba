package markdown

import (
	"bytes"

	"github.com/yuin/goldmark/parser"
)

// maxKeptBytes is the largest buffer a renderState keeps for the next
// render: enough for the source and HTML of a few-KiB block, so that a
// render of a large block does not pin its buffers for good.
const maxKeptBytes = 64 << 10

// renderState is what one render needs: goldmark's parse context, the copy
// of the source goldmark reads, the buffer it writes the HTML into, and the
// bounds' bookkeeping (the budget of the block being parsed and the nesting
// memo). A Renderer keeps states in a sync.Pool, so a render of a small
// block sets up none of it; a state serves one render at a time.
type renderState struct {
	pc     parser.Context
	withPC parser.ParseOption
	src    []byte
	out    bytes.Buffer
	budget blockBudget
	memo   nestingMemo
}

// stateKey holds, in a parse's context, the renderState of the parse. The
// key is created once and never changes; the state lives in the parse's
// own context.
var stateKey = parser.NewContextKey()

// stateOf returns the renderState of the parse, starting one when the
// parse was not given one (a parser used outside Render, as the tests do).
func stateOf(pc parser.Context) *renderState {
	s, _ := pc.Get(stateKey).(*renderState)
	if s == nil {
		s = &renderState{}
		pc.Set(stateKey, s)
	}
	return s
}

// reset makes s ready for a render of src and returns the option that
// gives the parse its context: the source copied, the buffer empty and
// large enough for the usual HTML of src, and a context that knows s.
func (s *renderState) reset(src string) parser.ParseOption {
	s.src = append(s.src[:0], src...)
	s.out.Reset()
	s.out.Grow(len(src) + len(src)/4)
	if s.pc == nil {
		s.pc = parser.NewContext()
		s.withPC = parser.WithContext(s.pc)
	}
	s.pc.Set(stateKey, s)
	return s.withPC
}

// forget drops every reference to the finished parse, so that a state
// waiting in the pool does not keep its document alive, and keeps the
// parse context only when it is as goldmark's NewContext makes it (see
// clean).
func (s *renderState) forget() {
	s.budget.block = nil
	s.memo = nestingMemo{}
	if s.pc != nil && !clean(s.pc) {
		s.pc, s.withPC = nil, nil
	}
}

// clean empties what a finished parse leaves in pc and reports whether pc
// is then as parser.NewContext makes it, every part of which goldmark
// shows through the Context interface: no value under any key (goldmark's
// parsers leave caches of the source there), no link reference
// definitions, no delimiters, no open blocks, and no block offset or
// indent. A context with definitions cannot be emptied and is not reused.
// The element ids are never used: the policy writes none.
func clean(pc parser.Context) bool {
	for k := range parser.ContextKeyMax + 1 {
		pc.Set(k, nil)
	}
	blocks := pc.OpenedBlocks()
	clear(blocks[:cap(blocks)])
	pc.SetOpenedBlocks(blocks[:0])
	pc.SetBlockOffset(-1)
	pc.SetBlockIndent(-1)
	return len(pc.References()) == 0 && pc.FirstDelimiter() == nil && pc.LastDelimiter() == nil
}

// keep reports whether s is small enough to go back to the pool.
func (s *renderState) keep() bool {
	return cap(s.src) <= maxKeptBytes && s.out.Cap() <= maxKeptBytes && s.budget.retained() <= maxKeptBytes
}
