package markdown

import (
	"bytes"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// policyPriority places the policy renderer ahead of goldmark's HTML
// renderer (priority 1000) and its extensions (500 and up), so the policy
// wins for every node kind it registers.
const policyPriority = 100

// stripperPriority runs the raw HTML stripper after the extensions'
// transformers, so it sees the finished tree.
const stripperPriority = 1000

// extensionPriority is the priority goldmark's GFM strikethrough extension
// gives its parser and renderer, which New registers itself so that the
// parser can be bounded.
const extensionPriority = 500

// Renderer renders Markdown under the Task Surface policy. Build it once
// with New; it is safe for concurrent use.
type Renderer struct {
	md goldmark.Markdown
	// states holds *renderState values between renders.
	states sync.Pool
}

// New returns a Renderer with the Task Surface policy.
func New() *Renderer {
	return newRenderer(newParser())
}

// newRenderer returns a Renderer with the Task Surface policy over parser
// p, which must parse GFM strikethrough and strip raw HTML as newParser's
// does.
func newRenderer(p parser.Parser) *Renderer {
	md := goldmark.New(
		goldmark.WithParser(p),
		goldmark.WithExtensions(
			extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute)),
			extension.TaskList,
			extension.NewLinkify(extension.WithLinkifyAllowedProtocols([]string{"http:", "https:", "mailto:"})),
		),
		goldmark.WithRendererOptions(
			renderer.WithNodeRenderers(
				util.Prioritized(policyRenderer{}, policyPriority),
				util.Prioritized(extension.NewStrikethroughHTMLRenderer(), extensionPriority),
			),
		),
	)
	return &Renderer{md: md, states: sync.Pool{New: func() any { return &renderState{} }}}
}

// newParser returns goldmark's CommonMark parser, with GFM strikethrough and
// the raw HTML stripper, whose container and inline parsers keep to the
// bounds of bounds.go. The priorities are goldmark's own.
func newParser() parser.Parser {
	return parser.NewParser(
		parser.WithBlockParsers(
			util.Prioritized(parser.NewSetextHeadingParser(), 100),
			util.Prioritized(parser.NewThematicBreakParser(), 200),
			util.Prioritized(nestingLimiter{parser.NewListParser()}, 300),
			util.Prioritized(nestingLimiter{parser.NewListItemParser()}, 400),
			util.Prioritized(parser.NewCodeBlockParser(), 500),
			util.Prioritized(parser.NewATXHeadingParser(), 600),
			util.Prioritized(parser.NewFencedCodeBlockParser(), 700),
			util.Prioritized(nestingLimiter{parser.NewBlockquoteParser()}, 800),
			util.Prioritized(parser.NewHTMLBlockParser(), 900),
			util.Prioritized(parser.NewParagraphParser(), 1000),
		),
		parser.WithInlineParsers(
			util.Prioritized(codeSpanLimiter{parser.NewCodeSpanParser()}, 100),
			util.Prioritized(labelLimiter{parser.NewLinkParser()}, 200),
			util.Prioritized(parser.NewAutoLinkParser(), 300),
			util.Prioritized(parser.NewRawHTMLParser(), 400),
			util.Prioritized(delimiterLimiter{parser.NewEmphasisParser()}, 500),
			util.Prioritized(delimiterLimiter{extension.NewStrikethroughParser()}, extensionPriority),
		),
		parser.WithParagraphTransformers(util.Prioritized(definitionLimiter{parser.LinkReferenceParagraphTransformer}, 100)),
		parser.WithASTTransformers(util.Prioritized(htmlStripper{}, stripperPriority)),
	)
}

// Render returns the sanitised HTML of src. Rendering into memory cannot
// fail, so there is no error; the result ends with a newline unless it is
// empty.
//
// A line of plain prose with simple emphasis, code spans and links takes
// the inline path (inline.go), which writes what goldmark would without
// building its tree; anything else, and anything the inline path is not
// sure of, goes to goldmark.
func (r *Renderer) Render(src string) string {
	if html, ok := renderInline(src); ok {
		return html
	}
	return r.renderFull(src)
}

// renderFull renders src with goldmark, whatever it holds.
//
// It does what goldmark's Convert does, over a parse context and buffers
// taken from the Renderer's pool: goldmark sets up a context, its element
// ids and a writer on every Convert, a large part of what a small block
// costs.
func (r *Renderer) renderFull(src string) string {
	s := r.states.Get().(*renderState)
	withPC := s.reset(src)
	doc := r.md.Parser().Parse(text.NewReader(s.src), withPC)
	// Rendering only fails when its writer does, and a bytes.Buffer does not.
	_ = r.md.Renderer().Render(bufferWriter{&s.out}, s.src, doc)
	html := s.out.String()
	s.forget()
	if s.keep() {
		r.states.Put(s)
	}
	return html
}

// bufferWriter lets goldmark write straight into the result: a
// util.BufWriter over a bytes.Buffer, so that Convert does not wrap the
// buffer in a 4 KiB bufio.Writer of its own on every render.
type bufferWriter struct{ *bytes.Buffer }

var _ util.BufWriter = bufferWriter{}

// Buffered implements util.BufWriter: nothing waits to be flushed.
func (bufferWriter) Buffered() int { return 0 }

// Flush implements util.BufWriter: everything is written already.
func (bufferWriter) Flush() error { return nil }
