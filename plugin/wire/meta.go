package wire

import "encoding/json"

// Meta is the presentation metadata persisted on a successful
// show_task_surface result (tool/result.data.meta).
type Meta struct {
	// Kind is MetaKind.
	Kind string `json:"kind"`
	// Version is MetaVersion.
	Version int `json:"version"`
	// SurfaceID is the surface the call opened.
	SurfaceID string `json:"surfaceId"`
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
	SurfaceID string `json:"surfaceId"`
	// Model is the normalised model.
	Model json.RawMessage `json:"model"`
	// Markdown maps each markdown block's JSON Pointer to sanitised HTML.
	Markdown map[string]string `json:"markdown"`
}

// MetaOf returns the presentation metadata of a canonical value.
func MetaOf(v Value) Meta {
	return Meta{Kind: MetaKind, Version: MetaVersion, SurfaceID: v.SurfaceID, Model: v.Model, Markdown: v.Markdown}
}
