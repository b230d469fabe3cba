package model

import (
	"slices"

	"github.com/dsh-community/task-surface/plugin/internal/jsontext"
)

// Row is one table row in its normalised encoding: a JSON object of column
// ids to cells, keys in sorted order, compact, as json.Marshal writes a map
// of its cells without HTML escaping. A cell is a string, a number, a
// boolean or null. A nil Row is written as null.
//
// Rows are kept encoded because nothing reads a cell after the model is
// checked: the normalised model is the only place a row goes. The fast
// parser writes each row in this form as it reads it (see fastParser.row),
// so a table costs no map per row and is not encoded a second time.
type Row []byte

// MarshalJSON implements json.Marshaler: the row's own encoding.
func (r Row) MarshalJSON() ([]byte, error) {
	if r == nil {
		return []byte("null"), nil
	}
	return r, nil
}

// RowOf returns the row of the cells keyed by column id: strings, numbers
// (json.Number or Go numbers), booleans and nil. Other values are encoded
// by encoding/json, whose error it returns.
func RowOf(cells map[string]any) (Row, error) {
	if cells == nil {
		return nil, nil
	}
	keys := make([]string, 0, len(cells))
	for k := range cells {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	dst := append(make([]byte, 0, 16*len(cells)+2), '{')
	var err error
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = jsontext.AppendString(dst, k, false)
		dst = append(dst, ':')
		if dst, err = appendScalar(dst, cells[k]); err != nil {
			return nil, err
		}
	}
	return append(dst, '}'), nil
}

// appendJSON appends the row's encoding, or null for a nil row.
func (r Row) appendJSON(dst []byte) []byte {
	if r == nil {
		return append(dst, "null"...)
	}
	return append(dst, r...)
}
