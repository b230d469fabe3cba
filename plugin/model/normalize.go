package model

import (
	"bytes"
	"encoding/json"
)

// Normalized returns the normalised model: compact JSON with the keys of
// each object in the fixed order of the types' MarshalJSON methods, every
// default filled in, optional empty strings left out, table cells as
// written and no HTML escaping ("<" stays "<"). Its length is what
// MaxModelBytes bounds.
func (m *Model) Normalized() ([]byte, error) {
	return marshalCompact(m)
}

// marshalCompact encodes v as compact JSON without HTML escaping and
// without a trailing newline.
func marshalCompact(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
