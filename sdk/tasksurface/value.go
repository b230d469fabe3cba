package tasksurface

import (
	"bytes"
	"encoding/json"
)

// Meta is the presentation metadata persisted on a successful
// show_task_surface result (tool/result.data.meta).
type Meta struct {
	// Kind is MetaKind.
	Kind string `json:"kind"`
	// Version is MetaVersion.
	Version int `json:"version"`
	// SurfaceID is the surface the call opened.
	SurfaceID SurfaceID `json:"surfaceId"`
	// Model is the normalised model.
	Model json.RawMessage `json:"model"`
	// Markdown maps each markdown block's JSON Pointer into the model to its
	// sanitised HTML.
	Markdown map[string]string `json:"markdown,omitempty"`
}

// Value is the canonical value show_task_surface returns; the host derives
// the presentation metadata and the model-facing text from it.
type Value struct {
	// SurfaceID is the surface the call opened.
	SurfaceID SurfaceID `json:"surfaceId"`
	// Model is the normalised model.
	Model json.RawMessage `json:"model"`
	// Markdown maps each markdown block's JSON Pointer to sanitised HTML.
	Markdown map[string]string `json:"markdown"`
}

// Encode returns what json.Marshal writes for v, without checking and
// compacting Model again: it is the normalised model, compact JSON already,
// and only its HTML characters are escaped, as json.Marshal escapes them.
// At the 64 KiB limit that second pass over the model was a seventh of a
// show_task_surface call.
func (v Value) Encode() ([]byte, error) {
	id, err := json.Marshal(v.SurfaceID)
	if err != nil {
		return nil, err
	}
	md, err := json.Marshal(v.Markdown)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Grow(len(v.Model) + len(md) + len(id) + 64)
	b.WriteString(`{"surfaceId":`)
	b.Write(id)
	b.WriteString(`,"model":`)
	json.HTMLEscape(&b, v.Model)
	b.WriteString(`,"markdown":`)
	b.Write(md)
	b.WriteByte('}')
	return b.Bytes(), nil
}

// MetaOf returns the presentation metadata of a canonical value (the value
// MetaFromValue reads as bytes).
func MetaOf(v Value) Meta {
	return Meta{Kind: MetaKind, Version: MetaVersion, SurfaceID: v.SurfaceID, Model: v.Model, Markdown: v.Markdown}
}
