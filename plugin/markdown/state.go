package markdown

import "github.com/yuin/goldmark/parser"

// renderState is the bounds' bookkeeping of one render: the budget of the
// block being parsed and the nesting memo. Render puts a fresh one in each
// parse's context.
type renderState struct {
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
