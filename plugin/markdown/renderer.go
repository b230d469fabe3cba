package markdown

import (
	"bytes"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
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
		goldmark.WithExtensions(extensions()...),
		goldmark.WithRendererOptions(
			renderer.WithNodeRenderers(
				util.Prioritized(policyRenderer{}, policyPriority),
				util.Prioritized(extension.NewStrikethroughHTMLRenderer(), extensionPriority),
			),
		),
	)
	return &Renderer{md: md}
}

// extensions are the GFM extensions the policy renders with, but for
// strikethrough, whose parser newParser bounds and whose renderer
// newRenderer registers.
func extensions() []goldmark.Extender {
	return []goldmark.Extender{
		extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute)),
		extension.TaskList,
		extension.NewLinkify(extension.WithLinkifyAllowedProtocols([]string{"http:", "https:", "mailto:"})),
	}
}

// GoldmarkAlone returns goldmark with the extensions the policy uses and
// nothing of the policy: goldmark's own parsers (no bounds), its HTML
// renderer in its default mode, no policy renderer, no raw HTML stripper.
// Its HTML is not the policy's and must never reach a browser: it is the
// reference the bounds are measured against (the work test and the
// benchmarks), rendering as Render does, into a fresh buffer.
func GoldmarkAlone() *Renderer {
	return &Renderer{md: goldmark.New(goldmark.WithExtensions(append(extensions(), extension.Strikethrough)...))}
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

// Render returns the HTML of src, sanitised under the policy by a Renderer
// from New. Rendering into memory cannot fail, so there is no error; the
// result ends with a newline unless it is empty.
func (r *Renderer) Render(src string) string {
	var out bytes.Buffer
	pc := parser.NewContext()
	pc.Set(stateKey, &renderState{})
	// Rendering only fails when its writer does, and a bytes.Buffer does not.
	_ = r.md.Convert([]byte(src), &out, parser.WithContext(pc))
	return out.String()
}
