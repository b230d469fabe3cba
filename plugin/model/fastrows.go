package model

import (
	"slices"
	"strings"

	"github.com/dsh-community/task-surface/plugin/internal/jsontext"
	"github.com/dsh-community/task-surface/plugin/internal/strictjson"
)

// The fast path's readers of a table's rows: each row is written in its
// normalised encoding as it is read (keys sorted, as json.Marshal writes a
// map), by plainRow when its cells need no rewriting and by row otherwise,
// and tableIDs checks the ids the columns and the rows share.

// rows reads a table's rows, at most the configured number, each written
// in its normalised encoding as it is read (see row). With the columns read
// first, every row key must be one of their ids; otherwise the keys are
// collected in keys for tableIDs.
func (p *fastParser) rows(k *key, b *Block, keys *[]string) (int, bool) {
	order, plain := sortedColumns(b.Columns)
	return p.array(int(p.limits.MaxTableRows), func() bool {
		from := p.pos
		var row Row
		ok := false
		if plain {
			row, ok = p.plainRow(k, b.Columns, &order)
		}
		if !ok {
			row, ok = p.row(k, b.Columns, keys)
		}
		if b.Rows == nil && ok {
			// Room for as many rows as the rest of the input holds, if
			// they are the size of the first, up to the limit.
			b.Rows = make([]Row, 0, min(int(p.limits.MaxTableRows), (len(p.src)-p.pos)/(p.pos-from+1)+1))
		}
		b.Rows = append(b.Rows, row)
		return ok
	})
}

// maxRowCells is the most cells a row can have: one per column.
const maxRowCells = 16

// rowCell is a cell of the row being read: its key, and its value's
// normalised bytes in fastParser.cellBuf.
type rowCell struct {
	key        string
	start, end int
}

// row reads one table row and returns its normalised encoding: the cells'
// values are written to a scratch buffer as they are read, then the row is
// written key by key in sorted order into the parser's row buffer, which
// all rows of the model share (a row is a full slice of it, so a later
// append cannot reach it). Its keys must be ids of columns, when the
// columns were read (otherwise they are added to keys), distinct, and its
// strings within the key's cell bounds.
func (p *fastParser) row(k *key, columns []Column, keys *[]string) (Row, bool) {
	if !p.open('{') {
		return nil, false
	}
	cells := p.cells[:0]
	p.cellBuf = p.cellBuf[:0]
	for first := true; ; first = false {
		name, done, ok := p.key(first)
		if !ok {
			return nil, false
		}
		if done {
			break
		}
		if len(cells) == maxRowCells || columns != nil && !hasColumn(columns, name) {
			return nil, false
		}
		p.space()
		if p.pos >= len(p.src) {
			return nil, false
		}
		start := len(p.cellBuf)
		switch c := p.src[p.pos]; {
		case c == '"':
			from := p.pos
			s, n, ok := p.str()
			if !ok || !k.cell.holds(n) {
				return nil, false
			}
			if raw := p.src[from:p.pos]; len(raw) == len(s)+2 && (n == len(s) || strings.IndexByte(s, 0xe2) < 0) {
				// No escapes (each one shortens the text) and no U+2028
				// or U+2029 (none in ASCII text, one code point per
				// byte): the string as written is its encoding.
				p.cellBuf = append(p.cellBuf, raw...)
			} else {
				p.cellBuf = jsontext.AppendString(p.cellBuf, s, false)
			}
		case c == '-' || '0' <= c && c <= '9':
			lit, ok := p.number()
			if !ok {
				return nil, false
			}
			p.cellBuf = append(p.cellBuf, lit...)
		case p.literal("true"):
			p.cellBuf = append(p.cellBuf, "true"...)
		case p.literal("false"):
			p.cellBuf = append(p.cellBuf, "false"...)
		case p.literal("null"):
			p.cellBuf = append(p.cellBuf, "null"...)
		default:
			return nil, false
		}
		cells = append(cells, rowCell{key: name, start: start, end: len(p.cellBuf)})
	}
	// Insertion sort: a row has at most maxRowCells cells, often in order.
	for i := 1; i < len(cells); i++ {
		for j := i; j > 0 && cells[j].key <= cells[j-1].key; j-- {
			if cells[j].key == cells[j-1].key {
				return nil, false
			}
			cells[j], cells[j-1] = cells[j-1], cells[j]
		}
	}
	p.roomForRows(p.pos)
	start := len(p.rowBuf)
	p.rowBuf = append(p.rowBuf, '{')
	for i, c := range cells {
		if i > 0 {
			p.rowBuf = append(p.rowBuf, ',')
		}
		if columns != nil {
			// A column id is plain ASCII (the id pattern): its encoding is
			// the id in quotes.
			p.rowBuf = append(append(append(p.rowBuf, '"'), c.key...), '"')
		} else {
			p.rowBuf = jsontext.AppendString(p.rowBuf, c.key, false)
		}
		p.rowBuf = append(p.rowBuf, ':')
		p.rowBuf = append(p.rowBuf, p.cellBuf[c.start:c.end]...)
		if columns == nil && !slices.Contains(*keys, c.key) {
			if len(*keys) == maxRowCells {
				return nil, false // more keys than a table has columns
			}
			*keys = append(*keys, c.key)
		}
	}
	p.rowBuf = append(p.rowBuf, '}')
	return Row(p.rowBuf[start:len(p.rowBuf):len(p.rowBuf)]), true
}

