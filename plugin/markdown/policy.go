package markdown

import (
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
)

// linkAttributes follow every surviving href: the target opens in a new
// browsing context that cannot reach back (noopener), learns nothing of
// where it was linked from (noreferrer), and gains no ranking (nofollow).
const linkAttributes = ` rel="noopener noreferrer nofollow" target="_blank"`

// policyRenderer overrides goldmark's HTML renderer for the nodes that could
// fetch or execute something: images, links, autolinks and raw HTML. It
// holds no state, so one value serves every goroutine.
type policyRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (policyRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindImage, renderImage)
	reg.Register(ast.KindLink, renderLink)
	reg.Register(ast.KindAutoLink, renderAutoLink)
	reg.Register(ast.KindRawHTML, renderNothing)
	reg.Register(ast.KindHTMLBlock, renderNothing)
	reg.Register(ast.KindFencedCodeBlock, renderFencedCode)
	reg.Register(east.KindTableCell, renderTableCell)
}

// renderFencedCode writes a fenced code block like goldmark does, except
// that the info string's first word becomes a language-* class only when it
// looks like a language name (see languageName).
func renderFencedCode(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.FencedCodeBlock)
	if !entering {
		_, _ = w.WriteString("</code></pre>\n")
		return ast.WalkContinue, nil
	}
	_, _ = w.WriteString("<pre><code")
	if lang := n.Language(source); languageName(lang) {
		_, _ = w.WriteString(` class="language-`)
		_, _ = w.Write(lang)
		_ = w.WriteByte('"')
	}
	_ = w.WriteByte('>')
	for i := range n.Lines().Len() {
		line := n.Lines().At(i)
		html.DefaultWriter.RawWrite(w, line.Value(source))
	}
	return ast.WalkContinue, nil
}

// languageName reports whether b can name a code language in a class: 1 to
// 32 ASCII letters, digits and "_+#.-", starting with a letter or digit.
// Anything else (quotes, entities, colons, non-ASCII) drops the class, so
// the class can carry nothing but a name.
func languageName(b []byte) bool {
	if len(b) == 0 || len(b) > 32 {
		return false
	}
	for i, c := range b {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case i > 0 && (c == '_' || c == '+' || c == '#' || c == '.' || c == '-'):
		default:
			return false
		}
	}
	return true
}

// renderNothing omits a node and everything below it.
func renderNothing(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) {
	return ast.WalkSkipChildren, nil
}

// renderImage writes an image's alt text, escaped, in place of the image.
func renderImage(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		writeTexts(w, source, node)
	}
	return ast.WalkSkipChildren, nil
}

// writeTexts writes the text of every descendant of n, escaped, the way
// goldmark builds an alt attribute, except that raw HTML stays omitted and
// an autolink contributes its label.
func writeTexts(w util.BufWriter, source []byte, n ast.Node) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			value := c.Segment.Value(source)
			if c.IsRaw() {
				html.DefaultWriter.RawWrite(w, value)
			} else {
				html.DefaultWriter.Write(w, value)
			}
			if c.SoftLineBreak() || c.HardLineBreak() {
				_ = w.WriteByte('\n')
			}
		case *ast.String:
			if c.IsCode() || c.IsRaw() {
				html.DefaultWriter.RawWrite(w, c.Value)
			} else {
				html.DefaultWriter.Write(w, c.Value)
			}
		case *ast.AutoLink:
			html.DefaultWriter.RawWrite(w, c.Label(source))
		case *ast.RawHTML:
			// Omitted, like raw HTML everywhere else.
		default:
			writeTexts(w, source, c)
		}
	}
}

// renderLink writes an allowed link as an anchor and unwraps any other link
// to its content.
func renderLink(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Link)
	if !allowedURL(n.Destination) {
		return ast.WalkContinue, nil
	}
	if !entering {
		_, _ = w.WriteString("</a>")
		return ast.WalkContinue, nil
	}
	_, _ = w.WriteString(`<a href="`)
	_, _ = w.Write(util.EscapeHTML(util.URLEscape(n.Destination, true)))
	_ = w.WriteByte('"')
	if n.Title != nil {
		_, _ = w.WriteString(` title="`)
		html.DefaultWriter.Write(w, n.Title)
		_ = w.WriteByte('"')
	}
	_, _ = w.WriteString(linkAttributes)
	_ = w.WriteByte('>')
	return ast.WalkContinue, nil
}

// renderAutoLink writes an allowed autolink (angle-bracket or linkified) as
// an anchor and any other as its text.
func renderAutoLink(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.AutoLink)
	label := n.Label(source)
	url := n.URL(source)
	if n.AutoLinkType == ast.AutoLinkEmail && !hasPrefixFold(url, "mailto:") {
		url = append([]byte("mailto:"), url...)
	}
	if !allowedURL(url) {
		html.DefaultWriter.RawWrite(w, label)
		return ast.WalkContinue, nil
	}
	_, _ = w.WriteString(`<a href="`)
	_, _ = w.Write(util.EscapeHTML(util.URLEscape(url, false)))
	_ = w.WriteByte('"')
	_, _ = w.WriteString(linkAttributes)
	_ = w.WriteByte('>')
	html.DefaultWriter.RawWrite(w, label)
	_, _ = w.WriteString("</a>")
	return ast.WalkContinue, nil
}

// hasPrefixFold reports whether b starts with prefix, ignoring ASCII case.
func hasPrefixFold(b []byte, prefix string) bool {
	if len(b) < len(prefix) {
		return false
	}
	for i := range len(prefix) {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != prefix[i] {
			return false
		}
	}
	return true
}
