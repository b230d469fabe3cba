package markdown

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// rawTextElements are the elements whose content is code, not text: when
// one opens and closes inline within the same parent, everything between
// the tags goes with them.
var rawTextElements = [][]byte{[]byte("script"), []byte("style")}

// htmlStripper removes raw HTML from the document before rendering: HTML
// blocks, inline tags and comments, the content of inline script and style
// elements, and paragraphs that held nothing but raw HTML. The renderer
// omits raw HTML too, so this transformer decides only what disappears
// around it. It holds no state.
type htmlStripper struct{}

// Transform implements parser.ASTTransformer. Raw HTML, inline or block,
// starts with "<", so a source without one has none and is left as it is
// without a walk of its tree.
func (htmlStripper) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	source := reader.Source()
	if bytes.IndexByte(source, '<') < 0 {
		return
	}
	var parents []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if c.Kind() == ast.KindRawHTML || c.Kind() == ast.KindHTMLBlock {
				parents = append(parents, n)
				break
			}
		}
		return ast.WalkContinue, nil
	})
	for _, p := range parents {
		stripChildren(p, source)
		if p.Kind() == ast.KindParagraph && blank(p, source) && p.Parent() != nil {
			p.Parent().RemoveChild(p.Parent(), p)
		}
	}
}

// stripChildren removes the raw HTML children of p, and the siblings
// between an inline script or style tag and its closing tag.
func stripChildren(p ast.Node, source []byte) {
	for c := p.FirstChild(); c != nil; {
		next := c.NextSibling()
		switch c.Kind() {
		case ast.KindHTMLBlock:
			p.RemoveChild(p, c)
		case ast.KindRawHTML:
			if name := openingRawTextTag(rawValue(c.(*ast.RawHTML), source)); name != nil {
				if end := closingSibling(next, name, source); end != nil {
					for d := next; d != end; {
						dn := d.NextSibling()
						p.RemoveChild(p, d)
						d = dn
					}
					next = end
				}
			}
			p.RemoveChild(p, c)
		}
		c = next
	}
}

// closingSibling returns the first sibling from n on that closes the named
// element, or nil.
func closingSibling(n ast.Node, name, source []byte) ast.Node {
	for ; n != nil; n = n.NextSibling() {
		raw, ok := n.(*ast.RawHTML)
		if !ok {
			continue
		}
		v := rawValue(raw, source)
		if len(v) >= len(name)+2 && v[0] == '<' && v[1] == '/' && bytes.EqualFold(v[2:2+len(name)], name) &&
			(len(v) == len(name)+2 || !isNameByte(v[2+len(name)])) {
			return n
		}
	}
	return nil
}

// openingRawTextTag returns the element name when v opens a script or style
// element, or nil.
func openingRawTextTag(v []byte) []byte {
	if len(v) < 2 || v[0] != '<' {
		return nil
	}
	for _, name := range rawTextElements {
		if len(v) > len(name)+1 && bytes.EqualFold(v[1:1+len(name)], name) && !isNameByte(v[1+len(name)]) {
			return name
		}
	}
	return nil
}

// isNameByte reports whether b can continue an HTML tag name.
func isNameByte(b byte) bool {
	return b == '-' || ('0' <= b && b <= '9') || ('a' <= b && b <= 'z') || ('A' <= b && b <= 'Z')
}

// rawValue joins the segments of an inline raw HTML node.
func rawValue(n *ast.RawHTML, source []byte) []byte {
	if n.Segments.Len() == 1 {
		seg := n.Segments.At(0)
		return seg.Value(source)
	}
	var b []byte
	for i := range n.Segments.Len() {
		seg := n.Segments.At(i)
		b = append(b, seg.Value(source)...)
	}
	return b
}

// blank reports whether a paragraph has no content left but white space.
func blank(p ast.Node, source []byte) bool {
	for c := p.FirstChild(); c != nil; c = c.NextSibling() {
		t, ok := c.(*ast.Text)
		if !ok || len(bytes.TrimSpace(t.Segment.Value(source))) != 0 {
			return false
		}
	}
	return true
}
