package tasksurface

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// MetaKind is the "kind" of the presentation metadata a successful
// show_task_surface call leaves on its tool result.
const MetaKind = "dsh/task-surface"

// MetaVersion is the "version" of that metadata.
const MetaVersion = 1

// MetaFromValue returns the presentation metadata of a successful Show from
// its canonical value: the value's members {surfaceId, model, markdown}
// after "kind" (MetaKind) and "version" (MetaVersion), with "markdown" left
// out when it is empty. The bytes are the ones the plugin writes for Meta,
// member for member, so a harness may persist either; the value's own bytes
// for the model and the Markdown are kept as they are.
func MetaFromValue(value json.RawMessage) (json.RawMessage, error) {
	id, model, markdown, ok := splitValue(value)
	if !ok {
		// Not the plugin's own layout: read it member by member.
		var v struct {
			SurfaceID *string         `json:"surfaceId"`
			Model     json.RawMessage `json:"model"`
			Markdown  json.RawMessage `json:"markdown"`
		}
		if err := json.Unmarshal(value, &v); err != nil {
			return nil, fmt.Errorf("tasksurface: the value of a Show is not a JSON object: %w", err)
		}
		if v.SurfaceID == nil || len(v.Model) == 0 {
			return nil, fmt.Errorf("tasksurface: the value of a Show has no surfaceId or model")
		}
		quoted, err := json.Marshal(*v.SurfaceID)
		if err != nil {
			return nil, err
		}
		id, model, markdown = quoted, v.Model, v.Markdown
	}
	var buf [64]byte
	head := append(buf[:0], `{"kind":`...)
	head = strconv.AppendQuote(head, MetaKind)
	head = append(head, `,"version":`...)
	head = strconv.AppendInt(head, MetaVersion, 10)
	head = append(head, `,"surfaceId":`...)
	parts := [][]byte{head, id, []byte(`,"model":`), model, nil, nil, []byte("}")}
	if md := bytes.TrimSpace(markdown); len(md) > 0 && !bytes.Equal(md, []byte("{}")) && !bytes.Equal(md, []byte("null")) {
		parts[4], parts[5] = []byte(`,"markdown":`), markdown
	}
	// Joined in one allocation that is written once: a buffer made for
	// appending would be cleared first, which for a large model cost as
	// much as the copy.
	return bytes.Join(parts, nil), nil
}

// splitValue cuts a value in the plugin's own layout,
// {"surfaceId":"…","model":…,"markdown":…}, into the quoted id, the model
// and the Markdown map, without reading the model: a surface id is letters,
// digits and "_.:-", and no JSON string holds an unescaped quote, so the
// first `,"model":` ends the id and the last `,"markdown":` starts the
// map. ok is false for any other layout.
func splitValue(value []byte) (id, model, markdown []byte, ok bool) {
	const prefix, modelKey, markdownKey = `{"surfaceId":"`, `","model":`, `,"markdown":`
	if !bytes.HasPrefix(value, []byte(prefix)) || !bytes.HasSuffix(value, []byte("}")) {
		return nil, nil, nil, false
	}
	end := bytes.Index(value, []byte(modelKey))
	md := bytes.LastIndex(value, []byte(markdownKey))
	if end < 0 || md < end+len(modelKey) || !ValidID(string(value[len(prefix):end])) {
		return nil, nil, nil, false
	}
	return value[len(prefix)-1 : end+1], value[end+len(modelKey) : md], value[md+len(markdownKey) : len(value)-1], true
}