// columnOrder lists a table's columns by index in the order of their ids,
// the order of a normalised row's keys.
type columnOrder struct {
	n int
	// index lists the columns by index in that order; rank is the
	// position of each column in it.
	index, rank [maxRowCells]uint8
	// keys are the columns' ids, by index, as a row writes them after
	// a cell: `,"id":` (an id is plain ASCII, the id pattern, so its
	// encoding is the id in quotes, as in row).
	keys [maxRowCells]string
}

// sortedColumns returns the order of columns' ids, when the columns were
// read before the rows and are at most maxRowCells (the rows of any other
// table are read by row alone).
func sortedColumns(columns []Column) (o columnOrder, ok bool) {
	if columns == nil || len(columns) > maxRowCells {
		return o, false
	}
	o.n = len(columns)
	for i := range o.n {
		o.index[i] = uint8(i)
		o.keys[i] = `,"` + columns[i].ID + `":`
		for j := i; j > 0 && columns[o.index[j]].ID < columns[o.index[j-1]].ID; j-- {
			o.index[j], o.index[j-1] = o.index[j-1], o.index[j]
		}
	}
	for r, i := range o.index[:o.n] {
		o.rank[i] = uint8(r)
	}
	return o, true
}

// plainRow reads a row of a table whose columns were read first, when its
// normalised encoding is its cells as written (strings of printable ASCII
// without escapes, numbers, literals) under its keys in order: each key is
// one of the columns' ids written without escapes, at most once. The cells
// are the input's own bytes until the row is written, in one pass, into
// the row buffer, as row writes it. It returns false, with p.pos unchanged,
// for any other row, which row then reads (and words what is wrong with
// it); a row it accepts, row would have accepted as the same bytes.
func (p *fastParser) plainRow(k *key, columns []Column, order *columnOrder) (Row, bool) {
	src, pos := p.src, strictjson.SkipSpace(p.src, p.pos)
	if pos >= len(src) || src[pos] != '{' {
		return nil, false
	}
	var cells [maxRowCells]string
	var seen uint32
	// A row usually lists its cells in the columns' order, or in its
	// keys' (as a map is encoded): the column after the last one read in
	// either order is tried before the others.
	next, nextRanked := 0, 0
	pos = strictjson.SkipSpace(src, pos+1)
	if pos < len(src) && src[pos] == '}' {
		pos++
	} else {
		for {
			if pos >= len(src) || src[pos] != '"' {
				return nil, false
			}
			pos++
			i := next
			if i >= order.n || !idAt(src, pos, columns[i].ID) {
				if i = -1; nextRanked < order.n && idAt(src, pos, columns[order.index[nextRanked]].ID) {
					i = int(order.index[nextRanked])
				} else if q := strings.IndexByte(src[pos:], '"'); q >= 0 {
					i = columnIndex(columns, src[pos:pos+q])
				}
				if i < 0 {
					return nil, false
				}
			}
			if seen&(1<<i) != 0 {
				return nil, false
			}
			seen |= 1 << i
			next, nextRanked = i+1, int(order.rank[i])+1
			pos = strictjson.SkipSpace(src, pos+len(columns[i].ID)+1)
			if pos >= len(src) || src[pos] != ':' {
				return nil, false
			}
			pos = strictjson.SkipSpace(src, pos+1)
			if pos >= len(src) {
				return nil, false
			}
			from := pos
			switch c := src[pos]; {
			case c == '"':
				// A run of printable ASCII up to the closing quote: one
				// code point a byte, and nothing its encoding escapes.
				n := jsontext.PlainRun(src[pos+1:])
				pos += n + 1
				if pos >= len(src) || src[pos] != '"' || !k.cell.holds(n) {
					return nil, false
				}
				pos++
			case c == '-' || '0' <= c && c <= '9':
				end, ok := numberAt(src, pos)
				if !ok {
					return nil, false
				}
				pos = end
			case strings.HasPrefix(src[pos:], "true"):
				pos += len("true")
			case strings.HasPrefix(src[pos:], "false"):
				pos += len("false")
			case strings.HasPrefix(src[pos:], "null"):
				pos += len("null")
			default:
				return nil, false
			}
			cells[i] = src[from:pos]
			pos = strictjson.SkipSpace(src, pos)
			if pos >= len(src) {
				return nil, false
			}
			if src[pos] == '}' {
				pos++
				break
			}
			if src[pos] != ',' {
				return nil, false
			}
			pos = strictjson.SkipSpace(src, pos+1)
		}
	}
	p.roomForRows(pos)
	buf := p.rowBuf
	start := len(buf)
	buf = append(buf, '{')
	for _, i := range order.index[:order.n] {
		if seen&(1<<i) == 0 {
			continue
		}
		key := order.keys[i]
		if len(buf) == start+1 {
			key = key[1:] // no comma before the first cell
		}
		buf = append(append(buf, key...), cells[i]...)
	}
	buf = append(buf, '}')
	p.rowBuf, p.pos = buf, pos
	return Row(buf[start:len(buf):len(buf)]), true
}

