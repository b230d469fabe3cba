package model

// Row is one table row in its normalised encoding: a JSON object of column
// ids to cells, keys in sorted order, compact, as json.Marshal writes a map
// of its cells without HTML escaping. A cell is a string, a number, a
// boolean or null. A nil Row is written as null.
//
// Rows are kept encoded because nothing reads a cell after the model is
// checked: the normalised model is the only place a row goes.
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
	return marshalCompact(cells)
}
