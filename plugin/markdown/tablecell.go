package markdown

import (
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/util"
)

// renderTableCell writes a GFM table cell as goldmark's table extension does
// with TableCellAlignAttribute, but with plain writes where goldmark calls
// fmt.Fprintf twice a cell: a 64 KiB table of one-letter cells spent a third
// of its render formatting "<td>" (the hostile family table-wide).
// Cells carry no attributes, because the parser never reads any.
func renderTableCell(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*east.TableCell)
	tag := "td"
	if n.Parent().Kind() == east.KindTableHeader {
		tag = "th"
	}
	if !entering {
		_, _ = w.WriteString("</")
		_, _ = w.WriteString(tag)
		_, _ = w.WriteString(">\n")
		return ast.WalkContinue, nil
	}
	_ = w.WriteByte('<')
	_, _ = w.WriteString(tag)
	if n.Alignment != east.AlignNone {
		_, _ = w.WriteString(` align="`)
		_, _ = w.WriteString(n.Alignment.String())
		_ = w.WriteByte('"')
	}
	_ = w.WriteByte('>')
	return ast.WalkContinue, nil
}