// idAt reports whether src holds, at pos, the key id and its closing
// quote (an id holds no quote or backslash).
func idAt(src string, pos int, id string) bool {
	end := pos + len(id)
	return end < len(src) && src[end] == '"' && src[pos:end] == id
}

// roomForRows makes the row buffer, at the first row of a parse (every
// row writes at least "{}"), as large as the input from pos, the end of
// that row, on: the rows of the rest of the input fit, unless their
// strings need more escapes than they had.
func (p *fastParser) roomForRows(pos int) {
	if need := len(p.src) - pos + 2*maxRowCells; len(p.rowBuf) == 0 && cap(p.rowBuf) < need {
		p.rowBuf = make([]byte, 0, need)
	}
}

// columnIndex returns the index of the column whose id is id, or -1.
func columnIndex(columns []Column, id string) int {
	for i := range columns {
		if columns[i].ID == id {
			return i
		}
	}
	return -1
}

// hasColumn reports whether id is the id of one of columns.
func hasColumn(columns []Column, id string) bool {
	return columnIndex(columns, id) >= 0
}

// tableIDs checks what a table's columns and rows say together: unique
// column ids, and rowKeys, the keys of rows read before the columns, among
// them.
func tableIDs(b *Block, rowKeys []string) bool {
	for i, c := range b.Columns {
		if hasColumn(b.Columns[:i], c.ID) {
			return false
		}
	}
	for _, key := range rowKeys {
		if !hasColumn(b.Columns, key) {
			return false
		}
	}
	return true
}
