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
	value = appendValueHead(make([]byte, 0, len(v.SurfaceID)+len(v.Model)+len(v.Model)/16+markdownSize(v.Markdown)+64), v.SurfaceID)
	modelAt := len(value)
	if v.Model == nil {
		value = append(value, "null"...)
	} else {
		value = jsontext.AppendCompactHTML(value, v.Model)
	}
	return finishValue(value, modelAt, v, withMeta)
}

// encodeAround is encode for a value whose head (appendValueHead) and
// normalised model are already in buf, the model from modelAt on, as
// model.AppendArguments wrote it. A model with nothing to escape for HTML
// is the value's model as it stands, so the value goes on in buf; any
// other is written afresh by encode.
func encodeAround(buf []byte, modelAt int, v wire.Value, withMeta bool) (value, meta []byte) {
	if jsontext.NeedsHTMLEscape(buf[modelAt:]) {
		return encode(v, withMeta)
	}
	return finishValue(buf, modelAt, v, withMeta)
}

// appendValueHead appends the value's opening up to its model:
// {"surfaceId":id,"model":
func appendValueHead(dst []byte, surfaceID string) []byte {
	dst = append(dst, `{"surfaceId":`...)
	dst = jsontext.AppendString(dst, surfaceID, true)
	return append(dst, `,"model":`...)
}

// finishValue appends the rest of the value after its model, which starts
// at modelAt, and writes the metadata when asked.
func finishValue(value []byte, modelAt int, v wire.Value, withMeta bool) ([]byte, []byte) {
	modelEnd := len(value)
	value = append(value, `,"markdown":`...)
	markdownAt := len(value)
	value = appendHTMLMap(value, v.Markdown)
	markdownEnd := len(value)
	value = append(value, '}')
	if !withMeta {
		return value, nil
	}

	meta := make([]byte, 0, len(value)+len(wire.MetaKind)+32)
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

// valueSize estimates the value of arguments of n bytes: the model's
// normalised bytes are about as long as the arguments, and its Markdown's
// HTML, the surface id and the keys fit in an eighth more for most models
// (a larger value grows its buffer once).
func valueSize(n int) int {
	return n + n/8 + 256
}
