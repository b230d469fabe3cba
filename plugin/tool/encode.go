package tool

import (
	"slices"
	"strconv"

	"github.com/dsh-community/task-surface/plugin/internal/jsontext"
	"github.com/dsh-community/task-surface/plugin/wire"
)

// encode writes the canonical value {surfaceId, model, markdown} and its
// presentation metadata: the bytes json.Marshal writes for v and for
// wire.MetaOf(v), without reflection, and without checking and compacting
// the model again for each. The model is escaped once, into the value, and
// the metadata copies it from there. v.Model must be a normalised model
// (compact JSON, see model.Model.Normalized). Without withMeta, for a
// caller that derives the metadata from the value itself
// (ShowRequest.OmitMeta), meta is nil.
func encode(v wire.Value, withMeta bool) (value, meta []byte) {
	value = make([]byte, 0, len(v.SurfaceID)+len(v.Model)+len(v.Model)/16+markdownSize(v.Markdown)+64)
	value = append(value, `{"surfaceId":`...)
	value = jsontext.AppendString(value, v.SurfaceID, true)
	value = append(value, `,"model":`...)
	modelAt := len(value)
	if v.Model == nil {
		value = append(value, "null"...)
	} else {
		value = jsontext.AppendCompactHTML(value, v.Model)
	}
	modelEnd := len(value)
	value = append(value, `,"markdown":`...)
	markdownAt := len(value)
	value = appendHTMLMap(value, v.Markdown)
	markdownEnd := len(value)
	value = append(value, '}')
	if !withMeta {
		return value, nil
	}

	meta = make([]byte, 0, len(value)+len(wire.MetaKind)+32)
	meta = append(meta, `{"kind":`...)
	meta = jsontext.AppendString(meta, wire.MetaKind, true)
	meta = append(meta, `,"version":`...)
	meta = strconv.AppendInt(meta, wire.MetaVersion, 10)
	meta = append(meta, `,"surfaceId":`...)
	meta = jsontext.AppendString(meta, v.SurfaceID, true)
	meta = append(meta, `,"model":`...)
	meta = append(meta, value[modelAt:modelEnd]...)
	if len(v.Markdown) > 0 {
		meta = append(meta, `,"markdown":`...)
		meta = append(meta, value[markdownAt:markdownEnd]...)
	}
	return value, append(meta, '}')
}

// markdownSize estimates the encoded length of a Markdown map.
func markdownSize(m map[string]string) int {
	n := 2
	for k, html := range m {
		n += len(k) + len(html) + len(html)/8 + 6
	}
	return n
}

// appendHTMLMap appends a map of strings as json.Marshal writes it: keys
// sorted, HTML escaped.
func appendHTMLMap(dst []byte, m map[string]string) []byte {
	if m == nil {
		return append(dst, "null"...)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	dst = append(dst, '{')
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = jsontext.AppendString(dst, k, true)
		dst = append(dst, ':')
		dst = jsontext.AppendString(dst, m[k], true)
	}
	return append(dst, '}')
}
