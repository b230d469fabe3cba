package tool

import (
	"slices"
	"strconv"

	"github.com/dsh-community/task-surface/plugin/internal/jsontext"
	"github.com/dsh-community/task-surface/plugin/wire"
)

// appendValue appends the canonical value {surfaceId, model, markdown}:
// the bytes json.Marshal writes for v, without reflection and without
// checking and compacting the model again. v.Model must be a normalised
// model (compact JSON, see model.Model.Normalized).
func appendValue(dst []byte, v wire.Value) []byte {
	dst = append(dst, `{"surfaceId":`...)
	dst = jsontext.AppendString(dst, v.SurfaceID, true)
	dst = append(dst, `,"model":`...)
	dst = appendModel(dst, v.Model)
	dst = append(dst, `,"markdown":`...)
	return append(appendHTMLMap(dst, v.Markdown), '}')
}

// appendMeta appends the presentation metadata of v, as json.Marshal
// writes wire.MetaOf(v), under the same condition as appendValue.
func appendMeta(dst []byte, v wire.Value) []byte {
	dst = append(dst, `{"kind":`...)
	dst = jsontext.AppendString(dst, wire.MetaKind, true)
	dst = append(dst, `,"version":`...)
	dst = strconv.AppendInt(dst, wire.MetaVersion, 10)
	dst = append(dst, `,"surfaceId":`...)
	dst = jsontext.AppendString(dst, v.SurfaceID, true)
	dst = append(dst, `,"model":`...)
	dst = appendModel(dst, v.Model)
	if len(v.Markdown) > 0 {
		dst = append(dst, `,"markdown":`...)
		dst = appendHTMLMap(dst, v.Markdown)
	}
	return append(dst, '}')
}

// appendModel appends a normalised model as json.Marshal writes a
// json.RawMessage: compact, with HTML escaped.
func appendModel(dst, model []byte) []byte {
	if model == nil {
		return append(dst, "null"...)
	}
	return jsontext.AppendCompactHTML(dst, model)
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
